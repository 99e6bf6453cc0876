// The source map of a DOCX read for editing: which element of the main document part, or of a
// header, footer or notes part, each model node was read from (the nodes carry its id as `sourceId`). The DOCX reader makes it and
// the patch writer writes an edited document back through it, so it lives here, beside the model
// both use, rather than in either of them.

/**
 * The kinds of element of the main document part that model nodes are read from, and `merged`:
 * a cell that continues a vertical merge, which no node is read from (its cell's row span covers it).
 */
export type SourceKind = 'p' | 'tbl' | 'tr' | 'tc' | 'other' | 'sectPr' | 'merged';

/** An element of the main document part that model nodes carry the id of (`sourceId`). */
export interface SourceElement {
  readonly id: string;
  readonly kind: SourceKind;
  /** The id of the table, row or cell whose content the element is; null in the body. */
  readonly parent: string | null;
  /** Offsets of the element in the part's text (end exclusive). */
  readonly start: number;
  readonly end: number;
  /**
   * For a paragraph read into one textblock: each child element of the `w:p` (after `w:pPr`),
   * with its offsets in the part's text and the range of positions its content takes in the
   * textblock, so that a writer can keep the runs an edit did not touch.
   */
  readonly inline?: readonly InlineSource[];
  /**
   * For a paragraph the reader split around text boxes: one piece per textblock read from it, in
   * order; absent when a textblock could not be mapped to its XML (see `ParagraphPiece`).
   */
  readonly pieces?: readonly ParagraphPiece[];
  /** For a `merged` cell: the id of the cell whose vertical merge it continues. */
  readonly continues?: string;
}

/**
 * One textblock of a paragraph split around text boxes: a stretch of the paragraph's own
 * children (`start`/`end` are the paragraph's), or a paragraph inside one of its boxes
 * (`start`/`end` are that `w:p`'s), with its children mapped as in `SourceElement.inline`.
 */
export interface ParagraphPiece {
  readonly start: number;
  readonly end: number;
  readonly inline: readonly InlineSource[];
  /** Which of the paragraph's boxes (counted from 1) the piece is a paragraph of; 0 for its own runs. */
  readonly box: number;
}

/** A child element of a paragraph and the textblock positions `from` to `to` that its content takes. */
export interface InlineSource {
  readonly start: number;
  readonly end: number;
  readonly from: number;
  readonly to: number;
}

/**
 * The main document part as the reader found it, for writing a changed document back into it:
 * its text, where the body's content lies, and every element that nodes were read from.
 */
export interface DocxSources {
  readonly partName: string;
  readonly text: string;
  /** Offsets of the body's content, between `<w:body>` and `</w:body>`; of the root's content in another part. */
  readonly body: { readonly start: number; readonly end: number };
  readonly elements: ReadonlyMap<string, SourceElement>;
  /**
   * The header, footer and notes parts the document's `header_footer` and `footnote` nodes were
   * read from, by part name, each mapped as the main part is (offsets in its own text, ids no
   * other part's element has); absent or empty when there are none.
   */
  readonly stories?: ReadonlyMap<string, DocxSources>;
}
