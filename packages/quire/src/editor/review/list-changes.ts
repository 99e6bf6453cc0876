import type { Mark, Node } from 'prosemirror-model';
import type { StructureChange } from '../../model/marks/review-marks.js';
import type { ChangeRange, TrackedChange } from './tracked-change.js';

/**
 * One stretch of one change as found in the document: a run of text carrying one `insertion` or
 * `deletion` mark, a paragraph's mark (`markChange`) or a row (`change`). Deciding a change acts on
 * each of its pieces.
 */
export interface ChangePiece {
  readonly target: 'text' | 'paragraph-mark' | 'row';
  readonly kind: 'insertion' | 'deletion';
  readonly from: number;
  readonly to: number;
  /** The text's change mark; null for a paragraph mark or a row. */
  readonly mark: Mark | null;
  /** The paragraph's or row's change; null for text. */
  readonly structure: StructureChange | null;
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
 * each run of text with one insertion or deletion mark in one paragraph, each paragraph mark and
 * each table row inserted or deleted, and each move (all the text named by one `move`) as one.
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

// The runs of a textblock's inline content that carry one change mark, adjacent runs with an equal mark joined.
function textPieces(block: Node, start: number): ChangePiece[] {
  const pieces: ChangePiece[] = [];
  const open = new Map<string, { mark: Mark; from: number; to: number }>();
  const close = (name: string) => {
    const run = open.get(name);
    if (run) pieces.push({ target: 'text', kind: name as ChangePiece['kind'], from: run.from, to: run.to, mark: run.mark, structure: null, node: null });
    open.delete(name);
  };
  block.forEach((child, offset) => {
    const from = start + offset;
    for (const name of ['insertion', 'deletion']) {
      const mark = child.marks.find((candidate) => candidate.type.name === name);
      const run = open.get(name);
      if (run && mark && run.to === from && run.mark.eq(mark)) run.to = from + child.nodeSize;
      else {
        close(name);
        if (mark) open.set(name, { mark, from, to: from + child.nodeSize });
      }
    }
  });
  close('insertion');
  close('deletion');
  return pieces.sort((a, b) => a.from - b.from);
}

function structurePiece(target: 'paragraph-mark' | 'row', change: StructureChange, start: number, end: number): ChangePiece {
  // A paragraph's mark stands after its text: the last token of the paragraph.
  const from = target === 'row' ? start : end - 1;
  return { target, kind: change.kind, from, to: end, mark: null, structure: change, node: start };
}

function describe(doc: Node, pieces: readonly ChangePiece[]): TrackedChange {
  const first = pieces[0]!;
  const move = (first.mark?.attrs['move'] as string | null | undefined) ?? null;
  // A move is named by its source, whose text is the text moved.
  const named = move === null ? pieces : pieces.filter((piece) => piece.kind === 'deletion').concat(pieces.filter((piece) => piece.kind === 'insertion'));
  const lead = named[0]!;
  const attrs = (lead.mark?.attrs ?? lead.structure) as StructureChange;
  const ranges: ChangeRange[] = named.map(({ from, to }) => ({ from, to }));
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
  };
}

function textOf(doc: Node, pieces: readonly ChangePiece[]): string {
  return pieces
    .map((piece) => (piece.target === 'paragraph-mark' ? '¶' : doc.textBetween(piece.from, piece.to, piece.target === 'row' ? ' ' : '\n', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '')))
    .join(' ');
}

function shorten(text: string): string {
  return text.length <= SHORT_TEXT ? text : `${text.slice(0, SHORT_TEXT - 1)}…`;
}
