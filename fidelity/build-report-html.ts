import type { ReferenceFonts } from './create-fidelity-engines.js';
import type { EngineOutcome, FidelityRow } from './fidelity-row.js';
import { rankWorstFirst, type FidelitySummary } from './summarize-scores.js';

/** What the report page shows. */
export interface ReportPage {
  rows: readonly FidelityRow[];
  summary: FidelitySummary;
  /** The folder the documents came from, as given. */
  inputDir: string;
  /** Resolution of the renderings in dots per inch. */
  dpi: number;
  /** The fonts the reference LibreOffice had. */
  referenceFonts: ReferenceFonts;
  /** When the report was made, as shown on the page (an ISO 8601 timestamp). */
  generatedAt: string;
}

/**
 * Returns a self-contained HTML page: the summary, then one row per document, worst score first,
 * with both page-1 renderings side by side (linked by relative path), the score, page counts and times.
 */
export function buildReportHtml(page: ReportPage): string {
  const { summary } = page;
  const rows = rankWorstFirst(page.rows).map((row) => renderRow(row, summary.threshold)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire fidelity report: built-in engine vs LibreOffice</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #222; }
table.summary td { padding: 0.1rem 1rem 0.1rem 0; }
section.document { border-top: 1px solid #ccc; padding: 1rem 0; }
section.document h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.score { font-weight: bold; }
.low { color: #b00020; }
.pages { display: flex; gap: 1rem; align-items: flex-start; flex-wrap: wrap; }
figure { margin: 0; }
figure img { border: 1px solid #999; display: block; }
figcaption { font-size: 0.85rem; color: #555; margin-top: 0.25rem; }
.error { color: #b00020; white-space: pre-wrap; max-width: 40rem; }
</style>
</head>
<body>
<h1>Fidelity report: built-in engine vs LibreOffice</h1>
<p>Page 1 of each DOCX in <code>${escapeHtml(page.inputDir)}</code>, converted to PDF by both engines and rendered at ${page.dpi} dpi.
The score is the mean SSIM of the greyscale renderings (1 = identical; LibreOffice is the reference).
${describeReferenceFonts(page.referenceFonts)}
Made ${escapeHtml(page.generatedAt)}.</p>
<table class="summary">
<tr><td>documents</td><td>${summary.documents}</td></tr>
<tr><td>scored</td><td>${summary.scored}</td></tr>
<tr><td>failed (either engine)</td><td>${summary.failed}</td></tr>
<tr><td>median score</td><td>${formatScore(summary.median)}</td></tr>
<tr><td>mean score</td><td>${formatScore(summary.mean)}</td></tr>
<tr><td>below ${formatScore(summary.threshold)}</td><td>${summary.belowThreshold}</td></tr>
<tr><td>page count as LibreOffice's</td><td>${formatPageCounts(summary.pages)}</td></tr>
<tr><td>pages starting with LibreOffice's words</td><td>${formatPageStarts(summary.pages)}</td></tr>
</table>
${rows}
</body>
</html>
`;
}

/** Says which fonts the reference LibreOffice set the documents in, as the report's header does. */
export function describeReferenceFonts(fonts: ReferenceFonts): string {
  return fonts === 'writer'
    ? "LibreOffice had the fonts Word would have, as the built-in engine's metric-compatible stand-ins (Carlito for Calibri, Caladea for Cambria, Arimo for Arial and Aptos, Tinos for Times New Roman, Cousine for Courier New, Gelasio for Georgia), so lines break alike where layout agrees."
    : "LibreOffice had the system's fonts only (--system-fonts): where Word's fonts and their metric-compatible stand-ins are missing it substitutes others of other widths, and lines break elsewhere for that reason alone.";
}

/** The page count check of a summary: `50 of 56 documents (89.3%)`. */
export function formatPageCounts(pages: FidelitySummary['pages']): string {
  return `${pages.samePageCount} of ${pages.compared} documents (${percent(pages.samePageCount, pages.compared)})`;
}

/** The page start check of a summary: `900 of 1000 pages (90.0%)`, LibreOffice's pages counted. */
export function formatPageStarts(pages: FidelitySummary['pages']): string {
  return `${pages.sameStarts} of ${pages.referencePages} pages (${percent(pages.sameStarts, pages.referencePages)})`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** Formats a score with three decimals, or a dash when there is none. */
export function formatScore(score: number | undefined): string {
  return score === undefined ? '–' : score.toFixed(3);
}

function renderRow(row: FidelityRow, threshold: number): string {
  const low = row.score === undefined || row.score < threshold;
  const sizeNote = row.sameSize === false ? ' <span class="low">(page sizes differ; built-in rendering scaled for the score)</span>' : '';
  return `<section class="document">
<h2>${escapeHtml(row.name)} — score <span class="score${low ? ' low' : ''}">${formatScore(row.score)}</span>${sizeNote}${row.pages ? `; ${row.pages.sameStarts} of ${row.pages.referencePages} pages start alike` : ''}</h2>
<div class="pages">
${renderSide('built-in', row.builtin)}
${renderSide('LibreOffice', row.libreoffice)}
</div>
</section>`;
}

function renderSide(label: string, outcome: EngineOutcome): string {
  const pages = outcome.pages === undefined ? '' : `, ${outcome.pages} page${outcome.pages === 1 ? '' : 's'}`;
  const size = outcome.size ? `, ${outcome.size.width} × ${outcome.size.height} px` : '';
  const caption = `${escapeHtml(label)}: ${Math.round(outcome.ms)} ms${pages}${size}`;
  const image = outcome.image
    ? `<img src="${escapeHtml(outcome.image)}" alt="page 1, ${escapeHtml(label)}" loading="lazy"${outcome.size ? ` width="${outcome.size.width}" height="${outcome.size.height}"` : ''}>`
    : '';
  const error = outcome.error === undefined ? '' : `<div class="error">${escapeHtml(outcome.error)}</div>`;
  return `<figure>${image}${error}<figcaption>${caption}</figcaption></figure>`;
}

/** Escapes the five characters that are special in HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
