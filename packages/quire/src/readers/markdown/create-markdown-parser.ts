import markdownIt from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import { markTaskListItems } from './task-list-rule.js';

/**
 * Returns a markdown-it parser for CommonMark plus the GFM extensions Quire reads: tables,
 * strikethrough, task lists and autolinks (linkify). Raw HTML is parsed into tokens for the HTML
 * reader; typographic replacements are off so that text stays as written. `maxNesting` bounds
 * markdown-it's own recursion.
 */
export function createMarkdownParser(maxNesting: number): MarkdownIt {
  const parser = markdownIt('default', { html: true, linkify: true, typographer: false, maxNesting });
  // linkify-it finds `www.` links only in fuzzy mode, which also finds bare domains such as
  // `README.md`; the token reader keeps the links GFM allows (see isGfmAutolink).
  parser.linkify.set({ fuzzyLink: true });
  parser.core.ruler.after('inline', 'quire_task_lists', (state) => {
    markTaskListItems(state);
  });
  return parser;
}
