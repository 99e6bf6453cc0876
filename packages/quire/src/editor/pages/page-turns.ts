import type { Node } from 'prosemirror-model';
import type { LaidOutPage } from '../../layout/paginate.js';
import type { SliceStart } from '../../layout/slice.js';

/**
 * A place in the document where the editor draws the turn from one page to the next: the foot
 * of the page that ends there (its footnotes and footer), the gap between sheets, blank pages
 * whole, and the head of the page that starts there (its header). A section's first page starts
 * at a turn without a foot, its last page ends at one without a head.
 */
export interface PageTurn {
  /** The document position the turn is drawn at. */
  readonly pos: number;
  /**
   * `block` between blocks; `row` between the rows of a table (drawn as a row); `inline` inside a
   * textblock, before the first character of a page that starts within a paragraph.
   */
  readonly kind: 'block' | 'row' | 'inline';
  /** The table's columns, which a `row` turn spans. */
  readonly columns: number;
  /** The index of the page whose foot is drawn, or null at the start of a section. */
  readonly ending: number | null;
  /** Pages without text of their own (between two page breaks), drawn whole after the foot. */
  readonly blank: readonly number[];
  /** The index of the page whose head is drawn, or null at the end of a section. */
  readonly starting: number | null;
  /** Where the first text of the starting page is, whose line the head's height is measured to; null when it has none. */
  readonly textPos: number | null;
  /**
   * A spacer stands in another cell of a table row cut between pages, where that cell's lines of the
   * next page start: it draws nothing and reaches down to the bottom of the turn drawn in the cell
   * the page starts in, so that every cell continues below that turn. A spacer ends and starts no
   * page (`ending` and `starting` are null).
   */
  readonly spacer: boolean;
  /** Whether the turn stands inside a table cell, where a row taller than a page is cut (see `closeCutRow`). */
  readonly cutsRow: boolean;
}

// Containers whose first child a turn may stand before: a page that starts with a list's first
// paragraph turns before the list, so that the list's marker and the table's borders stay whole.
const LIFTED = new Set(['list_item', 'bullet_list', 'ordered_list', 'blockquote', 'table_cell', 'table_row', 'table', 'text_box']);

/**
 * Returns where the turns between `pages` go in `doc`, in document order: each page that starts
 * with text of its own starts at the position the layout gives (see `LaidOutPage.start`), and each
 * other cell of a row cut there goes on after a spacer (see `PageTurn.spacer`). Positions are
 * found by node identity; a node that occurs twice is taken in document order.
 */
export function findPageTurns(doc: Node, pages: readonly LaidOutPage[]): PageTurn[] {
  const positions = positionsOf(doc, new Set(pages.flatMap((page) => (page.start ? [page.start, ...(page.start.alongside ?? [])].map((start) => start.node) : []))));
  const sections: { node: Node; pos: number }[] = [];
  doc.forEach((child, offset) => {
    if (child.type.name === 'section') sections.push({ node: child, pos: offset });
  });
  const turns: PageTurn[] = [];
  let index = 0;
  while (index < pages.length) {
    const sectionIndex = pages[index]!.section;
    const section = sections[sectionIndex];
    const last = lastIndexOfSection(pages, index);
    if (!section) {
      index = last + 1;
      continue;
    }
    turns.push({ pos: firstBodyPos(section.node, section.pos), kind: 'block', columns: 1, ending: null, blank: [], starting: index, textPos: textPosOf(doc, pages[index]!, positions, section.pos), spacer: false, cutsRow: false });
    let ending = index;
    let blank: number[] = [];
    let after = section.pos;
    for (let page = index + 1; page <= last; page += 1) {
      const start = pages[page]!.start;
      const pos = start ? nodePos(positions, start.node, after) : undefined;
      if (!start || pos === undefined) {
        blank.push(page);
        continue;
      }
      after = pos;
      const placed = placeTurn(doc, pos, start.node, start.offset);
      turns.push({ ...placed, ending, blank, starting: page, textPos: textAt(doc, pos, start.node, start.offset), spacer: false, cutsRow: placed.kind !== 'row' && isInCell(doc, placed.pos) });
      turns.push(...spacersBeside(doc, positions, start.alongside ?? [], pos));
      ending = page;
      blank = [];
    }
    turns.push({ pos: section.pos + section.node.nodeSize - 1, kind: 'block', columns: 1, ending, blank, starting: null, textPos: null, spacer: false, cutsRow: false });
    index = last + 1;
  }
  // A row's spacers stand in the cells after the one its turns are drawn in, after all of them.
  return turns.sort((a, b) => a.pos - b.pos);
}

// The cells after the one a row's page starts in, cut where their own lines of that page start.
function spacersBeside(doc: Node, positions: ReadonlyMap<Node, number[]>, alongside: readonly SliceStart[], after: number): PageTurn[] {
  const spacers: PageTurn[] = [];
  for (const start of alongside) {
    const pos = nodePos(positions, start.node, after);
    if (pos === undefined) continue;
    after = pos;
    const placed = placeTurn(doc, pos, start.node, start.offset);
    // A spacer stands inside its cell, never as a row of its own.
    if (placed.kind === 'row') continue;
    spacers.push({ ...placed, ending: null, blank: [], starting: null, textPos: null, spacer: true, cutsRow: true });
  }
  return spacers;
}

function isInCell(doc: Node, pos: number): boolean {
  const at = doc.resolve(pos);
  for (let depth = at.depth; depth > 0; depth -= 1) if (at.node(depth).type.name === 'table_cell') return true;
  return false;
}

function lastIndexOfSection(pages: readonly LaidOutPage[], first: number): number {
  let last = first;
  while (last + 1 < pages.length && pages[last + 1]!.section === pages[first]!.section) last += 1;
  return last;
}

// After the section's headers and footers, which are not body text.
function firstBodyPos(section: Node, pos: number): number {
  let first = pos + 1;
  section.forEach((child, offset) => {
    if (child.type.name === 'header_footer') first = pos + 1 + offset + child.nodeSize;
  });
  return first;
}

function positionsOf(doc: Node, wanted: ReadonlySet<Node>): Map<Node, number[]> {
  const found = new Map<Node, number[]>();
  doc.descendants((node, pos) => {
    if (wanted.has(node)) found.set(node, [...(found.get(node) ?? []), pos]);
    return !node.isTextblock;
  });
  return found;
}

function nodePos(positions: ReadonlyMap<Node, number[]>, node: Node, after: number): number | undefined {
  return positions.get(node)?.find((pos) => pos >= after);
}

// A page starting inside a paragraph turns at its first character; one starting with a block
// turns before it, or before the containers it opens (see LIFTED), but never between two cells.
function placeTurn(doc: Node, pos: number, node: Node, offset: number): Pick<PageTurn, 'pos' | 'kind' | 'columns'> {
  if (node.isTextblock && offset > 0) return { pos: pos + 1 + Math.min(offset, node.content.size), kind: 'inline', columns: 1 };
  let best = pos;
  let at = doc.resolve(pos);
  while (at.depth > 1 && at.index() === 0 && LIFTED.has(at.parent.type.name)) {
    at = doc.resolve(at.before());
    if (at.parent.type.name !== 'table_row') best = at.pos;
  }
  const parent = doc.resolve(best).parent;
  return parent.type.name === 'table' ? { pos: best, kind: 'row', columns: columnCount(parent) } : { pos: best, kind: 'block', columns: 1 };
}

function columnCount(table: Node): number {
  let count = 0;
  table.firstChild?.forEach((cell) => (count += Math.max(Number(cell.attrs['colspan']) || 1, 1)));
  return Math.max(count, 1);
}

// The first text position at or after a page's start: in its textblock, or the first textblock of a row.
function textAt(doc: Node, pos: number, node: Node, offset: number): number | null {
  if (node.isTextblock) return pos + 1 + Math.min(offset, node.content.size);
  let found: number | null = null;
  node.descendants((child, childPos) => {
    if (found === null && child.isTextblock) found = pos + 1 + childPos + 1;
    return found === null;
  });
  return found;
}

function textPosOf(doc: Node, page: LaidOutPage, positions: ReadonlyMap<Node, number[]>, after: number): number | null {
  const start = page.start;
  const pos = start ? nodePos(positions, start.node, after) : undefined;
  return start && pos !== undefined ? textAt(doc, pos, start.node, start.offset) : null;
}
