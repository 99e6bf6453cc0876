// Bytes users download, measured on the published files: the packed `quire` installed into an
// empty folder outside the repository, as an app gets it, then bundled for a browser as the app's
// bundler would (test/support/bundle-size.ts). Rows: what a page that only opens and reports a
// document (`import { openDocument } from 'quire'`) loads up front, with esbuild and with rollup
// (code splitting on both); the editor (`quire/editor`) up front and with every lazy chunk it can
// load; the script-tag build. Lazily loaded parts (the export writers, the no-WebCrypto hash
// fallback, the Markdown reader) are chunks loaded on first use, listed on their own rows. JSZip,
// the usual way to read a DOCX in the browser, is the baseline. Budgets (min+gzip): 16 KB for the
// open path with either bundler, which must also hold no editor code (ProseMirror, the model, the
// readers and writers); 200 KB for the editor up front; 260 KB for the editor with every lazy chunk
// and for the script-tag build, which holds every chunk (raised from 210 KB when the pages came:
// the page layout, its line breaking and bidi tables, are a chunk loaded once a document is on
// screen). A missed budget prints a MISSED line and fails the run. The web
// fonts in dist/fonts/ (WOFF2, already compressed) are listed below the scripts, outside any
// budget: a page fetches only the faces it draws text with, and none where the document's fonts
// are installed. Then what `npm install` adds to an app for each audience, from the same packed
// packages, against installing every package (the server's set, which is what the one package
// held before the split); `npm install quire` has a budget of 10 MB and 19 packages.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleSize, editorOnlyModule, gzippedSize, openAndReportEntry, openPathBudget, type BundleSize } from '../test/support/bundle-size.js';
import { installInto, measureInstall, packWorkspace, repositoryRoot, type InstallSize, type PackedWorkspace } from '../test/support/packed-workspace.js';
import { printTable } from './support/table.js';

// What `npm install quire` may add to a browser app (issue: under 10 MB and under 20 packages).
const browserInstallBudget = { bytes: 10 * 1024 * 1024, packages: 19 };
const editorBudget = 200 * 1024;
const editorWithLazyChunksBudget = 260 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const within = (bytes: number, budget: number) => `${kb(budget)} (${bytes <= budget ? 'met' : 'MISSED'})`;
const lazyTotal = (size: BundleSize) => Object.values(size.lazy).reduce((sum, bytes) => sum + bytes, 0);

/** Returns the total size of the files of the installed dist/fonts/ whose names match `pattern`, and their count. */
function fontFiles(folder: string, pattern: RegExp): { bytes: number; count: number } {
  const names = readdirSync(folder).filter((name) => pattern.test(name));
  return { bytes: names.reduce((sum, name) => sum + statSync(join(folder, name)).size, 0), count: names.length };
}

/** Packs the built packages once, measures the bundles from `quire` installed alone, then each audience's install; throws when a budget is missed. */
export async function run(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-size-'));
  try {
    const packed = packWorkspace(join(scratch, 'tarballs'));
    const browserApp = join(scratch, 'browser');
    installInto(browserApp, [packed.quire!]);
    const browserInstall = measureInstall(browserApp);
    const missed = await bundleSizes(browserApp);
    console.log('');
    missed.push(...installSizes(scratch, packed, browserInstall));
    if (missed.length > 0) {
      console.log(`\nMISSED size budget: ${missed.join('; ')}.`);
      throw new Error(`Size budget missed: ${missed.join('; ')}.`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Prints the min+gzip sizes of what pages load from the `quire` installed in `app`, with the JSZip baseline; returns missed budgets. */
async function bundleSizes(app: string): Promise<string[]> {
  const published = join(app, 'node_modules/quire/dist');
  const iife = gzippedSize(readFileSync(join(published, 'quire.min.js')));
  const openPath = { esbuild: await bundleSize('esbuild', app, openAndReportEntry), rollup: await bundleSize('rollup', app, openAndReportEntry) };
  const editor = await bundleSize('esbuild', app, "export { Editor } from 'quire/editor';");
  const editorTotal = editor.upFront + lazyTotal(editor);
  const jszip = await bundleSize('esbuild', repositoryRoot, "export { default } from 'jszip';");
  const versus = (bytes: number) => `${(bytes / jszip.upFront).toFixed(2)}x`;
  const lazyRows = (size: BundleSize) => Object.entries(size.lazy).map(([name, bytes]) => [`  lazy chunk: ${name}`, kb(bytes), versus(bytes), '–']);
  const editorCode = (size: BundleSize) => size.upFrontModules.filter((module) => editorOnlyModule.test(module));
  const openPathRows = (['esbuild', 'rollup'] as const).flatMap((bundler) => {
    const size = openPath[bundler];
    const kept = editorCode(size).length > 0 ? '; editor code kept: MISSED' : '';
    return [[`open path up front: \`openDocument\` from \`quire\` (${bundler})`, kb(size.upFront), versus(size.upFront), within(size.upFront, openPathBudget) + kept], ...lazyRows(size)];
  });
  const fonts = join(published, 'fonts');
  const latinFonts = fontFiles(fonts, /-latin-\d.*\.woff2$/);
  const extendedFonts = fontFiles(fonts, /-latin-ext-.*\.woff2$/);
  const carlitoRegular = fontFiles(fonts, /^carlito-latin-400-normal\./);
  printTable(
    ['bundle from the packed `quire` (min+gzip)', 'size', 'vs JSZip', 'budget'],
    [
      ...openPathRows,
      ['editor up front (`quire/editor`, esbuild)', kb(editor.upFront), versus(editor.upFront), within(editor.upFront, editorBudget)],
      ...lazyRows(editor),
      ['editor with every lazy chunk', kb(editorTotal), versus(editorTotal), within(editorTotal, editorWithLazyChunksBudget)],
      ['dist/quire.min.js (IIFE, everything inside)', kb(iife), versus(iife), within(iife, editorWithLazyChunksBudget)],
      ['JSZip alone (baseline)', kb(jszip.upFront), '1.00x', '–'],
      [`web fonts, Latin (dist/fonts/, ${latinFonts.count} WOFF2 files)`, kb(latinFonts.bytes), '–', 'not JS: fetched per face drawn'],
      [`web fonts, Latin Extended (${extendedFonts.count} files)`, kb(extendedFonts.bytes), '–', 'not JS: fetched per face drawn'],
      ['  a Calibri document, regular text only (Carlito)', kb(carlitoRegular.bytes), '–', '–'],
    ],
  );
  return [
    ...(['esbuild', 'rollup'] as const).flatMap((bundler) => {
      const size = openPath[bundler];
      const kept = editorCode(size);
      return [
        size.upFront > openPathBudget && `open path with ${bundler} (${kb(size.upFront)} > ${kb(openPathBudget)})`,
        kept.length > 0 && `the open path with ${bundler} holds editor code (${kept.slice(0, 3).join(', ')}${kept.length > 3 ? ', …' : ''})`,
      ];
    }),
    editor.upFront > editorBudget && `editor up front (${kb(editor.upFront)} > ${kb(editorBudget)})`,
    editorTotal > editorWithLazyChunksBudget && `editor with every lazy chunk (${kb(editorTotal)} > ${kb(editorWithLazyChunksBudget)})`,
    iife > editorWithLazyChunksBudget && `dist/quire.min.js (${kb(iife)} > ${kb(editorWithLazyChunksBudget)})`,
  ].filter((problem): problem is string => typeof problem === 'string');
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Installs each other audience's set of `packed` into an empty folder in `scratch` (from npm's
 * cache or the registry), as users do; prints files and packages under node_modules, with
 * `browser` (quire alone), against the whole set (everything a single package brought before the
 * split) and returns missed budgets.
 */
function installSizes(scratch: string, packed: PackedWorkspace, browser: InstallSize): string[] {
  const install = (name: string, tarballs: string[]) => {
    const app = join(scratch, name);
    installInto(app, tarballs);
    return measureInstall(app);
  };
  const everything = install('everything', Object.values(packed));
  const convertOnly = install('convert', [packed['@quire/convert']!, packed.quire!]);
  const cjk = install('everything-cjk', [...Object.values(packed), '@expo-google-fonts/noto-sans-sc', '@fontsource/noto-sans-arabic']);
  const versus = (size: { bytes: number }) => `${(size.bytes / everything.bytes).toFixed(2)}x`;
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
}
