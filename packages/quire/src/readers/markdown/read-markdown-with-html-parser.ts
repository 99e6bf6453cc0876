import { DocumentBuilder } from '../../model/document-builder.js';
import { createWarningLog } from '../../model/read-result.js';
import type { ReadResult } from '../../model/read-result.js';
import { cutToMaxLength, normalizeReaderLimits } from '../../model/reader-limits.js';
import type { ReaderLimits } from '../../model/reader-limits.js';
import type { HtmlParser } from '../html/html-parser.js';
import { boundLineNesting } from './bound-line-nesting.js';
import { createMarkdownParser } from './create-markdown-parser.js';
import { readTokens } from './token-sink.js';

/** Options of `readMarkdown`: the input bounds (see `ReaderLimits`) and the document title. */
export interface ReadMarkdownOptions extends Partial<ReaderLimits> {
  /** Title for the document's properties; Markdown has no title of its own. Default none. */
  readonly title?: string;
}

// markdown-it's own nesting bound sits above the model's, so that the model flattens what is too
// deep before markdown-it would drop it.
const PARSER_NESTING_MARGIN = 20;

/**
 * `readMarkdown` with the parser of its raw HTML given: the editor passes the browser's own
 * (`parseHtmlWithDom`), so that its bundle holds no HTML parser. Same results, warnings and errors
 * as `readMarkdown`.
 */
export function readMarkdownWithHtmlParser(text: string, parseHtml: HtmlParser, options: ReadMarkdownOptions = {}): ReadResult {
  if (typeof text !== 'string') throw new TypeError('readMarkdown: `text` must be a string.');
  if (options.title !== undefined && typeof options.title !== 'string') throw new TypeError('readMarkdown: `title` must be a string.');
  const limits = normalizeReaderLimits(options);
  const log = createWarningLog();
  const input = boundLineNesting(cutToMaxLength(text, limits.maxLength, log), limits.maxDepth, log);
  const maxNesting = limits.maxDepth + PARSER_NESTING_MARGIN;
  const tokens = createMarkdownParser(maxNesting).parse(input, {});
  if (tokens.some((token) => token.level >= maxNesting - 1)) {
    log.warn('READER_NESTING_TRUNCATED', `Content nested deeper than ${maxNesting} levels could not be parsed and was dropped.`);
  }
  const builder = new DocumentBuilder({ maxDepth: limits.maxDepth, log });
  readTokens(tokens, builder, log, parseHtml);
  return { value: builder.finish({ title: options.title ?? null }), messages: log.messages };
}
