import markdownIt from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import deflistPlugin from 'markdown-it-deflist';
import footnotePlugin from 'markdown-it-footnote';
import { appendFootnotes } from './footnote-tail-rule.js';
import { markTaskListItems } from './task-list-rule.js';

/**
 * Returns a markdown-it parser for CommonMark plus the GFM extensions Quire reads (tables,
 * strikethrough, task lists and autolinks through linkify) and, as pandoc reads them, footnotes
 * (`[^label]` with `[^label]: text`, and inline `^[text]`) and definition lists (`Term` then
 * `: definition`). Raw HTML is parsed into tokens for the HTML reader; typographic replacements
 * are off so that text stays as written. `maxNesting` bounds markdown-it's own recursion.
 */
export function createMarkdownParser(maxNesting: number): MarkdownIt {
  const parser = markdownIt('default', { html: true, linkify: true, typographer: false, maxNesting }).use(footnotePlugin).use(deflistPlugin);
  // linkify-it finds `www.` links only in fuzzy mode, which also finds bare domains such as
  // `README.md`; the token reader keeps the links GFM allows (see isGfmAutolink).
  parser.linkify.set({ fuzzyLink: true });
  parser.core.ruler.at('footnote_tail', appendFootnotes);
  parser.core.ruler.after('inline', 'quire_task_lists', (state) => {
    markTaskListItems(state);
  });
  return parser;
}
