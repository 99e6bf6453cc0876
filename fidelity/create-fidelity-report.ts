import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convert } from '../packages/convert/src/convert.js';
import type { EngineRegistry } from '../packages/convert/src/create-engines.js';
import { buildReportHtml } from './build-report-html.js';
import { compareDocument, type RenderedSide } from './compare-document.js';
import type { ReferenceFonts } from './create-fidelity-engines.js';
import type { EngineOutcome, FidelityRow } from './fidelity-row.js';
import { summarizeScores, type FidelitySummary } from './summarize-scores.js';

/** Options of {@link createFidelityReport}. */
export interface CreateFidelityReportOptions {
  /** Folder whose `.docx` files are compared (not its subfolders). */
  inputDir: string;
  /** Folder the report is written to: `index.html` and `images/` (replaced on each run). */
  outDir: string;
  /** Engines to convert with; must hold `builtin` and `libreoffice`. The caller closes them. */
  engines: EngineRegistry;
  /** The fonts the engines' LibreOffice has (see `createFidelityEngines`), as the report says. */
  referenceFonts: ReferenceFonts;
  /** Path of poppler's `pdftoppm`. */
  pdftoppm: string;
  /** Path of poppler's `pdfinfo`. */
  pdfinfo: string;
  /** Path of poppler's `pdftotext`. */
  pdftotext: string;
  /** Scores below this count as shortfalls in the summary; default {@link DEFAULT_FIDELITY_THRESHOLD}. */
  threshold?: number;
  /** Resolution of the renderings in dots per inch; default 60. */
  dpi?: number;
  /** A monotonic clock in milliseconds; default `performance.now`. */
  now?: () => number;
  /** The wall clock, for the report's date; default `() => new Date()`. */
  clock?: () => Date;
  /** Called before each document is compared, e.g. to show progress. */
  onDocument?: (name: string, index: number, total: number) => void;
}

/** The report written: its rows, its summary and the path of its HTML page. */
export interface FidelityReport {
  rows: FidelityRow[];
  summary: FidelitySummary;
  htmlPath: string;
}

/** Default of {@link CreateFidelityReportOptions.threshold}. */
export const DEFAULT_FIDELITY_THRESHOLD = 0.9;

/**
 * Compares page 1 of every DOCX in `inputDir` as converted by the built-in engine and by
 * LibreOffice, and writes the HTML report with its images to `outDir`. Each engine first converts
 * the first document once, untimed, so the times are those of warm engines. Rejects when the folder
 * cannot be read or holds no `.docx` file, or when the report cannot be written; a failing document
 * becomes a row with an error.
 */
export async function createFidelityReport(options: CreateFidelityReportOptions): Promise<FidelityReport> {
  const threshold = options.threshold ?? DEFAULT_FIDELITY_THRESHOLD;
  const dpi = options.dpi ?? 60;
  const now = options.now ?? (() => performance.now());
  const names = await listDocxFiles(options.inputDir);
  if (names.length === 0) throw new Error(`No .docx files in ${options.inputDir}.`);

  const imagesDir = join(options.outDir, 'images');
  await removeOldImages(imagesDir);
  await mkdir(imagesDir, { recursive: true });
  await warmUpEngines(join(options.inputDir, names[0] ?? ''), options.engines);

  const rows: FidelityRow[] = [];
  for (const [index, name] of names.entries()) {
    options.onDocument?.(name, index, names.length);
    const bytes = new Uint8Array(await readFile(join(options.inputDir, name)));
    const comparison = await compareDocument(name, bytes, { engines: options.engines, pdftoppm: options.pdftoppm, pdfinfo: options.pdfinfo, pdftotext: options.pdftotext, dpi, now });
    const stem = `${String(index + 1).padStart(3, '0')}-${name.replace(/\.docx$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_')}`;
    rows.push({
      name,
      builtin: await saveImage(comparison.builtin, options.outDir, `images/${stem}-builtin.png`),
      libreoffice: await saveImage(comparison.libreoffice, options.outDir, `images/${stem}-libreoffice.png`),
      ...(comparison.score !== undefined ? { score: comparison.score } : {}),
      ...(comparison.sameSize !== undefined ? { sameSize: comparison.sameSize } : {}),
      ...(comparison.pages ? { pages: comparison.pages } : {}),
    });
  }

  const summary = summarizeScores(rows, threshold);
  const generatedAt = (options.clock ?? (() => new Date()))().toISOString();
  const htmlPath = join(options.outDir, 'index.html');
  await writeFile(htmlPath, buildReportHtml({ rows, summary, inputDir: options.inputDir, dpi, referenceFonts: options.referenceFonts, generatedAt }));
  return { rows, summary, htmlPath };
}

// Only the images an earlier run wrote are removed: the output folder may be one the user keeps other files in.
const IMAGE_NAME = /^\d{3,}-[A-Za-z0-9._-]*-(builtin|libreoffice)\.png$/;

async function removeOldImages(imagesDir: string): Promise<void> {
  const names = await readdir(imagesDir).catch(() => []);
  await Promise.all(names.filter((name) => IMAGE_NAME.test(name)).map((name) => rm(join(imagesDir, name), { force: true })));
}

async function listDocxFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    throw new Error(`Cannot read the folder ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return entries
    .filter((entry) => entry.isFile() && /\.docx$/i.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b));
}

// The first conversion starts LibreOffice and the built-in engine's worker; leaving it out of the
// timings keeps the first document's times comparable with the others'. Its failures show in its row.
async function warmUpEngines(path: string, engines: EngineRegistry): Promise<void> {
  const bytes = new Uint8Array(await readFile(path));
  for (const engine of ['builtin', 'libreoffice'] as const) {
    await convert(bytes, { from: 'docx', to: 'pdf', engine }, engines).catch(() => undefined);
  }
}

async function saveImage(side: RenderedSide, outDir: string, image: string): Promise<EngineOutcome> {
  if (!side.png) return side.outcome;
  await writeFile(join(outDir, image), side.png);
  return { ...side.outcome, image };
}
