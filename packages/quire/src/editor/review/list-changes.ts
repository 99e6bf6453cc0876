import type { Mark, Node } from 'prosemirror-model';
import type { StructureChange } from '../../model/marks/review-marks.js';
import { listFormatAt, paragraphFormatOf, type ParagraphFormatChange, type RunFormatChange } from '../../model/review/format-change.js';
import { describeParagraphFormatChange, describeRunFormatChange } from './describe-format-change.js';
import type { ChangeRange, TrackedChange } from './tracked-change.js';

/**
 * One stretch of one change as found in the document: a run of text carrying one `insertion`,
 * `deletion` or `formatChange` mark, a paragraph's mark (`markChange`), a row (`change`) or a
 * paragraph's properties (`formatChange`). Deciding a change acts on each of its pieces.
 */
export interface ChangePiece {
  readonly target: 'text' | 'paragraph-mark' | 'row' | 'paragraph';
  readonly kind: 'insertion' | 'deletion' | 'format';
  readonly from: number;
  readonly to: number;
  /** The text's change mark; null for a paragraph mark, a row or a paragraph. */
  readonly mark: Mark | null;
  /** The paragraph mark's or row's change; null for text and a paragraph's format change. */
  readonly structure: StructureChange | null;
  /** The paragraph's format change; null for the others. */
  readonly format: ParagraphFormatChange | null;
  /** Where the paragraph or row starts; null for text. */
  readonly node: number | null;
}

/** A change with the pieces it is made of. */
export interface FoundChange {
  readonly change: TrackedChange;
  readonly pieces: readonly ChangePiece[];
}

const SHORT_TEXT = 80;

/**
 * Returns the tracked changes of `doc` in document order, as plain data (see `TrackedChange`):
 * each run of text with one insertion, deletion or format change mark in one paragraph, each
 * paragraph mark and table row inserted or deleted, each paragraph whose properties changed, and
 * each move (all the text named by one `move`) as one.
 */
export function listChanges(doc: Node): TrackedChange[] {
  return findChanges(doc).map(({ change }) => change);
}

/** Returns the tracked changes of `doc` with their pieces, in document order, ids disambiguated. */
export function findChanges(doc: Node): FoundChange[] {
  const groups: ChangePiece[][] = [];
  const moves = new Map<string, ChangePiece[]>();
  const add = (piece: ChangePiece) => {
    const move = piece.mark?.attrs['move'] as string | null | undefined;
    if (move === null || move === undefined) return void groups.push([piece]);
    const pieces = moves.get(move);
    if (pieces) pieces.push(piece);
    else {
      const fresh = [piece];
      moves.set(move, fresh);
      groups.push(fresh);
    }
  };
  doc.descendants((node, pos) => {
    if (node.type.name === 'table_row' && node.attrs['change']) add(structurePiece('row', node.attrs['change'] as StructureChange, pos, pos + node.nodeSize));
    if (!node.isTextblock) return true;
    const format = node.attrs['formatChange'] as ParagraphFormatChange | null | undefined;
    if (format) add({ target: 'paragraph', kind: 'format', from: pos, to: pos + node.nodeSize, mark: null, structure: null, format, node: pos });
    for (const piece of textPieces(node, pos + 1)) add(piece);
    const markChange = node.attrs['markChange'] as StructureChange | null | undefined;
    if (markChange) add(structurePiece('paragraph-mark', markChange, pos, pos + node.nodeSize));
    return false;
  });
  const used = new Map<string, number>();
  return groups.map((pieces) => {
    const change = describe(doc, pieces);
    const seen = (used.get(change.id) ?? 0) + 1;
    used.set(change.id, seen);
    return { change: seen === 1 ? change : { ...change, id: `${change.id}#${seen}` }, pieces };
  });
}

// The mark names of the changes of text, and the kind of change each is.
const TEXT_CHANGES: Readonly<Record<string, ChangePiece['kind']>> = { insertion: 'insertion', deletion: 'deletion', formatChange: 'format' };

// The runs of a textblock's inline content that carry one change mark, adjacent runs with an equal mark joined.
function textPieces(block: Node, start: number): ChangePiece[] {
  const pieces: ChangePiece[] = [];
  const open = new Map<string, { mark: Mark; from: number; to: number }>();
  const close = (name: string) => {
    const run = open.get(name);
    if (run) pieces.push({ target: 'text', kind: TEXT_CHANGES[name]!, from: run.from, to: run.to, mark: run.mark, structure: null, format: null, node: null });
    open.delete(name);
  };
  block.forEach((child, offset) => {
    const from = start + offset;
    for (const name of Object.keys(TEXT_CHANGES)) {
      const mark = child.marks.find((candidate) => candidate.type.name === name);
      const run = open.get(name);
      if (run && mark && run.to === from && run.mark.eq(mark)) run.to = from + child.nodeSize;
      else {
        close(name);
        if (mark) open.set(name, { mark, from, to: from + child.nodeSize });
      }
    }
  });
  for (const name of Object.keys(TEXT_CHANGES)) close(name);
  return pieces.sort((a, b) => a.from - b.from);
}

function structurePiece(target: 'paragraph-mark' | 'row', change: StructureChange, start: number, end: number): ChangePiece {
  // A paragraph's mark stands after its text: the last token of the paragraph.
  const from = target === 'row' ? start : end - 1;
  return { target, kind: change.kind, from, to: end, mark: null, structure: change, format: null, node: start };
}

function describe(doc: Node, pieces: readonly ChangePiece[]): TrackedChange {
  const first = pieces[0]!;
  const move = (first.mark?.attrs['move'] as string | null | undefined) ?? null;
  // A move is named by its source, whose text is the text moved.
  const named = move === null ? pieces : pieces.filter((piece) => piece.kind === 'deletion').concat(pieces.filter((piece) => piece.kind === 'insertion'));
  const lead = named[0]!;
  const attrs = (lead.mark?.attrs ?? lead.structure ?? lead.format) as Pick<StructureChange, 'id' | 'author' | 'date'>;
  const ranges: ChangeRange[] = named.map(({ from, to }) => ({ from, to }));
  const description = first.kind === 'format' ? { description: describeFormat(doc, first) } : {};
  return {
    id: String(attrs.id),
    kind: move === null ? first.kind : 'move',
    target: first.target,
    author: String(attrs.author),
    date: attrs.date ?? null,
    move,
    text: shorten(textOf(doc, named.filter((piece) => piece.kind === lead.kind))),
    from: Math.min(...ranges.map((range) => range.from)),
    to: Math.max(...ranges.map((range) => range.to)),
    ranges,
    ...description,
  };
}

function describeFormat(doc: Node, piece: ChangePiece): string {
  if (piece.format) {
    const $inside = doc.resolve(piece.from + 1);
    const path = Array.from({ length: $inside.depth + 1 }, (_, depth) => $inside.node(depth));
    return describeParagraphFormatChange(piece.format.before, paragraphFormatOf($inside.parent, listFormatAt(path)));
  }
  return describeRunFormatChange((piece.mark!.attrs as RunFormatChange).before, doc.nodeAt(piece.from)?.marks ?? []);
}

function textOf(doc: Node, pieces: readonly ChangePiece[]): string {
  return pieces
    .map((piece) => (piece.target === 'paragraph-mark' ? '¶' : doc.textBetween(piece.from, piece.to, piece.target === 'row' ? ' ' : '\n', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '')))
    .join(' ');
}

function shorten(text: string): string {
  return text.length <= SHORT_TEXT ? text : `${text.slice(0, SHORT_TEXT - 1)}…`;
}
