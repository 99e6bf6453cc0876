import bidiFactory from 'bidi-js';
import type { DataImage } from 'quire/model';
import { drawWithActualText } from './actual-text.js';
import { toEmbeddableImage } from './embeddable-image.js';
import type { LaidOutPage, LayoutWarning, PaintOp } from 'quire/layout';
import type { PdfkitMeasurer } from './pdfkit-measurer.js';

type TextOp = Extract<PaintOp, { kind: 'text' }>;

/** The part of pdfkit's image object used here; pdfkit's typings do not declare `openImage`. */
interface ImageOpener {
  openImage(src: Buffer): unknown;
}

/**
 * Paints laid-out pages into a pdfkit document, one PDF page each, with the headings of each page
 * in the PDF's outline. `fonts` is the measurer the layout measured with, which registered the
 * fonts with this document. A page with a comment margin (`markupArea`, all markup) is printed as
 * Word prints markup: page and margin side by side, shrunk together to the page's width on the
 * same paper and centred down it.
 */
export function paintPdfPages(pdf: PDFKit.PDFDocument, pages: readonly LaidOutPage[], fonts: PdfkitMeasurer, warn: (warning: LayoutWarning) => void): void {
  const painter = new PdfPainter(pdf, fonts, warn);
  for (const page of pages) {
    const { width, height } = page.geometry;
    pdf.addPage({ size: [width, height], margin: 0 });
    for (const entry of page.outline) painter.addOutline(entry.level, entry.title);
    const area = page.markupArea;
    if (!area) {
      for (const op of page.ops) painter.paint(op);
      continue;
    }
    const scale = width / (width + area.width);
    pdf.save().translate(0, (height * (1 - scale)) / 2).scale(scale);
    for (const op of page.ops) painter.paint(op);
    for (const op of area.ops) painter.paint(op);
    pdf.restore();
  }
}

class PdfPainter {
  private readonly outlineStack: { level: number; item: PDFKit.PDFOutline }[] = [];
  private readonly destinations = new Set<string>();
  private readonly images = new Map<DataImage, unknown>();
  private readonly bidi = bidiFactory();

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly fonts: PdfkitMeasurer,
    private readonly warn: (warning: LayoutWarning) => void,
  ) {}

  addOutline(level: number, title: string): void {
    while (this.outlineStack.length > 0 && (this.outlineStack.at(-1)?.level ?? 0) >= level) this.outlineStack.pop();
    const parent = this.outlineStack.at(-1)?.item ?? this.pdf.outline;
    const item = parent.addItem(title.slice(0, 500));
    this.outlineStack.push({ level, item });
  }

  paint(op: PaintOp): void {
    const { pdf } = this;
    switch (op.kind) {
      case 'rect':
        pdf.save().rect(op.x, op.y, op.width, op.height).fill(`#${op.color}`).restore();
        return;
      case 'line':
        pdf.save().lineWidth(op.width).strokeColor(`#${op.color}`);
        if (op.dash) pdf.dash(op.dash.length, { space: op.dash.space });
        pdf.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).stroke().restore();
        return;
      case 'text':
        this.text(op);
        return;
      case 'image': {
        const image = op.image ? this.open(op.image) : null;
        if (image) pdf.image(image as Buffer, op.x, op.y, { width: op.width, height: op.height });
        else pdf.save().lineWidth(0.5).strokeColor('#999999').rect(op.x, op.y, op.width, op.height).stroke().restore();
        return;
      }
      case 'link':
        if (op.href.startsWith('#')) pdf.goTo(op.x, op.y, op.width, op.height, op.href.slice(1));
        else pdf.link(op.x, op.y, op.width, op.height, op.href);
        return;
      case 'anchor':
        if (this.destinations.has(op.name)) return;
        this.destinations.add(op.name);
        pdf.addNamedDestination(op.name, 'XYZ', op.x, op.y, null);
        return;
      // Where a comment's range is painted: its balloon in the markup margin is painted with the margin.
      case 'comment':
        return;
    }
  }

  // Opens a picture once per document (a header's logo is drawn on every page but embedded once).
  private open(image: DataImage): unknown {
    if (this.images.has(image)) return this.images.get(image);
    const embeddable = toEmbeddableImage(image);
    let opened: unknown = null;
    try {
      if (embeddable) opened = (this.pdf as unknown as ImageOpener).openImage(Buffer.from(embeddable));
    } catch {
      opened = null;
    }
    if (!opened) this.warn({ code: 'PDF_IMAGE_UNREADABLE', message: `An image (${image.type.toUpperCase()}) could not be decoded; a placeholder is shown.` });
    this.images.set(image, opened);
    return opened;
  }

  private text(op: TextOp): void {
    const { pdf } = this;
    // Measuring sets the font size, so it all happens before the font is set for drawing.
    const reversed = op.rtl && !this.fonts.shapesRtl(op.text, op.file) ? this.reversedGlyphs(op) : null;
    this.fonts.useFont(op.file, op.size);
    pdf.fillColor(`#${op.color}`);
    const options: PDFKit.Mixins.TextOptions = { lineBreak: false, baseline: 'alphabetic', ...(op.wordSpacing > 0 ? { wordSpacing: op.wordSpacing } : {}) };
    const draw = (text: string, at: number) => (): void => void pdf.text(text, at, op.y, options);
    if (reversed) {
      // A mirrored bracket keeps the character of the text for extraction.
      for (const glyph of reversed) {
        if (glyph.shown === glyph.char) draw(glyph.shown, op.x + glyph.x)();
        else drawWithActualText(pdf, glyph.char, draw(glyph.shown, op.x + glyph.x));
      }
    } else if (op.rtl) {
      // A shaped right-to-left run: glyphs shared by several letters (Arabic letters told apart by
      // their dots only) would extract as one of them, so the run carries its text. Poppler reads
      // it as drawn left to right and reverses right-to-left words, hence the visual order here.
      drawWithActualText(pdf, [...op.text].reverse().join(''), draw(op.text, op.x));
    } else if (op.source !== undefined) {
      // Capitals are a display form: extraction reads the document's own letters.
      drawWithActualText(pdf, op.source, draw(op.text, op.x));
    } else {
      draw(op.text, op.x)();
    }
  }

  // Characters at a right-to-left level that the font's shaper does not reverse (brackets, dashes,
  // spaces) are drawn one by one from the right, mirrored (UAX #9 L4), and in logical order, so
  // that text extraction reads them in logical order too. Returns each character's x offset.
  private reversedGlyphs(op: TextOp): { char: string; shown: string; x: number }[] {
    let cursor = op.width;
    return [...op.text].map((char) => {
      cursor -= this.fonts.advance(char, op.file) * op.size + (char === ' ' ? op.wordSpacing : 0);
      return { char, shown: this.bidi.getMirroredCharacter(char) ?? char, x: cursor };
    });
  }
}
