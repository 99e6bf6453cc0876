import markdownIt from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import deflistPlugin from 'markdown-it-deflist';
import footnotePlugin from 'markdown-it-footnote';
import { appendFootnotes } from './footnote-tail-rule.js';
import { GfmAutolinks } from './gfm-autolinks.js';
import { markTaskListItems } from './task-list-rule.js';

/**
 * Returns a markdown-it parser for CommonMark plus the GFM extensions Quire reads (tables,
 * strikethrough, task lists and extended autolinks) and, as pandoc reads them, footnotes
 * (`[^label]` with `[^label]: text`, and inline `^[text]`) and definition lists (`Term` then
 * `: definition`). Raw HTML is parsed into tokens for the HTML reader; typographic replacements
 * are off so that text stays as written. `maxNesting` bounds markdown-it's own recursion.
 */
export function createMarkdownParser(maxNesting: number): MarkdownIt {
  const parser = markdownIt('default', { html: true, linkify: true, typographer: false, maxNesting }).use(footnotePlugin).use(deflistPlugin);
  // GFM's autolinks in place of linkify-it's, which also finds bare domains such as `README.md`;
  // the build gives markdown-it an empty linkify-it, so that bundles carry none (rollup.config.mjs).
  (parser as { linkify: unknown }).linkify = new GfmAutolinks();
  parser.core.ruler.at('footnote_tail', appendFootnotes);
  parser.core.ruler.after('inline', 'quire_task_lists', (state) => {
    markTaskListItems(state);
  });
  return parser;
}
