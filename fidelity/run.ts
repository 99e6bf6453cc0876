// `npm run fidelity [-- folder] [--out dir] [--threshold n] [--system-fonts]`: compares page 1 of
// each DOCX as the built-in engine and LibreOffice render it, writes an HTML report and prints its
// summary. LibreOffice gets the writer's fonts for Word's unless --system-fonts says otherwise.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeReferenceFonts, formatPageCounts, formatPageStarts, formatScore } from './build-report-html.js';
import { createFidelityEngines } from './create-fidelity-engines.js';
import { createFidelityReport, DEFAULT_FIDELITY_THRESHOLD } from './create-fidelity-report.js';
import { findFidelityTools } from './find-tools.js';
import { rankWorstFirst } from './summarize-scores.js';

const USAGE = 'usage: npm run fidelity -- [folder of .docx files] [--out report-folder] [--threshold 0..1] [--system-fonts]';
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
// npm runs scripts from the package root; paths the user typed are relative to where they typed them.
const userCwd = process.env.INIT_CWD ?? process.cwd();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    threshold: { type: 'string' },
    'system-fonts': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const threshold = values.threshold === undefined ? DEFAULT_FIDELITY_THRESHOLD : Number(values.threshold);
if (positionals.length > 1 || !Number.isFinite(threshold) || threshold < -1 || threshold > 1) {
  console.error(USAGE);
  process.exit(2);
}
const inputDir = positionals[0] === undefined ? resolve(projectRoot, 'test/fixtures/docx') : resolve(userCwd, positionals[0]);
const outDir = values.out === undefined ? resolve(projectRoot, 'fidelity-report') : resolve(userCwd, values.out);

const found = findFidelityTools();
if (!found.ok) {
  console.error(found.message);
  process.exit(1);
}

const referenceFonts = values['system-fonts'] ? 'system' : 'writer';
console.log(describeReferenceFonts(referenceFonts));
const engines = await createFidelityEngines({ soffice: found.tools.soffice, referenceFonts });
try {
  const report = await createFidelityReport({
    inputDir,
    outDir,
    threshold,
    engines,
    referenceFonts,
    pdftoppm: found.tools.pdftoppm,
    pdfinfo: found.tools.pdfinfo,
    pdftotext: found.tools.pdftotext,
    onDocument: (name, index, total) => console.error(`[${index + 1}/${total}] ${name}`),
  });
  const { summary } = report;
  console.log(`documents: ${summary.documents} (scored ${summary.scored}, failed ${summary.failed})`);
  console.log(`SSIM median ${formatScore(summary.median)}, mean ${formatScore(summary.mean)}; below ${formatScore(threshold)}: ${summary.belowThreshold}`);
  console.log(`pages: count as LibreOffice's on ${formatPageCounts(summary.pages)}; starting with LibreOffice's words: ${formatPageStarts(summary.pages)}`);
  console.log('worst:');
  for (const row of rankWorstFirst(report.rows).slice(0, 10)) {
    console.log(`  ${formatScore(row.score)}  ${row.name}${row.score === undefined ? ` (${row.builtin.error ?? row.libreoffice.error ?? 'failed'})` : ''}`);
  }
  console.log(`report: ${report.htmlPath}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await engines.close();
}
