import { checkOutput } from '../../check-output.js';
import { ConversionError } from '../../conversion-error.js';
import { checkDeclaredFormat } from '../../detect-format.js';
import type { InputFormat, OutputFormat } from '../../engine.js';
import type { GenerateDocumentMetadataOptions } from '../../../identity/generate-document-metadata.js';
import type { ReadResult } from '../../../model/read-result.js';
import { readHtml } from '../../../readers/html/read-html.js';
import { readMarkdown } from '../../../readers/markdown/read-markdown.js';
import { writeDocx } from '../../../writers/docx/write-docx.js';
import { isBuiltinPair } from './builtin-pairs.js';
import { decodeTextInput } from './decode-text-input.js';
import { passThroughDocx } from './pass-through-docx.js';
import type { BuiltinOutput } from './worker-messages.js';

/**
 * Converts one input with the readers and writers, in the calling thread (the engine calls it
 * in a worker): Markdown and HTML through the model to DOCX, DOCX through a checked pass-through.
 * Reader warnings come back as sentences. Rejects with a `ConversionError`:
 * `CONVERT_UNSUPPORTED_PAIR`, `CONVERT_INPUT_INVALID` for input not of format `from`, or
 * `CONVERT_OUTPUT_INVALID` should a writer produce an unreadable file.
 */
export async function runBuiltinConversion(
  input: Uint8Array,
  from: InputFormat,
  to: OutputFormat,
  options: GenerateDocumentMetadataOptions = {},
): Promise<BuiltinOutput> {
  if (!isBuiltinPair(from, to)) {
    throw new ConversionError('CONVERT_UNSUPPORTED_PAIR', `The built-in engine does not convert ${from} to ${to} yet.`, { engine: 'builtin' });
  }
  const declared = await checkDeclaredFormat(input, from);
  if (!declared.ok) throw new ConversionError('CONVERT_INPUT_INVALID', declared.reason, { engine: 'builtin' });
  const output = from === 'docx' ? await passThroughDocx(input, options) : await convertText(input, from, options);
  const valid = await checkOutput(output.bytes, to);
  if (!valid.ok) throw new ConversionError('CONVERT_OUTPUT_INVALID', valid.reason, { engine: 'builtin' });
  return output;
}

async function convertText(input: Uint8Array, from: 'md' | 'html', options: GenerateDocumentMetadataOptions): Promise<BuiltinOutput> {
  const text = decodeTextInput(input, from);
  const read: ReadResult = from === 'md' ? readMarkdown(text) : readHtml(text);
  const bytes = await writeDocx(read.value, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.getRandomValues ? { getRandomValues: options.getRandomValues } : {}),
  });
  return { bytes, warnings: read.messages.map((message) => message.message) };
}
