import type { FaceFile, FontCatalog } from './font-catalog.js';

/** A warning about content the PDF writer could not show as it is. */
export interface PdfWarning {
  readonly code: 'PDF_IMAGE_UNSUPPORTED' | 'PDF_IMAGE_UNREADABLE' | 'PDF_GLYPH_UNREADABLE';
  readonly message: string;
}

interface FontInternals {
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
}

/** Vertical metrics of a font at a size, in points (descent positive, below the baseline). */
export interface LineMetrics {
  readonly ascent: number;
  readonly descent: number;
  readonly gap: number;
}

/**
 * State shared by layout and painting: the pdfkit document, the font catalog, measurement caches,
 * footnote numbers and the warning sink.
 */
export class PdfContext {
  private readonly registered = new Set<string>();
  private readonly widths = new Map<string, number>();
  private readonly metrics = new Map<string, LineMetrics>();
  readonly footnoteNumbers = new Map<string, number>();

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    readonly catalog: FontCatalog,
    readonly warn: (warning: PdfWarning) => void,
  ) {}

  /** Makes `file` the current font at `size`, registering (and so embedding) it on first use. */
  useFont(file: FaceFile, size: number): void {
    if (!this.registered.has(file.key)) {
      this.pdf.registerFont(file.key, Buffer.from(this.catalog.load(file)));
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

  /** Returns the ascent, descent and line gap of `file` at `size`. */
  lineMetrics(file: FaceFile, size: number): LineMetrics {
    let unit = this.metrics.get(file.key);
    if (!unit) {
      this.useFont(file, 1);
      const font = (this.pdf as unknown as { _font: FontInternals })._font;
      unit = { ascent: font.ascender / 1000, descent: -font.descender / 1000, gap: font.lineGap / 1000 };
      this.metrics.set(file.key, unit);
    }
    return { ascent: unit.ascent * size, descent: unit.descent * size, gap: unit.gap * size };
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
