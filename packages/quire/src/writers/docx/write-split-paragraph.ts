import type { Node } from 'prosemirror-model';
import type { ParagraphPiece, SourceElement } from '../../model/docx-source-map.js';
import { applyTextEdits, type TextEdit } from '../../xml/text-edits.js';
import { placementKey, type Leaf } from './flatten-blocks.js';
import type { OriginalGroup } from './original-index.js';
import type { PatchContext } from './patch-context.js';
import { changedParagraphEdits, writeLeaf } from './write-paragraph.js';

/**
 * Writes a paragraph that the reader split around text boxes and that was changed since, keeping
 * its boxes: textblocks that keep their places are patched where they lie, among the paragraph's
 * own runs or in a paragraph of a box (see `changedParagraphEdits`); paragraphs added to or
 * removed from one box (Enter, Backspace, paste) are written or removed inside that box, and
 * paragraphs split off its own runs go before or after it, or leave them when joined to another.
 * A box paragraph's copy in the box's
 * fallback (the VML text box of `mc:Fallback`) gets the same change when it is the same XML.
 * Undefined when the edit changed the paragraph's shape in any other way (a paragraph joined
 * across a box's edge, a change across boxes), for the caller to write anew.
 */
export function writeSplitParagraph(context: PatchContext, items: readonly Leaf[], unit: SourceElement, original: OriginalGroup): string | undefined {
  const pieces = unit.pieces;
  const before = original.leaves;
  if (!pieces || pieces.length !== before.length || !before.every((leaf, index) => mapsContent(pieces[index]!, leaf.node))) return undefined;
  if (!items.every((leaf) => leaf.node.isTextblock)) return undefined;
  const unchanged = (index: number, at: number): boolean => {
    const leaf = items[at]!;
    const read = before[index]!;
    return (leaf.node === read.node || leaf.node.eq(read.node)) && placementKey(leaf) === original.keys[index];
  };
  // Textblocks unchanged at the start and at the end keep their pieces; the ones between changed.
  let head = 0;
  while (head < pieces.length && head < items.length && unchanged(head, head)) head++;
  let tail = 0;
  while (tail < pieces.length - head && tail < items.length - head && unchanged(pieces.length - 1 - tail, items.length - 1 - tail)) tail++;
  const changedPieces = pieces.slice(head, pieces.length - tail);
  const changedItems = items.slice(head, items.length - tail);
  const edits = new EditList(context.text, unit, pieces);
  if (changedPieces.length === changedItems.length) {
    for (let index = 0; index < changedPieces.length; index++) {
      const at = head + index;
      if (placementKey(items[at]!) !== original.keys[at] && pieces[at]!.box === 0) return undefined;
      if (!edits.patch(context, items[at]!, pieces[at]!, before[at]!, at)) return undefined;
    }
    return edits.apply();
  }
  // Paragraphs added or removed inside one box, between its paragraphs.
  const box = changedPieces[0]?.box ?? (pieces[head - 1]?.box || pieces[head]?.box || 0);
  if (box !== 0 && changedPieces.every((piece) => piece.box === box)) {
    const kept = Math.min(changedPieces.length, changedItems.length);
    for (let index = 0; index < kept; index++) {
      if (!edits.patch(context, changedItems[index]!, changedPieces[index]!, before[head + index]!, head + index)) return undefined;
    }
    for (const piece of changedPieces.slice(kept)) edits.remove(piece);
    const added = changedItems.slice(kept);
    if (added.length > 0) {
      const model = kept > 0 ? head + kept - 1 : pieces[head - 1]?.box === box ? head - 1 : head;
      const at = kept > 0 || model === head - 1 ? pieces[model]!.end : pieces[model]!.start;
      edits.insert(at, writeParagraphs(context, added, unit, pieces, before, model));
    }
    return edits.apply();
  }
  // The paragraph's own runs joined to the paragraph before or after it (Backspace, Delete): that
  // one holds their text now, the boxes stay here.
  if (changedItems.length === 0 && changedPieces.every((piece) => piece.box === 0)) {
    for (const child of changedPieces.flatMap((piece) => piece.inline)) edits.remove(child);
    return edits.apply();
  }
  // Paragraphs split off the paragraph's own runs before or after its boxes (Enter there) become
  // paragraphs before or after it; its section break, if any, stays with it.
  const grown = changedItems.length - changedPieces.length;
  if (grown <= 0 || changedPieces.length > 1 || changedPieces.some((piece) => piece.box !== 0) || items.some((leaf) => leaf.endsSection)) return undefined;
  const first = head === 0 && (changedPieces.length === 0 || changedPieces[0] === pieces[0]);
  if (!first && !(tail === 0 && (changedPieces.length === 0 || changedPieces[0] === pieces[pieces.length - 1]))) return undefined;
  const patched = first ? changedItems.slice(grown) : changedItems.slice(0, changedPieces.length);
  if (changedPieces.length === 1 && !edits.patch(context, patched[0]!, changedPieces[0]!, before[head]!, head)) return undefined;
  const model = first ? 0 : pieces.length - 1;
  if (first) return writeParagraphs(context, changedItems.slice(0, grown), unit, pieces, before, model) + edits.apply();
  return edits.apply() + writeParagraphs(context, changedItems.slice(changedPieces.length), unit, pieces, before, model);
}

// New paragraphs written from the properties and runs of piece `model`.
function writeParagraphs(context: PatchContext, leaves: readonly Leaf[], unit: SourceElement, pieces: readonly ParagraphPiece[], read: readonly Leaf[], model: number): string {
  const template = { unit: pieceUnit(unit, pieces[model]!, model), leaf: { ...read[model]!, endsSection: null } };
  return leaves.map((leaf) => writeLeaf(context, { ...leaf, endsSection: null }, template)).join('');
}

// A piece as an element of its own, for the paragraph writer. Its id is its own, so that the
// paragraph's section break stays where it is written (the section's place did not change).
function pieceUnit(unit: SourceElement, piece: ParagraphPiece, index: number): SourceElement {
  return { ...unit, id: `${unit.id}:${index}`, start: piece.start, end: piece.end, inline: piece.inline, pieces: undefined };
}

// The edits to a split paragraph's XML, in the part's offsets.
class EditList {
  private readonly edits: TextEdit[] = [];

  constructor(
    private readonly text: string,
    private readonly unit: SourceElement,
    private readonly pieces: readonly ParagraphPiece[],
  ) {}

  /** Patches `piece` (read as `read`, the `index`th) to show `leaf`; false when it cannot be. */
  patch(context: PatchContext, leaf: Leaf, piece: ParagraphPiece, read: Leaf, index: number): boolean {
    if (leaf.node === read.node || leaf.node.eq(read.node)) {
      if (placementKey(leaf) === placementKey(read)) return true;
    }
    const pieceEdits = changedParagraphEdits(context, { ...leaf, endsSection: null }, { unit: pieceUnit(this.unit, piece, index), leaf: { ...read, endsSection: null } });
    if (!pieceEdits) return false;
    if (piece.box === 0) {
      // Stretches of the paragraph's own runs share its properties: the first change to them wins.
      for (const edit of pieceEdits) if (!this.edits.some((other) => other.start === edit.start && other.end === edit.end)) this.edits.push(edit);
      return true;
    }
    const xml = this.text.slice(piece.start, piece.end);
    const rewritten = applyTextEdits(xml, pieceEdits.map((edit) => ({ ...edit, start: edit.start - piece.start, end: edit.end - piece.start })));
    this.edits.push({ start: piece.start, end: piece.end, text: rewritten });
    // An edit that adds a drawing is not copied (its id would be there twice): the fallback keeps its old content.
    const copy = countOf(rewritten, '<wp:docPr') === countOf(xml, '<wp:docPr') ? this.fallbackCopy(piece) : undefined;
    if (copy !== undefined) this.edits.push({ start: copy, end: copy + xml.length, text: rewritten });
    return true;
  }

  /** Removes a paragraph of a box, or a child of the paragraph. */
  remove(element: { readonly start: number; readonly end: number }): void {
    this.edits.push({ start: element.start, end: element.end, text: '' });
  }

  /** Inserts paragraphs into a box at offset `at`. */
  insert(at: number, xml: string): void {
    this.edits.push({ start: at, end: at, text: xml });
  }

  /** The paragraph's XML with the edits made. */
  apply(): string {
    const { start, end } = this.unit;
    return applyTextEdits(this.text.slice(start, end), this.edits.map((edit) => ({ ...edit, start: edit.start - start, end: edit.end - start })));
  }

  // Where the one other copy of a box paragraph lies in the paragraph (a box's fallback holds
  // the same paragraphs); undefined when there is none, or no one copy that is surely this one's.
  private fallbackCopy(piece: ParagraphPiece): number | undefined {
    const { text, unit, pieces } = this;
    const xml = text.slice(piece.start, piece.end);
    if (pieces.some((other) => other !== piece && other.box !== 0 && text.slice(other.start, other.end) === xml)) return undefined;
    const copies: number[] = [];
    for (let at = text.indexOf(xml, unit.start); at !== -1 && at + xml.length <= unit.end; at = text.indexOf(xml, at + 1)) {
      if (at !== piece.start) copies.push(at);
    }
    return copies.length === 1 ? copies[0] : undefined;
  }
}

// A piece maps a textblock when its children's content ends where the textblock's does.
function mapsContent(piece: ParagraphPiece, node: Node): boolean {
  return node.isTextblock && piece.inline.reduce((end, child) => Math.max(end, child.to), 0) === node.content.size;
}

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
