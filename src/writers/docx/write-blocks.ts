import { PageBreak, Paragraph } from 'docx';
import type { IParagraphOptions, ParagraphChild, Table } from 'docx';
import type { Node } from 'prosemirror-model';
import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';
import { STYLE_IDS } from './docx-styles.js';
import { listIndent } from './list-numbering.js';
import type { ListKind } from './list-numbering.js';
import { readParagraphOptions } from './paragraph-options.js';
import type { BlockScope, WriteContext } from './write-context.js';
import { writeInline, writeTextRuns } from './write-inline.js';
import { writeTable } from './write-table.js';

type Block = Paragraph | Table;

const TEXTBLOCKS = new Set(['paragraph', 'heading', 'code_block']);

/**
 * Returns the Word paragraphs and tables for the block children of `parent`. Headings use the
 * Heading 1..6 styles, quotes Block Text, code Source Code; list items become numbered paragraphs
 * (see `ListNumbering`), with an item's later paragraphs indented to its level.
 */
export function writeBlocks(parent: Node, context: WriteContext, scope: BlockScope): Block[] {
  const out: Block[] = [];
  parent.forEach((node) => {
    if (node.type.name !== 'header_footer') writeBlock(node, context, scope, out);
  });
  return out;
}

function writeBlock(node: Node, context: WriteContext, scope: BlockScope, out: Block[]): void {
  switch (node.type.name) {
    case 'paragraph': {
      const options = readParagraphOptions(node.attrs);
      if (scope.quoteDepth > 0 && options.style === undefined) options.style = STYLE_IDS.blockText;
      if (scope.quoteDepth > 1 && options.indent === undefined) options.indent = { left: 720 * scope.quoteDepth };
      out.push(writeParagraph(options, writeInline(node, context), scope));
      return;
    }
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs['level']) || 1));
      const options = readParagraphOptions(node.attrs);
      options.style ??= `Heading${level}`;
      out.push(writeParagraph(options, writeInline(node, context), scope));
      return;
    }
    case 'code_block':
      out.push(writeParagraph({ style: STYLE_IDS.sourceCode }, writeTextRuns(node.textContent, []), scope));
      return;
    case 'blockquote':
      out.push(...writeBlocks(node, context, { ...scope, quoteDepth: scope.quoteDepth + 1 }));
      return;
    case 'bullet_list':
    case 'ordered_list':
      writeList(node, context, scope, out);
      return;
    case 'table':
      out.push(...writeTable(node, context, scope, writeBlocks));
      return;
    case 'horizontal_rule':
      out.push(writeParagraph({ thematicBreak: true }, [], scope));
      return;
    case 'page_break':
      out.push(writeParagraph({}, [new PageBreak()], scope));
      return;
    default:
      // opaque_block and any block the writer does not know: its text, so nothing is lost.
      out.push(writeParagraph({}, writeTextRuns(node.textContent, []), scope));
  }
}

function writeList(list: Node, context: WriteContext, scope: BlockScope, out: Block[]): void {
  const level = scope.listLevel + 1;
  const kind: ListKind =
    list.type.name === 'ordered_list'
      ? { kind: 'ordered', format: list.attrs['format'] as ListNumberFormat, start: Number(list.attrs['start']) || 0 }
      : { kind: 'bullet', marker: typeof list.attrs['marker'] === 'string' ? list.attrs['marker'] : null };
  const numbering = context.numbering.startList(kind, level);
  list.forEach((item) => {
    const checked = item.attrs['checked'];
    const itemNumbering = typeof checked === 'boolean' ? context.numbering.taskItem(checked ? 'checked' : 'unchecked', level) : numbering;
    const itemScope: BlockScope = { ...scope, listLevel: level, item: { numbering: itemNumbering, used: false } };
    // The number belongs to the item's first paragraph; an item that opens with a nested list or a
    // table gets an empty numbered paragraph so that its own number still shows.
    if (!item.firstChild || !TEXTBLOCKS.has(item.firstChild.type.name)) out.push(writeParagraph({}, [], itemScope));
    out.push(...writeBlocks(item, context, itemScope));
  });
}

function writeParagraph(options: IParagraphOptions, children: ParagraphChild[], scope: BlockScope): Paragraph {
  const item = scope.item;
  if (item && !item.used) {
    item.used = true;
    return new Paragraph({ ...options, children, numbering: { ...item.numbering } });
  }
  if (scope.listLevel >= 0 && options.indent === undefined) {
    return new Paragraph({ ...options, children, indent: { left: listIndent(scope.listLevel) } });
  }
  return new Paragraph({ ...options, children });
}
