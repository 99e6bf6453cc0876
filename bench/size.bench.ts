// Bytes users download: the script-tag build, and the identity + telemetry core alone (the part
// every page pays for), next to JSZip, the usual way to read a DOCX in the browser.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { printTable } from './support/table.js';

const budgetBytes = 15 * 1024;

async function minifiedSize(contents: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: new URL('..', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { __QUIRE_VERSION__: '"0.0.0"', __QUIRE_TELEMETRY_ENDPOINT__: '"https://telemetry.quire.invalid/v1/collect"' },
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the min+gzip sizes and how the core compares with its budget and with JSZip. */
export async function run(): Promise<void> {
  const iife = readFileSync(new URL('../dist/quire.min.js', import.meta.url));
  const core = await minifiedSize(
    "export { openDocument, identifyDocument, writeDocumentMetadata, createTelemetry } from './src/index.ts';",
  );
  const jszip = await minifiedSize("export { default } from 'jszip';");
  const iifeGzip = gzipSync(iife, { level: 9 }).length;
  printTable(
    ['bundle', 'min', 'min+gzip', 'vs JSZip (min+gzip)', 'budget'],
    [
      ['dist/quire.min.js (IIFE, all inside)', kb(iife.length), kb(iifeGzip), `${(iifeGzip / jszip.gzip).toFixed(2)}x`, '–'],
      ['identity + telemetry core', kb(core.min), kb(core.gzip), `${(core.gzip / jszip.gzip).toFixed(2)}x`, `${kb(budgetBytes)} (${core.gzip <= budgetBytes ? 'met' : 'MISSED'})`],
      ['JSZip alone (baseline)', kb(jszip.min), kb(jszip.gzip), '1.00x', '–'],
    ],
  );
}
