import bidiFactory from 'bidi-js';
import type { Bidi } from 'bidi-js';
import { hasRtlText } from './bidi-order.js';
import type { ListNumberFormat } from 'quire/model';
import type { DocumentLook } from './document-look.js';
import type { FaceFile, FontCatalog } from './font-catalog.js';
import type { PageGeometry } from './paginate.js';

/** A warning about content the PDF writer could not show as it is. */
export interface PdfWarning {
  readonly code: 'PDF_IMAGE_UNSUPPORTED' | 'PDF_IMAGE_UNREADABLE' | 'PDF_GLYPH_UNREADABLE' | 'PDF_FONT_MISSING';
  readonly message: string;
}

interface FontInternals {
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
  /** The fontkit font, whose table directory tells which layout engine shapes text, and which glyphs it has. */
  readonly font?: {
    readonly directory?: { readonly tables?: Record<string, unknown> };
    readonly unitsPerEm?: number;
    readonly underlinePosition?: number;
    readonly underlineThickness?: number;
    readonly xHeight?: number;
    hasGlyphForCodePoint?(codePoint: number): boolean;
  };
}

/** Vertical metrics of a font at a size, in points (descent positive, below the baseline). */
export interface LineMetrics {
  readonly ascent: number;
  readonly descent: number;
  readonly gap: number;
}

/**
 * Where a font draws its underline and strikethrough, in ems: the underline's top below the
 * baseline and its thickness (the `post` table), and the x-height, whose middle a strikethrough crosses.
 */
export interface DecorationMetrics {
  readonly underlineTop: number;
  readonly underlineThickness: number;
  readonly xHeight: number;
}

/**
 * State shared by layout and painting: the pdfkit document, the font catalog, measurement caches,
 * footnote numbers and the warning sink.
 */
export class PdfContext {
  private readonly registered = new Set<string>();
  private readonly widths = new Map<string, number>();
  private readonly metrics = new Map<string, LineMetrics>();
  private readonly openType = new Map<string, boolean>();
  private readonly decorations = new Map<string, DecorationMetrics>();
  /** The Unicode bidirectional algorithm (UAX #9), one instance per document. */
  readonly bidi: Bidi = bidiFactory();
  readonly footnoteNumbers = new Map<string, number>();
  /** The page being painted and the page count, while headers and footers are laid out; null elsewhere. */
  pageNumbers: { readonly page: number; readonly total: number; readonly format: ListNumberFormat } | null = null;
  /** Bookmark names of the document's paragraphs: `#name` links to them become links within the PDF. */
  anchorNames: ReadonlySet<string> = new Set();
  /** Where floating images of the page being painted must end, in points from its top: the body's bottom, or the page's for headers and footers. */
  bodyBottom = Number.POSITIVE_INFINITY;
  /** The size and margins of the page being painted, which pictures placed relative to the page are measured against; null before the first page. */
  page: PageGeometry | null = null;
  private readonly destinations = new Set<string>();

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    readonly catalog: FontCatalog,
    readonly warn: (warning: PdfWarning) => void,
    /** The base styles of body text and headings. */
    readonly look: DocumentLook,
  ) {}

  /** Makes `file` the current font at `size`, registering (and so embedding) it on first use. */
  useFont(file: FaceFile, size: number): void {
    if (!this.registered.has(file.key)) {
      // A view, not a copy: a whole CJK face is 10 MB, and the catalog keeps the bytes for later documents.
      const bytes = this.catalog.load(file);
      this.pdf.registerFont(file.key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      this.registered.add(file.key);
    }
    this.pdf.font(file.key).fontSize(size);
  }

  /** Returns the advance width of `text` in `file` at `size`, in points. */
  measure(text: string, file: FaceFile, size: number): number {
    const key = `${file.key}|${text}`;
    let perPoint = this.widths.get(key);
    if (perPoint === undefined) {
      this.useFont(file, 1000);
      perPoint = this.pdf.widthOfString(text) / 1000;
      if (this.widths.size < 50000) this.widths.set(key, perPoint);
    }
    return perPoint * size;
  }

  /** Returns the ascent, descent and line gap of `file` at `size`: the Word font's where the file's font differs from it in height. */
  lineMetrics(file: FaceFile, size: number): LineMetrics {
    let unit = this.metrics.get(file.key);
    if (!unit) {
      this.useFont(file, 1);
      const font = (this.pdf as unknown as { _font: FontInternals })._font;
      unit = file.lineMetrics ?? { ascent: font.ascender / 1000, descent: -font.descender / 1000, gap: font.lineGap / 1000 };
      this.metrics.set(file.key, unit);
    }
    return { ascent: unit.ascent * size, descent: unit.descent * size, gap: unit.gap * size };
  }

  /** Returns where `file` draws underlines and strikethroughs; fonts without the values get Word's usual proportions. */
  decorationMetrics(file: FaceFile): DecorationMetrics {
    let metrics = this.decorations.get(file.key);
    if (!metrics) {
      this.useFont(file, 1);
      const font = (this.pdf as unknown as { _font: FontInternals })._font.font;
      const em = font?.unitsPerEm && font.unitsPerEm > 0 ? font.unitsPerEm : 1000;
      const thickness = font?.underlineThickness && font.underlineThickness > 0 ? font.underlineThickness / em : 0.05;
      // The OpenType post table's underlinePosition is the top of the underline, negative below the baseline.
      const position = typeof font?.underlinePosition === 'number' && font.underlinePosition < 0 ? -font.underlinePosition / em : 0.1;
      const xHeight = font?.xHeight && font.xHeight > 0 ? font.xHeight / em : 0.45;
      metrics = { underlineTop: position, underlineThickness: thickness, xHeight };
      this.decorations.set(file.key, metrics);
    }
    return metrics;
  }

  /**
   * Returns whether fontkit shapes `text` in `file` as a right-to-left run, reversing its glyphs
   * into visual order itself: it does so for text of a right-to-left script in a font with
   * OpenType layout tables (GSUB or GPOS).
   */
  shapesRtl(text: string, file: FaceFile): boolean {
    if (!hasRtlText(text)) return false;
    let known = this.openType.get(file.key);
    if (known === undefined) {
      this.useFont(file, 1);
      const tables = (this.pdf as unknown as { _font: FontInternals })._font.font?.directory?.tables ?? {};
      known = !('morx' in tables) && ('GSUB' in tables || 'GPOS' in tables);
      this.openType.set(file.key, known);
    }
    return known;
  }

  /** Returns whether `file` has a glyph for every character of `text`: a face's Unicode ranges can name characters it does not draw. */
  drawsAll(text: string, file: FaceFile): boolean {
    this.useFont(file, 1);
    const font = (this.pdf as unknown as { _font: FontInternals })._font.font;
    return typeof font?.hasGlyphForCodePoint !== 'function' || [...text].every((char) => font.hasGlyphForCodePoint!(char.codePointAt(0) ?? 0));
  }

  /** Adds a named destination at (`x`, `top`) of the current page, once per name. */
  addDestination(name: string, x: number, top: number): void {
    if (this.destinations.has(name)) return;
    this.destinations.add(name);
    this.pdf.addNamedDestination(name, 'XYZ', x, top, null);
  }

  /** Returns the number shown for a footnote reference, numbering footnotes in order of first reference. */
  footnoteNumber(id: string): number {
    let number = this.footnoteNumbers.get(id);
    if (number === undefined) {
      number = this.footnoteNumbers.size + 1;
      this.footnoteNumbers.set(id, number);
    }
    return number;
  }
}
