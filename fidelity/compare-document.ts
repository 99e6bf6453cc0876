import { convert } from '../packages/convert/src/convert.js';
import type { EngineRegistry } from '../packages/convert/src/create-engines.js';
import { comparePageStarts, type PageCheck } from './compare-page-starts.js';
import { countPdfPages } from './count-pdf-pages.js';
import { readPageStarts } from './read-page-starts.js';
import type { EngineOutcome } from './fidelity-row.js';
import { renderFirstPage } from './render-first-page.js';
import { readPngSize } from './rgba-image.js';
import { scoreSimilarity } from './score-similarity.js';

/** Options of {@link compareDocument}. */
export interface CompareDocumentOptions {
  /** Engines to convert with; must hold `builtin` and `libreoffice`. */
  engines: EngineRegistry;
  /** Path of poppler's `pdftoppm`. */
  pdftoppm: string;
  /** Path of poppler's `pdfinfo`. */
  pdfinfo: string;
  /** Path of poppler's `pdftotext`. */
  pdftotext: string;
  /** Resolution of the renderings in dots per inch. */
  dpi: number;
  /** A monotonic clock in milliseconds, to time conversions (e.g. `performance.now`). */
  now: () => number;
}

/** One engine's outcome for a document, with its page-1 PNG when it rendered. */
export interface RenderedSide {
  outcome: EngineOutcome;
  png?: Uint8Array;
}

/** Both engines' outcomes for one document, and their similarity when both rendered. */
export interface DocumentComparison {
  builtin: RenderedSide;
  libreoffice: RenderedSide;
  score?: number;
  sameSize?: boolean;
  /** Page by page, where the built-in PDF's pages start against LibreOffice's. */
  pages?: PageCheck;
}

/**
 * Converts one DOCX to PDF with the built-in engine and with LibreOffice, renders page 1 of each
 * and scores the built-in rendering against LibreOffice's, and compares where each page starts. Never rejects: a failing conversion,
 * count, render or score is recorded as that side's `error` and leaves the score undefined.
 */
export async function compareDocument(name: string, bytes: Uint8Array, options: CompareDocumentOptions): Promise<DocumentComparison> {
  const builtin = await renderSide('builtin', name, bytes, options);
  const libreoffice = await renderSide('libreoffice', name, bytes, options);
  const starts = { builtin: builtin.outcome.pageStarts, reference: libreoffice.outcome.pageStarts };
  const pages = starts.builtin && starts.reference ? comparePageStarts(starts.builtin, starts.reference) : undefined;
  if (!builtin.png || !libreoffice.png) return { builtin, libreoffice, ...(pages ? { pages } : {}) };
  try {
    const similarity = scoreSimilarity(libreoffice.png, builtin.png);
    return { builtin, libreoffice, score: similarity.score, sameSize: similarity.sameSize, ...(pages ? { pages } : {}) };
  } catch (error) {
    builtin.outcome.error = `Could not score the renderings: ${describeError(error)}`;
    return { builtin, libreoffice, ...(pages ? { pages } : {}) };
  }
}

async function renderSide(engine: 'builtin' | 'libreoffice', name: string, bytes: Uint8Array, options: CompareDocumentOptions): Promise<RenderedSide> {
  const started = options.now();
  let pdf: Uint8Array;
  try {
    pdf = (await convert(bytes, { from: 'docx', to: 'pdf', engine, fileName: name }, options.engines)).bytes;
  } catch (error) {
    return { outcome: { ms: options.now() - started, error: `Conversion failed: ${describeError(error)}` } };
  }
  const outcome: EngineOutcome = { ms: options.now() - started };
  try {
    outcome.pages = await countPdfPages(pdf, options.pdfinfo);
    outcome.pageStarts = await readPageStarts(pdf, options.pdftotext);
    const png = await renderFirstPage(pdf, { pdftoppm: options.pdftoppm, dpi: options.dpi });
    outcome.size = readPngSize(png);
    return { outcome, png };
  } catch (error) {
    outcome.error = `Rendering failed: ${describeError(error)}`;
    return { outcome };
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return 'code' in error && typeof error.code === 'string' ? `${error.code}: ${error.message}` : error.message;
  return String(error);
}
