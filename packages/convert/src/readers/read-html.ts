import type { ReadResult } from 'quire/model';
import { parseHtml } from './parse-html.js';
import { readHtmlWithParser, type ReadHtmlOptions } from 'quire/readers';

export type { ReadHtmlOptions };

/**
 * Reads an HTML document or fragment into the model: headings, paragraphs, inline formatting,
 * nested lists, tables with spans, links, `data:` images, breaks, rules and basic inline CSS; the
 * `<title>` becomes the document title. Never fetches anything and never throws for any input;
 * what it cannot convert is reported in `messages`. Throws a `TypeError` for invalid options.
 */
export function readHtml(text: string, options: ReadHtmlOptions = {}): ReadResult {
  return readHtmlWithParser(text, parseHtml, options);
}
