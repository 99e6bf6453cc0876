import bidiFactory from 'bidi-js';
import type { Bidi } from 'bidi-js';
import type { Node } from 'prosemirror-model';
import { AuthorColourSlots, formatListNumber } from '../model/index.js';
import type { ReviewMarkup } from '../model/index.js';
import type { DocumentLook } from './document-look.js';
import type { FaceFile, FontCatalog } from './font-catalog.js';
import { FloatTurns } from './float-turn.js';
import type { PageFieldValues } from './page-fields.js';
import type { BlockBox } from './slice.js';
import type { DecorationMetrics, LineMetrics, TextMeasurer } from './text-measurer.js';

/** A warning about content the layout or a painter could not show as it is. */
export interface LayoutWarning {
  readonly code: 'PDF_IMAGE_UNSUPPORTED' | 'PDF_IMAGE_UNREADABLE' | 'PDF_GLYPH_UNREADABLE' | 'PDF_FONT_MISSING';
  readonly message: string;
}

/**
 * State shared by the layout of one document: the font catalog and the measurer, measurement
 * caches, footnote numbers, the values of page fields, and the warning sink.
 */
export class LayoutContext {
  /** Advance widths per point, by file key and then text (no key is built per word). */
  private readonly widths = new Map<string, Map<string, number>>();
  private readonly metrics = new Map<string, LineMetrics>();
  private readonly decorations = new Map<string, DecorationMetrics>();
  /** The Unicode bidirectional algorithm (UAX #9), one instance per document. */
  readonly bidi: Bidi = bidiFactory();
  readonly footnoteNumbers = new Map<string, number>();
  private readonly noteCounts = { footnote: 0, endnote: 0 };
  /** The page whose headers and footers are being laid out, with the values of fields on the pages; null elsewhere. */
  furniturePage: { readonly index: number; readonly values: PageFieldValues } | null = null;
  /** The texts of the page fields of the text and notes, computed from the pages of an earlier layout (see `layoutDocument`). */
  fieldTexts: ReadonlyMap<Node, string> = new Map();
  /** Bookmark names of the document's paragraphs: `#name` links to them become links within the document. */
  anchorNames: ReadonlySet<string> = new Set();
  /** The room each textblock takes as placed, by the document's node, when asked for (see `LayoutOptions.recordBoxes`). */
  boxes: Map<Node, BlockBox> | null = null;
  /** Where paragraphs' pictures go on to the next page, as the pages of the last pass placed them (see `layoutDocument`). */
  floatTurns = new FloatTurns();
  /** How tracked changes and comment ranges are shown (see `LayoutOptions.markup`). */
  markup: ReviewMarkup = 'none';
  /** The colours of the document's reviewers, in `all` markup (see `AuthorColourSlots`). */
  authorColours: AuthorColourSlots = new AuthorColourSlots();

  constructor(
    readonly catalog: FontCatalog,
    readonly measurer: TextMeasurer,
    readonly warn: (warning: LayoutWarning) => void,
    /** The base styles of body text and headings. */
    readonly look: DocumentLook,
  ) {}

  /** Returns the advance width of `text` in `file` at `size`, in points. */
  measure(text: string, file: FaceFile, size: number): number {
    let widths = this.widths.get(file.key);
    if (!widths) this.widths.set(file.key, (widths = new Map()));
    let perPoint = widths.get(text);
    if (perPoint === undefined) {
      perPoint = this.measurer.advance(text, file);
      if (widths.size < 50000) widths.set(text, perPoint);
    }
    return perPoint * size;
  }

  /** Returns the ascent, descent and line gap of `file` at `size`: the Word font's where the file's font differs from it in height. */
  lineMetrics(file: FaceFile, size: number): LineMetrics {
    let unit = this.metrics.get(file.key);
    if (!unit) {
      unit = file.lineMetrics ?? this.measurer.lineMetrics(file);
      this.metrics.set(file.key, unit);
    }
    return { ascent: unit.ascent * size, descent: unit.descent * size, gap: unit.gap * size };
  }

  /** Returns where `file` draws underlines and strikethroughs. */
  decorationMetrics(file: FaceFile): DecorationMetrics {
    let metrics = this.decorations.get(file.key);
    if (!metrics) {
      metrics = this.measurer.decorationMetrics(file);
      this.decorations.set(file.key, metrics);
    }
    return metrics;
  }

  /** Returns whether `file` has a glyph for every character of `text`. */
  drawsAll(text: string, file: FaceFile): boolean {
    return this.measurer.drawsAll(text, file);
  }

  /**
   * Returns the number of a note, counting footnotes and endnotes (ids `endnote-…`) each on their
   * own, in order of first reference.
   */
  footnoteNumber(id: string): number {
    let number = this.footnoteNumbers.get(id);
    if (number === undefined) {
      const kind = isEndnote(id) ? 'endnote' : 'footnote';
      number = this.noteCounts[kind] += 1;
      this.footnoteNumbers.set(id, number);
    }
    return number;
  }

  /**
   * Returns the text a page field shows: computed for the page whose headers and footers are laid
   * out, else as computed for the body text, else the producer's result.
   */
  fieldText(field: Node): string {
    const furniture = this.furniturePage;
    const computed = furniture ? furniture.values.text(field, furniture.index) : this.fieldTexts.get(field);
    return computed ?? String(field.attrs['text']);
  }

  /** Returns the mark shown for a note: footnotes numbered 1, 2…, endnotes i, ii…, Word's formats when `w:footnotePr` and `w:endnotePr` give none. */
  noteMark(id: string): string {
    const number = this.footnoteNumber(id);
    return isEndnote(id) ? formatListNumber(number, 'lowerRoman') : String(number);
  }
}

/** Returns whether a note id is an endnote's (the DOCX reader keeps endnotes as notes with ids `endnote-…`). */
export function isEndnote(id: string): boolean {
  return id.startsWith('endnote-');
}
