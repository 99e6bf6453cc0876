// Bytes users download: the script-tag build, and what a page loads up front to open a document
// and report it (openDocument, identifyDocument, createTelemetry). The export writer and the
// no-WebCrypto hash fallback are separate chunks loaded on first use, listed on their own rows.
// JSZip, the usual way to read a DOCX in the browser, is the baseline.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { printTable } from './support/table.js';

const budgetBytes = 15 * 1024;
const root = new URL('..', import.meta.url).pathname;
const define = { __QUIRE_VERSION__: '"0.0.0"', __QUIRE_TELEMETRY_ENDPOINT__: '"https://telemetry.quire.invalid/v1/collect"' };

const gzipped = (code: Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bundles `contents` with code splitting; returns min+gzip sizes of the up-front and lazy chunks. */
async function splitSizes(contents: string): Promise<{ upFront: number; lazy: Record<string, number> }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser',
    outdir: '/virtual', write: false, metafile: true, define,
  });
  const sizes = new Map(result.outputFiles.map((file) => [file.path, gzipped(file.contents)]));
  const outputs = (result.metafile as Metafile).outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint !== undefined);
  // Up front: the entry and every chunk reachable from it through static imports.
  const upFront = new Set<string>();
  const visit = (name: string) => {
    if (upFront.has(name)) return;
    upFront.add(name);
    for (const imported of outputs[name]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  if (entry !== undefined) visit(entry);
  // Metafile paths are relative to the working directory; output files carry absolute paths.
  const sizeOf = (name: string) => sizes.get(resolve(name)) ?? 0;
  const lazy: Record<string, number> = {};
  for (const name of Object.keys(outputs)) {
    if (upFront.has(name) || name.endsWith('.map')) continue;
    const label = name.replace(/^.*\//, '').replace(/-[A-Z0-9]{8}\.js$/, '').replace(/\.js$/, '');
    lazy[label] = sizeOf(name);
  }
  return { upFront: [...upFront].reduce((sum, name) => sum + sizeOf(name), 0), lazy };
}

/** Prints the min+gzip sizes, the up-front budget and the JSZip baseline. */
export async function run(): Promise<void> {
  const iife = readFileSync(new URL('../dist/quire.min.js', import.meta.url));
  const core = await splitSizes(
    "export { openDocument } from './src/open-document.ts'; export { identifyDocument } from './src/identity/identify-document.ts'; export { createTelemetry } from './src/telemetry/create-telemetry.ts';",
  );
  const jszip = await splitSizes("export { default } from 'jszip';");
  const versus = (bytes: number) => `${(bytes / jszip.upFront).toFixed(2)}x`;
  printTable(
    ['bundle (min+gzip)', 'size', 'vs JSZip', 'budget'],
    [
      ['open path up front: identify + telemetry', kb(core.upFront), versus(core.upFront), `${kb(budgetBytes)} (${core.upFront <= budgetBytes ? 'met' : 'MISSED'})`],
      ...Object.entries(core.lazy).map(([name, bytes]) => [`  lazy chunk: ${name}`, kb(bytes), versus(bytes), '–']),
      ['dist/quire.min.js (IIFE, everything inside)', kb(gzipped(iife)), versus(gzipped(iife)), '–'],
      ['JSZip alone (baseline)', kb(jszip.upFront), '1.00x', '–'],
    ],
  );
}
