import { DocumentBuilder } from '../../model/document-builder.js';
import { createWarningLog } from '../../model/read-result.js';
import type { ReadResult } from '../../model/read-result.js';
import { normalizeReaderLimits } from '../../model/reader-limits.js';
import type { ReaderLimits } from '../../model/reader-limits.js';
import { HtmlSink } from './html-sink.js';

/** Options of {@link readHtml}: the input bounds (see `ReaderLimits`). */
export type ReadHtmlOptions = Partial<ReaderLimits>;

/**
 * Reads an HTML document or fragment into the model: headings, paragraphs, inline formatting,
 * nested lists, tables with spans, links, `data:` images, breaks, rules and basic inline CSS; the
 * `<title>` becomes the document title. Never fetches anything and never throws for any input;
 * what it cannot convert is reported in `messages`. Throws a `TypeError` for invalid options.
 */
export function readHtml(text: string, options: ReadHtmlOptions = {}): ReadResult {
  if (typeof text !== 'string') throw new TypeError('readHtml: `text` must be a string.');
  const limits = normalizeReaderLimits(options);
  const log = createWarningLog();
  let input = text;
  if (input.length > limits.maxLength) {
    log.warn('READER_INPUT_TRUNCATED', `The input is longer than ${limits.maxLength} characters; the rest was not read.`);
    input = input.slice(0, limits.maxLength);
  }
  const builder = new DocumentBuilder({ maxDepth: limits.maxDepth, log });
  const sink = new HtmlSink(builder, log);
  sink.write(input);
  return { value: builder.finish({ title: sink.title }), messages: log.messages };
}
