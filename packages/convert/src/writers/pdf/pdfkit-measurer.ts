import { hasRtlText } from 'quire/layout';
import type { DecorationMetrics, FaceFile, FontCatalog, LineMetrics, TextMeasurer } from 'quire/layout';
import { decorationMetricsOf, lineMetricsOf } from 'quire/model';

interface FontInternals {
  /** The fontkit font, whose table directory tells which layout engine shapes text, and which glyphs it has. */
  readonly font: {
    readonly directory?: { readonly tables?: Record<string, unknown> };
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
    readonly underlinePosition?: number;
    readonly underlineThickness?: number;
    readonly xHeight?: number;
    hasGlyphForCodePoint?(codePoint: number): boolean;
  };
}

/**
 * Measures text with the fonts a pdfkit document embeds (fontkit's tables, as pdfkit draws them),
 * registering each font file with the document on first use.
 */
export class PdfkitMeasurer implements TextMeasurer {
  private readonly registered = new Set<string>();
  private readonly openType = new Map<string, boolean>();

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly catalog: FontCatalog,
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

  advance(text: string, file: FaceFile): number {
    this.useFont(file, 1000);
    return this.pdf.widthOfString(text) / 1000;
  }

  lineMetrics(file: FaceFile): LineMetrics {
    return lineMetricsOf(this.internals(file).font);
  }

  decorationMetrics(file: FaceFile): DecorationMetrics {
    return decorationMetricsOf(this.internals(file).font);
  }

  drawsAll(text: string, file: FaceFile): boolean {
    const font = this.internals(file).font;
    return typeof font.hasGlyphForCodePoint !== 'function' || [...text].every((char) => font.hasGlyphForCodePoint!(char.codePointAt(0) ?? 0));
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
      const tables = this.internals(file).font.directory?.tables ?? {};
      known = !('morx' in tables) && ('GSUB' in tables || 'GPOS' in tables);
      this.openType.set(file.key, known);
    }
    return known;
  }

  private internals(file: FaceFile): FontInternals {
    this.useFont(file, 1);
    return (this.pdf as unknown as { _font: FontInternals })._font;
  }
}
