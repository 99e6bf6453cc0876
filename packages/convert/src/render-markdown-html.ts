import { escapeXmlText } from 'quire/package';
import { createMarkdownParser } from 'quire/readers';

/** Options of {@link renderMarkdownHtml}. */
export interface RenderMarkdownHtmlOptions {
  /** The document title (`<title>`); default none. */
  title?: string;
}

// markdown-it drops what nests deeper than this instead of recursing further.
const MAX_NESTING = 120;

/**
 * Returns a complete UTF-8 HTML document for a Markdown text, parsed the way Quire's Markdown
 * reader parses it (CommonMark, GFM tables, strikethrough, task lists, autolinks, raw HTML). Used
 * by engines that read HTML but not Markdown. Never throws for any text.
 */
export function renderMarkdownHtml(markdown: string, options: RenderMarkdownHtmlOptions = {}): string {
  const parser = createMarkdownParser(MAX_NESTING);
  const renderListItem = parser.renderer.rules.list_item_open ?? ((tokens, index, opts, _env, self) => self.renderToken(tokens, index, opts));
  // The task list rule removes the `[ ]` marker and records it in meta; show it as a ballot box.
  parser.renderer.rules.list_item_open = (tokens, index, opts, env, self) => {
    const open = renderListItem(tokens, index, opts, env, self);
    const checked = (tokens[index]?.meta as { checked?: boolean } | null)?.checked;
    if (checked === undefined) return open;
    return `${open}${checked ? '\u2611' : '\u2610'} `;
  };
  const body = parser.render(markdown);
  const title = options.title === undefined ? '' : `<title>${escapeXmlText(options.title)}</title>\n`;
  // The http-equiv form (not <meta charset>) is the one LibreOffice's HTML import reads.
  return (
    '<!DOCTYPE html>\n<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n' +
    `${title}</head>\n<body>\n${body}</body>\n</html>\n`
  );
}
