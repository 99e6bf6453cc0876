// Bytes users download: the script-tag build, what a page loads up front to open a document
// and report it (openDocument, identifyDocument, createTelemetry), and the editor. Lazily loaded
// parts (the export writers, the no-WebCrypto hash fallback, the Markdown reader) are separate
// chunks loaded on first use, listed on their own rows. JSZip, the usual way to read a DOCX in
// the browser, is the baseline. Budgets (min+gzip): 15 KB for the open path, which must also stay
// free of the editor when imported through `quire`; 200 KB each for the editor's ESM entry up
// front, for the editor with every lazy chunk it can load, and for the script-tag build. A missed
// budget prints a MISSED line and fails the run. The editor is measured as published (dist/esm,
// where markdown-it is bundled without its entity table), bundled for a browser as an
// application's bundler would. The web fonts in dist/fonts/ (WOFF2, already compressed) are listed
// below the scripts, outside any budget: a page fetches only the faces it draws text with, and
// none where the document's fonts are installed. Then what `npm install` adds to an app for each
// audience, from the packed packages, against installing every package (the server's set, which
// is what the one package held before the split); `npm install quire` has a budget of 10 MB and
// 19 packages.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { installInto, measureInstall, packWorkspace } from '../test/support/packed-workspace.js';
import { printTable } from './support/table.js';

const openPathBudget = 15 * 1024;
// What `npm install quire` may add to a browser app (issue: under 10 MB and under 20 packages).
const browserInstallBudget = { bytes: 10 * 1024 * 1024, packages: 19 };
const editorBudget = 200 * 1024;
// The browser package, where the entries below resolve.
const root = new URL('../packages/quire/', import.meta.url).pathname;
const define = { __QUIRE_VERSION__: '"0.0.0"', __QUIRE_TELEMETRY_ENDPOINT__: '"https://telemetry.quire.invalid/v1/collect"' };

const gzipped = (code: Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bundles `contents` with code splitting; returns min+gzip sizes of the up-front and lazy chunks. */
async function splitSizes(contents: string): Promise<{ upFront: number; lazy: Record<string, number>; upFrontInputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser',
    outdir: '/virtual', write: false, metafile: true, define,
    // rollup's chunks in dist/esm import one another for their order only; the package's
    // `sideEffects` lets bundlers drop those imports, and esbuild says so for each.
    logOverride: { 'ignored-bare-import': 'silent' },
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
    // A lazy chunk takes the name of the module it loads (less rollup's hash for a dist/esm chunk);
    // esbuild adds chunks for code that several lazy ones share.
    const entry = outputs[name]?.entryPoint;
    const label = entry === undefined ? 'shared by the lazy chunks' : chunkLabel(entry);
    lazy[label] = (lazy[label] ?? 0) + sizeOf(name);
  }
  const upFrontInputs = [...upFront].flatMap((name) => Object.keys(outputs[name]?.inputs ?? {}));
  return { upFront: [...upFront].reduce((sum, name) => sum + sizeOf(name), 0), lazy, upFrontInputs };
}

/** `src/identity/sha256-in-chunks.ts` and `dist/esm/chunks/docx-writers-DdLI7Zcm.js` give `sha256-in-chunks` and `docx-writers`. */
function chunkLabel(entry: string): string {
  const name = entry.replace(/^.*\//, '').replace(/\.[jt]s$/, '');
  return entry.startsWith('dist/') ? name.replace(/-[\w-]{8}$/, '') : name;
}

const within = (bytes: number, budget: number) => `${kb(budget)} (${bytes <= budget ? 'met' : 'MISSED'})`;

/** Returns the total size of the files of dist/fonts/ whose names match `pattern`, and their count. */
function fontFiles(pattern: RegExp): { bytes: number; count: number } {
  const folder = new URL('../packages/quire/dist/fonts/', import.meta.url);
  const names = readdirSync(folder).filter((name) => pattern.test(name));
  return { bytes: names.reduce((sum, name) => sum + statSync(new URL(name, folder)).size, 0), count: names.length };
}

/** Prints the min+gzip sizes and budgets, with the JSZip baseline; prints MISSED and throws when a budget is missed. */
export async function run(): Promise<void> {
  const iife = gzipped(readFileSync(new URL('../packages/quire/dist/quire.min.js', import.meta.url)));
  const core = await splitSizes(
    "export { openDocument } from './src/open-document.ts'; export { identifyDocument } from './src/identity/identify-document.ts'; export { createTelemetry } from './src/telemetry/create-telemetry.ts';",
  );
  // The same functions through the `quire` barrel, which also exports the Editor: tree shaking must drop it.
  const barrel = await splitSizes("export { openDocument, identifyDocument, createTelemetry } from './src/index.ts';");
  const editorInBarrel = barrel.upFrontInputs.some((input) => input.includes('src/editor/') || input.includes('node_modules/prosemirror-'));
  const editor = await splitSizes("export { Editor } from './dist/esm/editor/index.js';");
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
      ['editor with every lazy chunk (ESM)', kb(editorTotal), versus(editorTotal), within(editorTotal, editorBudget)],
      ['dist/quire.min.js (IIFE, everything inside)', kb(iife), versus(iife), within(iife, editorBudget)],
      ['JSZip alone (baseline)', kb(jszip.upFront), '1.00x', '–'],
      [`web fonts, Latin (dist/fonts/, ${latinFonts.count} WOFF2 files)`, kb(latinFonts.bytes), '–', 'not JS: fetched per face drawn'],
      [`web fonts, Latin Extended (${extendedFonts.count} files)`, kb(extendedFonts.bytes), '–', 'not JS: fetched per face drawn'],
      ['  a Calibri document, regular text only (Carlito)', kb(carlitoRegular.bytes), '–', '–'],
    ],
  );
  const missed = [
    core.upFront > openPathBudget && `open path (${kb(core.upFront)} > ${kb(openPathBudget)})`,
    editorInBarrel && 'the open path through the barrel holds the Editor',
    editor.upFront > editorBudget && `editor up front (${kb(editor.upFront)} > ${kb(editorBudget)})`,
    editorTotal > editorBudget && `editor with every lazy chunk (${kb(editorTotal)} > ${kb(editorBudget)})`,
    iife > editorBudget && `dist/quire.min.js (${kb(iife)} > ${kb(editorBudget)})`,
  ].filter((problem): problem is string => typeof problem === 'string');
  missed.push(...installSizes());
  if (missed.length > 0) {
    console.log(`\nMISSED size budget: ${missed.join('; ')}.`);
    throw new Error(`Size budget missed: ${missed.join('; ')}.`);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Packs the built packages and installs each audience's set into an empty folder (from npm's
 * cache or the registry), as users do; prints files and packages under node_modules against the
 * whole set (everything a single package brought before the split) and returns missed budgets.
 */
function installSizes(): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-install-size-'));
  try {
    const packed = packWorkspace(join(scratch, 'tarballs'));
    const install = (name: string, tarballs: string[]) => {
      const app = join(scratch, name);
      installInto(app, tarballs);
      return measureInstall(app);
    };
    const everything = install('everything', Object.values(packed));
    const browser = install('browser', [packed.quire!]);
    const convertOnly = install('convert', [packed['@quire/convert']!, packed.quire!]);
    const cjk = install('everything-cjk', [...Object.values(packed), '@expo-google-fonts/noto-sans-sc', '@fontsource/noto-sans-arabic']);
    const versus = (size: { bytes: number }) => `${(size.bytes / everything.bytes).toFixed(2)}x`;
    console.log('');
    printTable(
      ['npm install (node_modules, no dev dependencies)', 'size', 'packages', 'vs server install', 'budget'],
      [
        ['`quire` (browser app)', mb(browser.bytes), browser.packages, versus(browser), `${mb(browserInstallBudget.bytes)}, ${browserInstallBudget.packages} packages (${browser.bytes < browserInstallBudget.bytes && browser.packages <= browserInstallBudget.packages ? 'met' : 'MISSED'})`],
        ['`@quire/convert` without fonts (DOCX output only)', mb(convertOnly.bytes), convertOnly.packages, versus(convertOnly), '–'],
        ['`@quire/server` (baseline: every package)', mb(everything.bytes), everything.packages, '1.00x', '–'],
        ['`@quire/server` + Noto Sans SC and Arabic', mb(cjk.bytes), cjk.packages, versus(cjk), '–'],
      ],
    );
    const missed: string[] = [];
    if (browser.bytes >= browserInstallBudget.bytes) missed.push(`npm install quire (${mb(browser.bytes)} >= ${mb(browserInstallBudget.bytes)})`);
    if (browser.packages > browserInstallBudget.packages) missed.push(`npm install quire (${browser.packages} packages > ${browserInstallBudget.packages})`);
    return missed;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
