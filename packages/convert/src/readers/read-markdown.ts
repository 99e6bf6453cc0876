import type { ReadResult } from 'quire/model';
import { parseHtml } from './parse-html.js';
import { readMarkdownWithHtmlParser, type ReadMarkdownOptions } from 'quire/readers';

export type { ReadMarkdownOptions };

/**
 * Reads CommonMark with GFM tables, strikethrough, task lists and autolinks into the model. Images
 * are embedded only from `data:` URIs (others become their alt text, never fetched); raw HTML goes
 * through the HTML reader. Never throws for any text; throws a `TypeError` for invalid options.
 */
export function readMarkdown(text: string, options: ReadMarkdownOptions = {}): ReadResult {
  return readMarkdownWithHtmlParser(text, parseHtml, options);
}
