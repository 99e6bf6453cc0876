import { DocumentBuilder } from '../../model/document-builder.js';
import { createWarningLog } from '../../model/read-result.js';
import type { ReadResult } from '../../model/read-result.js';
import { cutToMaxLength, normalizeReaderLimits } from '../../model/reader-limits.js';
import type { ReaderLimits } from '../../model/reader-limits.js';
import type { HtmlParser } from './html-parser.js';
import { HtmlSink } from './html-sink.js';

/** Options of `readHtml`: the input bounds (see `ReaderLimits`). */
export type ReadHtmlOptions = Partial<ReaderLimits>;

/**
 * `readHtml` with the HTML parser given: the editor passes the browser's own (`parseHtmlWithDom`),
 * so that its bundle holds no HTML parser. Same results, warnings and errors as `readHtml`.
 */
export function readHtmlWithParser(text: string, parse: HtmlParser, options: ReadHtmlOptions = {}): ReadResult {
  if (typeof text !== 'string') throw new TypeError('readHtml: `text` must be a string.');
  const limits = normalizeReaderLimits(options);
  const log = createWarningLog();
  const input = cutToMaxLength(text, limits.maxLength, log);
  const builder = new DocumentBuilder({ maxDepth: limits.maxDepth, log });
  const sink = new HtmlSink(builder, log, parse);
  sink.write(input);
  return { value: builder.finish({ title: sink.title }), messages: log.messages };
}
