import PDFDocument from 'pdfkit';
import type { Node } from 'prosemirror-model';
import type { PaperSize, ReviewComment, ReviewMarkup } from 'quire/model';
import { extractText } from 'quire/model';
import { familyPackage, layoutDocument, placeCommentMargins } from 'quire/layout';
import type { LayoutWarning } from 'quire/layout';
import { FontCatalog } from './font-catalog.js';
import type { ReadFontFile } from './node-font-source.js';
import { paintPdfPages } from './paint-pdf.js';
import { PdfkitMeasurer } from './pdfkit-measurer.js';

/** Options of {@link writePdf}. */
export interface WritePdfOptions {
  /** Paper used by sections that give no page size (default `A4`). */
  readonly paperSize?: PaperSize;
  /** Clock for the `CreationDate`; give one to get byte-identical output for the same document. */
  readonly now?: () => Date;
  /** Title metadata when the document has none. */
  readonly title?: string;
  /** Reads a font file; defaults to `fs.readFileSync`. Ignored when `fonts` is given. */
  readonly readFontFile?: ReadFontFile;
  /** A font catalog to share between calls, so that font files are read and inflated once. */
  readonly fonts?: FontCatalog;
  /** Receives warnings about content shown approximately (unsupported images). */
  readonly onWarning?: (warning: LayoutWarning) => void;
  /**
   * How tracked changes and comments are printed (default `none`, as if every change were
   * accepted; `original`, as if rejected; `all`, both, marked as Word prints all markup, with the
   * comments in a margin beside each page, see `layoutDocument` and `placeCommentMargins`).
   */
  readonly markup?: ReviewMarkup;
  /** The document's comments (`readDocx(...).review.comments`), printed in `all` markup. */
  readonly comments?: readonly ReviewComment[];
}

/**
 * Returns the PDF of a model document: its pages as the layout sets them (see `layoutDocument`),
 * painted with the fonts embedded as subsets, an outline from the headings and title metadata.
 * Rejects only when pdfkit fails to write.
 */
export async function writePdf(doc: Node, options: WritePdfOptions = {}): Promise<Uint8Array> {
  const title = typeof doc.attrs['title'] === 'string' && doc.attrs['title'] ? doc.attrs['title'] : options.title;
  const pdf = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.7',
    displayTitle: title !== undefined,
    info: {
      ...(title !== undefined ? { Title: title } : {}),
      Creator: 'Quire',
      Producer: 'Quire',
      CreationDate: options.now ? options.now() : new Date(),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  const fonts = options.fonts ?? new FontCatalog(options.readFontFile);
  const warn = options.onWarning ?? (() => undefined);
  warnAboutMissingFonts(printedText(doc, options), fonts, warn);
  const measurer = new PdfkitMeasurer(pdf, fonts);
  const { pages } = layoutDocument(doc, { catalog: fonts, measurer, warn, ...(options.paperSize ? { paperSize: options.paperSize } : {}), ...(options.markup ? { markup: options.markup } : {}) });
  const printed = options.markup === 'all' && options.comments ? placeCommentMargins(doc, pages, options.comments, { catalog: fonts, measurer }) : pages;
  paintPdfPages(pdf, printed, measurer, warn);
  pdf.end();
  return done;
}

// The text the PDF prints: in markup none tracked deletions are not drawn, so they need no font;
// the other markups draw deleted text too (original leaves insertions out, which costs nothing
// here to count), and all the comments.
function printedText(doc: Node, options: WritePdfOptions): string {
  if (!options.markup || options.markup === 'none') return extractText(doc);
  const comments = options.markup === 'all' ? (options.comments ?? []).map((comment) => `${comment.author}\n${comment.paragraphs.join('\n')}`) : [];
  return [doc.textContent, ...comments].join('\n');
}

/** Says which optional font package the printed text needs when it is not installed: that text is drawn as empty boxes. */
function warnAboutMissingFonts(text: string, fonts: FontCatalog, warn: (warning: LayoutWarning) => void): void {
  const unavailable = fonts.unavailableFamilies();
  if (unavailable.length === 0) return;
  for (const { family, script, text: kind } of unavailable) {
    if (!script.test(text)) continue;
    warn({ code: 'PDF_FONT_MISSING', message: `${kind} text is drawn as empty boxes: its font is not installed (npm install ${familyPackage(family)}).` });
  }
}
