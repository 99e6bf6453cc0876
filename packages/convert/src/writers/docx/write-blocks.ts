import { PageBreak, Paragraph } from 'docx';
import type { IParagraphOptions, ParagraphChild, Table } from 'docx';
import type { Node } from 'prosemirror-model';
import type { ListNumberFormat } from 'quire/model';
import { QUOTE_BAR, QUOTE_INDENT, STYLE_IDS } from './docx-styles.js';
import { listIndent } from './list-numbering.js';
import type { ListKind } from './list-numbering.js';
import { readParagraphOptions } from './paragraph-options.js';
import type { BlockScope, WriteContext } from './write-context.js';
import { writeInline, writeTextRuns } from './write-inline.js';
import { writeTable } from './write-table.js';

type Block = Paragraph | Table;
type MutableParagraphOptions = { -readonly [K in keyof IParagraphOptions]: IParagraphOptions[K] };

const TEXTBLOCKS = new Set(['paragraph', 'heading', 'code_block']);
// The hanging indent of a list item's number, as the numbering levels give it.
const NUMBER_HANGING = 360;

/**
 * Returns the Word paragraphs and tables for the block children of `parent`. Headings use the
 * Heading 1..6 styles, quotes Block Text, code Source Code; list items become numbered paragraphs
 * (see `ListNumbering`), with an item's later paragraphs indented to its level.
 *
 * Word has no container for quotes, so each quote level indents its content by one step, and what
 * is not a Block Text paragraph (a heading, code, a list item) gets Block Text's bar directly: a
 * reader recovers the quotes from the bar and the indent beyond the list item the block is in.
 */
export function writeBlocks(parent: Node, context: WriteContext, scope: BlockScope): Block[] {
  const out: Block[] = [];
  writeBlocksInto(parent, context, scope, out);
  return out;
}

// Blocks are appended to one array: huge lists would otherwise copy their paragraphs item by item.
function writeBlocksInto(parent: Node, context: WriteContext, scope: BlockScope, out: Block[]): void {
  parent.forEach((node) => {
    if (node.type.name !== 'header_footer') writeBlock(node, context, scope, out);
  });
}

function writeBlock(node: Node, context: WriteContext, scope: BlockScope, out: Block[]): void {
  switch (node.type.name) {
    case 'paragraph':
      out.push(writeParagraph(readParagraphOptions(node.attrs), writeInline(node, context), scope));
      return;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs['level']) || 1));
      const options = readParagraphOptions(node.attrs);
      options.style ??= `Heading${level}`;
      const number = node.attrs['number'];
      if (typeof number === 'string' && number.trim() !== '') options.numbering = context.headingNumbers.numberHeading(level, number);
      out.push(writeParagraph(options, writeInline(node, context), scope));
      return;
    }
    case 'code_block':
      out.push(writeParagraph({ style: STYLE_IDS.sourceCode }, writeTextRuns(node.textContent, []), scope));
      return;
    case 'blockquote':
      writeBlocksInto(node, context, { ...scope, quoteDepth: scope.quoteDepth + 1, innerQuoteDepth: scope.innerQuoteDepth + 1 }, out);
      return;
    case 'text_box':
      // Written in the flow, where it was anchored: this writer places no boxes.
      writeBlocksInto(node, context, scope, out);
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
      ? {
          kind: 'ordered',
          format: list.attrs['format'] as ListNumberFormat,
          start: Number(list.attrs['start']) || 0,
          prefix: typeof list.attrs['prefix'] === 'string' ? list.attrs['prefix'] : '',
          suffix: typeof list.attrs['suffix'] === 'string' ? list.attrs['suffix'] : '.',
        }
      : { kind: 'bullet', marker: typeof list.attrs['marker'] === 'string' ? list.attrs['marker'] : null };
  const numbering = context.numbering.startList(kind, level);
  // Quotes around the list move its items' text right by their indent (see writeParagraph).
  const textIndent = listIndent(level) + QUOTE_INDENT * scope.quoteDepth;
  list.forEach((item) => {
    const checked = item.attrs['checked'];
    const itemNumbering = typeof checked === 'boolean' ? context.numbering.taskItem(checked ? 'checked' : 'unchecked', level) : numbering;
    const itemScope: BlockScope = {
      quoteDepth: scope.quoteDepth,
      innerQuoteDepth: 0,
      listLevel: level,
      textIndent,
      item: { numbering: itemNumbering, textIndent, used: false },
      inNote: scope.inNote,
    };
    // The number belongs to the item's first paragraph; an item that opens with a nested list, a
    // quote or a table gets an empty numbered paragraph so that its own number still shows.
    if (!item.firstChild || !TEXTBLOCKS.has(item.firstChild.type.name)) out.push(writeParagraph({}, [], itemScope));
    writeBlocksInto(item, context, itemScope, out);
  });
}

// Places a paragraph in its list item and quotes: the first paragraph of an item carries its
// number; quoted paragraphs and an item's later ones are indented to where they stand. A quoted
// paragraph without a style of its own (text, a rule, a page break) takes Block Text's, and
// one in a note Footnote Text, as Word sets a note's paragraphs.
function writeParagraph(options: MutableParagraphOptions, children: ParagraphChild[], scope: BlockScope): Paragraph {
  options.children = children;
  const item = scope.item;
  if (item && !item.used) {
    item.used = true;
    options.numbering = item.numbering;
    if (scope.quoteDepth > 0) {
      options.indent = { left: item.textIndent, hanging: NUMBER_HANGING };
      markQuoted(options);
    }
  } else if (scope.innerQuoteDepth > 0) {
    options.style ??= STYLE_IDS.blockText;
    options.indent = { ...options.indent, left: scope.textIndent + QUOTE_INDENT * scope.innerQuoteDepth };
    markQuoted(options);
  } else if (scope.listLevel >= 0 && options.indent === undefined) {
    options.indent = { left: scope.textIndent };
  }
  if (scope.inNote) options.style ??= STYLE_IDS.footnoteText;
  return new Paragraph(options);
}

function markQuoted(options: MutableParagraphOptions): void {
  if (options.style !== STYLE_IDS.blockText && !options.thematicBreak) options.border = QUOTE_BAR;
}
