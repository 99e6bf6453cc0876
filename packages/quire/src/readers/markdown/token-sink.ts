import type { Token } from 'markdown-it';
import type { DocumentBuilder } from '../../model/document-builder.js';
import type { WarningLog } from '../../model/read-result.js';
import { schema } from '../../model/schema.js';
import type { HtmlParser } from '../html/html-parser.js';
import { DEFINITION_INDENT } from '../html/definition-indent.js';
import { HtmlSink } from '../html/html-sink.js';
import { readInlineStyle } from '../html/inline-css.js';
import { footnoteId, footnoteReferenceIds, readFootnoteMeta } from './footnote-id.js';
import { InlineTokenSink } from './inline-token-sink.js';
import { readAttr } from './read-attr.js';

const CLOSES = new Set([
  'paragraph_close', 'heading_close', 'blockquote_close', 'bullet_list_close', 'ordered_list_close',
  'list_item_close', 'table_close', 'tr_close', 'th_close', 'td_close', 'dt_close', 'footnote_close',
]);

/**
 * Replays markdown-it's flat token stream into a {@link DocumentBuilder}: every `_open` token
 * opens a frame and its `_close` closes it, so no recursion follows the input's nesting. Raw HTML
 * blocks go through the HTML reader, parsed by `parseHtml`. Footnotes become the model's
 * footnotes; a definition list becomes what the HTML reader makes of `<dl>`: each term a bold
 * paragraph, the paragraphs of its definitions indented.
 */
export function readTokens(tokens: readonly Token[], builder: DocumentBuilder, log: WarningLog, parseHtml: HtmlParser): void {
  const inline = new InlineTokenSink(builder, log, parseHtml);
  const termMarks = [schema.marks['bold']!.create()];
  const referenceIds = footnoteReferenceIds(tokens);
  let inTableHead = false;
  let inTerm = false;
  // Token levels of the open definitions (`dd`), innermost last.
  const definitionLevels: number[] = [];
  for (const token of tokens) {
    if (CLOSES.has(token.type)) {
      inTerm &&= token.type !== 'dt_close';
      // markdown-it-footnote can leave a close without its open when one definition holds
      // another (`[^a]: > [^b]: x`); there is nothing to close then.
      if (builder.openFrames > 0) builder.close();
      continue;
    }
    switch (token.type) {
      case 'paragraph_open': {
        const inDefinition = definitionLevels[definitionLevels.length - 1] === token.level - 1;
        builder.openTextblock('paragraph', inDefinition ? { indent: { left: DEFINITION_INDENT * definitionLevels.length } } : null);
        break;
      }
      case 'dt_open':
        inTerm = true;
        builder.openTextblock('paragraph');
        break;
      case 'dd_open':
        definitionLevels.push(token.level);
        break;
      case 'dd_close':
        definitionLevels.pop();
        break;
      case 'footnote_open': {
        const [id, ...copies] = referenceIds.get(readFootnoteMeta(token).id) ?? [footnoteId(token)];
        builder.openFootnote(id!, copies);
        break;
      }
      case 'heading_open':
        builder.openTextblock('heading', { level: Number(token.tag.slice(1)) });
        break;
      case 'blockquote_open':
        builder.openContainer('blockquote');
        break;
      case 'bullet_list_open':
        builder.openContainer('bullet_list');
        break;
      case 'ordered_list_open':
        builder.openContainer('ordered_list', { start: readStart(readAttr(token, 'start')) });
        break;
      case 'list_item_open': {
        const checked = (token.meta as { checked?: boolean } | null)?.checked;
        builder.openContainer('list_item', { checked: checked ?? null });
        break;
      }
      case 'table_open':
        builder.openContainer('table');
        break;
      case 'thead_open':
      case 'thead_close':
        inTableHead = token.type === 'thead_open';
        break;
      case 'tr_open':
        builder.openContainer('table_row', { header: inTableHead });
        break;
      case 'th_open':
      case 'td_open': {
        const align = readInlineStyle(readAttr(token, 'style') ?? undefined).align;
        builder.openContainer('table_cell', null, align ? { align } : null);
        break;
      }
      case 'code_block':
      case 'fence':
        builder.openTextblock('code_block', { language: token.info.trim().split(/\s+/)[0] || null });
        builder.addText(token.content);
        builder.close();
        break;
      case 'hr':
        builder.addBlock(schema.nodes['horizontal_rule']!.create());
        break;
      case 'html_block':
        new HtmlSink(builder, log, parseHtml).write(token.content);
        break;
      case 'inline':
        inline.read(token.children ?? [], inTerm ? termMarks : []);
        break;
    }
  }
}

function readStart(value: string | null): number {
  const start = Number(value ?? 1);
  return Number.isSafeInteger(start) && start >= 0 ? start : 1;
}
