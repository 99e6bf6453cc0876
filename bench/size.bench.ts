// Bytes users download: the script-tag build, what a page loads up front to open a document
// and report it (openDocument, identifyDocument, createTelemetry), and the editor. Lazily loaded
// parts (the export writers, the no-WebCrypto hash fallback, the Markdown reader) are separate
// chunks loaded on first use, listed on their own rows. JSZip, the usual way to read a DOCX in
// the browser, is the baseline. A missed budget fails the run: 15 KB for the open path, which
// must also stay free of the editor when imported through `quire`; 200 KB for the editor's ESM
// entry and for the script-tag build. The web fonts in dist/fonts/ (WOFF2, already compressed)
// are listed below the scripts, outside any budget: a page fetches only the faces it draws text
// with, and none where the document's fonts are installed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';
import { printTable } from './support/table.js';

const openPathBudget = 15 * 1024;
const editorBudget = 200 * 1024;
const root = new URL('..', import.meta.url).pathname;
const define = { __QUIRE_VERSION__: '"0.0.0"', __QUIRE_TELEMETRY_ENDPOINT__: '"https://telemetry.quire.invalid/v1/collect"' };

const gzipped = (code: Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One copy of each package version, as rollup.config.mjs bundles it: npm installs entities 8 twice
 * (under htmlparser2 and markdown-it), and an application bundler would carry both unless its
 * package manager dedupes them.
 */
function dedupeIdenticalPackages(names: readonly string[]): Plugin {
  const firstRoot = new Map<string, string>();
  return {
    name: 'dedupe-identical-packages',
    setup(bundler) {
      const filter = new RegExp(`^(?:${names.join('|')})(?:/|$)`);
      bundler.onResolve({ filter }, async (args) => {
        if (args.pluginData === 'deduped') return undefined;
        const resolved = await bundler.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'deduped' });
        const name = names.find((candidate) => args.path === candidate || args.path.startsWith(`${candidate}/`))!;
        const marker = `/node_modules/${name}/`;
        const at = resolved.path.lastIndexOf(marker);
        if (resolved.errors.length > 0 || at < 0) return resolved;
        const packageRoot = resolved.path.slice(0, at + marker.length);
        const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
        const first = firstRoot.get(`${name}@${version}`) ?? packageRoot;
        firstRoot.set(`${name}@${version}`, first);
        return { path: join(first, relative(packageRoot, resolved.path)) };
      });
    },
  };
}

/** Bundles `contents` with code splitting; returns min+gzip sizes of the up-front and lazy chunks. */
async function splitSizes(contents: string): Promise<{ upFront: number; lazy: Record<string, number>; upFrontInputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser',
    outdir: '/virtual', write: false, metafile: true, define, plugins: [dedupeIdenticalPackages(['entities'])],
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
    lazy[label] = (lazy[label] ?? 0) + sizeOf(name);
  }
  const upFrontInputs = [...upFront].flatMap((name) => Object.keys(outputs[name]?.inputs ?? {}));
  return { upFront: [...upFront].reduce((sum, name) => sum + sizeOf(name), 0), lazy, upFrontInputs };
}

const within = (bytes: number, budget: number) => `${kb(budget)} (${bytes <= budget ? 'met' : 'MISSED'})`;

/** Returns the total size of the files of dist/fonts/ whose names match `pattern`, and their count. */
function fontFiles(pattern: RegExp): { bytes: number; count: number } {
  const folder = new URL('../dist/fonts/', import.meta.url);
  const names = readdirSync(folder).filter((name) => pattern.test(name));
  return { bytes: names.reduce((sum, name) => sum + statSync(new URL(name, folder)).size, 0), count: names.length };
}

/** Prints the min+gzip sizes and budgets, with the JSZip baseline; throws when a budget is missed. */
export async function run(): Promise<void> {
  const iife = gzipped(readFileSync(new URL('../dist/quire.min.js', import.meta.url)));
  const core = await splitSizes(
    "export { openDocument } from './src/open-document.ts'; export { identifyDocument } from './src/identity/identify-document.ts'; export { createTelemetry } from './src/telemetry/create-telemetry.ts';",
  );
  // The same functions through the `quire` barrel, which also exports the Editor: tree shaking must drop it.
  const barrel = await splitSizes("export { openDocument, identifyDocument, createTelemetry } from './src/index.ts';");
  const editorInBarrel = barrel.upFrontInputs.some((input) => input.includes('src/editor/') || input.includes('node_modules/prosemirror-'));
  const editor = await splitSizes("export { Editor } from './src/editor/index.ts';");
  const editorTotal = editor.upFront + Object.values(editor.lazy).reduce((sum, bytes) => sum + bytes, 0);
  const jszip = await splitSizes("export { default } from 'jszip';");
  const versus = (bytes: number) => `${(bytes / jszip.upFront).toFixed(2)}x`;
  const latinFonts = fontFiles(/-latin-\d.*\.woff2$/);
  const extendedFonts = fontFiles(/-latin-ext-.*\.woff2$/);
  const carlitoRegular = fontFiles(/^carlito-latin-400-normal\./);
  printTable(
    ['bundle (min+gzip)', 'size', 'vs JSZip', 'budget'],
    [
      ['open path up front: identify + telemetry', kb(core.upFront), versus(core.upFront), within(core.upFront, openPathBudget)],
      ...Object.entries(core.lazy).map(([name, bytes]) => [`  lazy chunk: ${name}`, kb(bytes), versus(bytes), '–']),
      // The barrel also re-exports writeDocumentMetadata, which bundlers then load up front.
      ['open path through the `quire` barrel', kb(barrel.upFront), versus(barrel.upFront), editorInBarrel ? 'Editor kept: MISSED' : 'Editor dropped (met)'],
      ['editor up front (ESM, `quire/editor`)', kb(editor.upFront), versus(editor.upFront), within(editor.upFront, editorBudget)],
      ...Object.entries(editor.lazy).map(([name, bytes]) => [`  lazy chunk: ${name}`, kb(bytes), versus(bytes), '–']),
      ['editor with every lazy chunk (ESM)', kb(editorTotal), versus(editorTotal), '–'],
      ['dist/quire.min.js (IIFE, everything inside)', kb(iife), versus(iife), within(iife, editorBudget)],
      ['JSZip alone (baseline)', kb(jszip.upFront), '1.00x', '–'],
      [`web fonts, Latin (dist/fonts/, ${latinFonts.count} WOFF2 files)`, kb(latinFonts.bytes), '–', 'not JS: fetched per face drawn'],
      [`web fonts, Latin Extended (${extendedFonts.count} files)`, kb(extendedFonts.bytes), '–', 'not JS: fetched per face drawn'],
      ['  a Calibri document, regular text only (Carlito)', kb(carlitoRegular.bytes), '–', '–'],
    ],
  );
  const missed = [
    core.upFront > openPathBudget && 'open path',
    editorInBarrel && 'the open path through the barrel holds the Editor',
    editor.upFront > editorBudget && 'editor up front',
    iife > editorBudget && 'dist/quire.min.js',
  ].filter(Boolean);
  if (missed.length > 0) throw new Error(`Size budget missed: ${missed.join(', ')}.`);
}
