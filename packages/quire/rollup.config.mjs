// Builds every face of the browser package `quire` (design.md §1):
// - ESM and CJS for bundlers and Node, one file per source module, dependencies left external;
// - bundled type declarations (.d.ts for import, .d.cts for require);
// - one self-contained, minified IIFE for a plain <script> tag (global `Quire`);
// - the editor's stylesheet, dist/quire.css (`quire/style.css`);
// - the web fonts the editor loads where a document's Word font is missing, dist/fonts/ (`quire/fonts/*`).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { externalsOf } from '../../rollup.externals.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// The default collector is fixed at build time; `.invalid` (RFC 2606) can never resolve,
// so an unconfigured build never reports to a host the project does not control.
const telemetryEndpoint =
  process.env.QUIRE_TELEMETRY_ENDPOINT ?? 'https://telemetry.quire.invalid/v1/collect';

const define = {
  __QUIRE_VERSION__: JSON.stringify(pkg.version),
  __QUIRE_TELEMETRY_ENDPOINT__: JSON.stringify(telemetryEndpoint),
};

const external = externalsOf(pkg);

/** Library entries: name under dist → source file. */
const libraryEntries = {
  index: 'src/index.ts',
  // The editor on its own (`quire/editor`); `quire` re-exports it, and bundlers drop it from pages
  // that import only the open and report functions.
  'editor/index': 'src/editor/index.ts',
  // The layers under the editor, for converters running in Node (@quire/convert builds on them).
  'model/index': 'src/model/index.ts',
  'readers/index': 'src/readers/index.ts',
  'package/index': 'src/package/index.ts',
  'identity/index': 'src/identity/index.ts',
  'writers/index': 'src/writers/index.ts',
  // The page layout the PDF writer paints (and the editor's pages will): pure, Node and browsers alike.
  'layout/index': 'src/layout/index.ts',
  'telemetry/index': 'src/telemetry/index.ts',
};

/**
 * Bundles markdown-it (a devDependency) instead of leaving it to the user's bundler, with Quire's
 * own modules in place of three of its imports (mdurl and punycode.js are bundled as they are):
 * - `entities`: src/readers/markdown/markdown-it-entities.ts, so that the build carries no table of
 *   the HTML entity names (13 KB min+gzip), as browsers decode them themselves;
 * - `linkify-it`: an empty class, as Quire finds GFM's autolinks itself (gfm-autolinks.ts; 4.4 KB);
 * - `uc.micro`: the engine's own Unicode punctuation and symbol classes (2.2 KB).
 */
const MARKDOWN_IT_IMPORTS = {
  entities: './src/readers/markdown/markdown-it-entities.ts',
  'linkify-it': './src/readers/markdown/markdown-it-linkify-it.ts',
  'uc.micro': './src/readers/markdown/markdown-it-uc-micro.ts',
};
const markdownItWithoutEntityTable = () => ({
  name: 'quire-markdown-it-without-entity-table',
  resolveId(source, importer) {
    const replacement = MARKDOWN_IT_IMPORTS[source];
    if (!replacement || !importer?.includes('/node_modules/markdown-it/')) return null;
    return fileURLToPath(new URL(replacement, import.meta.url));
  },
});

/**
 * The script-tag build decodes entity names through the DOM as browser bundles do, but with
 * src/readers/markdown/decode-entity-name-on-first-use.ts in place of decode-named-character-reference,
 * whose browser version makes an element as soon as it loads: quire.min.js must load where there is
 * no DOM (a worker that only reports, a test's bare context). Its table would cost 12 KB min+gzip.
 */
const entityNamesDecodedOnFirstUse = () => ({
  name: 'quire-entity-names-decoded-on-first-use',
  resolveId(source) {
    if (source !== 'decode-named-character-reference') return null;
    return fileURLToPath(new URL('./src/readers/markdown/decode-entity-name-on-first-use.ts', import.meta.url));
  },
});

/** Emits the editor's stylesheet as dist/quire.css, next to the script-tag build. */
const editorStylesheet = () => ({
  name: 'quire-editor-stylesheet',
  buildStart() {
    this.addWatchFile('src/editor/style.css');
  },
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'quire.css', source: readFileSync(new URL('./src/editor/style.css', import.meta.url), 'utf8') });
  },
});

/**
 * Copies the Latin and Latin Extended WOFF2 files of the open fonts that stand in for Word fonts
 * (src/model/word-fonts.ts), regular, bold, italic and bold italic, and the Hebrew ones of the
 * fonts that have Hebrew, to dist/fonts/, with the Arabic subset of Noto Sans Arabic (regular and
 * bold), the PDF writer's fallback for Arabic script; the editor loads them from there
 * (src/model/web-font-faces.ts names the same files). Each family's licence goes with them, as the
 * SIL Open Font License asks of every copy.
 */
const webFonts = () => ({
  name: 'quire-web-fonts',
  generateBundle() {
    const require = createRequire(import.meta.url);
    const copy = (family, pattern, count) => {
      const directory = join(dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files');
      const files = readdirSync(directory).filter((name) => pattern.test(name));
      if (!count.includes(files.length)) this.error(`@fontsource/${family} has ${files.length} WOFF2 files matching ${pattern}, not ${count.join(' or ')}.`);
      for (const name of files) this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: readFileSync(join(directory, name)) });
      this.emitFile({ type: 'asset', fileName: `fonts/${family}-LICENSE.txt`, source: readFileSync(join(directory, '..', 'LICENSE')) });
    };
    // Eight Latin files, and four Hebrew ones in Arimo, Tinos and Cousine.
    for (const family of ['carlito', 'caladea', 'arimo', 'tinos', 'cousine', 'gelasio']) copy(family, /^[a-z]+-(?:latin|latin-ext|hebrew)-(?:400|700)-(?:normal|italic)\.woff2$/, [8, 12]);
    copy('noto-sans-arabic', /^noto-sans-arabic-arabic-(?:400|700)-normal\.woff2$/, [2]);
  },
});

// `__QUIRE_SCRIPT_TAG__` tells the script-tag build, which finds its fonts next to quire.min.js.
const transpile = ({ scriptTag = false } = {}) =>
  esbuild({ target: 'es2022', define: { ...define, __QUIRE_SCRIPT_TAG__: String(scriptTag) } });

// The library builds: dependencies stay imports; markdown-it is bundled (see markdownItWithoutEntityTable), and so
// are the layout's line breaking and bidi libraries (linebreak's data comes in CommonJS modules), so that
// `npm install quire` stays a few packages.
const libraryPlugins = () => [markdownItWithoutEntityTable(), nodeResolve(), commonjs(), transpile()];

/**
 * One file per source module, at its path under src/ (markdown-it's modules under vendor/): an
 * application's bundler then keeps only the modules a page reaches. Shared chunks would mix the
 * open path (identity, zip reading, telemetry) with the editor's modules, whose top-level code
 * (the ProseMirror schema, plugin keys) a bundler must keep once the chunk is loaded, so a page that
 * only opens and reports a document loaded ProseMirror with it (56 KB min+gzip instead of 15).
 */
const moduleFiles = (extension) => ({
  preserveModules: true,
  preserveModulesRoot: 'src',
  entryFileNames: ({ name }) => `${name.replace(/^(?:.*\/)?node_modules\//, 'vendor/')}.${extension}`,
});

export default [
  {
    input: libraryEntries,
    external,
    // The dependencies are imported for their exports only: no bare `import 'prosemirror-model'`
    // is left in a file that does not use it.
    treeshake: { moduleSideEffects: 'no-external' },
    plugins: libraryPlugins(),
    output: [
      // No source maps: they would double what `npm install quire` adds (3.3 MB of 11), and the
      // builds are readable, unminified ES2022.
      { dir: 'dist/esm', format: 'esm', ...moduleFiles('js') },
      { dir: 'dist/cjs', format: 'cjs', exports: 'named', ...moduleFiles('cjs') },
    ],
  },
  {
    input: libraryEntries,
    external,
    plugins: [dts()],
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].d.ts' },
      { dir: 'dist/cjs', format: 'esm', entryFileNames: '[name].d.cts' },
    ],
  },
  {
    // Script-tag build: everything inside, no imports, one global. Browser field resolution
    // keeps Node-only code paths out.
    input: 'src/index.ts',
    plugins: [markdownItWithoutEntityTable(), entityNamesDecodedOnFirstUse(), nodeResolve({ browser: true }), commonjs(), transpile({ scriptTag: true }), editorStylesheet(), webFonts()],
    output: {
      file: 'dist/quire.min.js',
      format: 'iife',
      name: 'Quire',
      exports: 'named',
      // Lazily loaded parts (export writer, JS hash fallback) are inlined: a classic script
      // cannot load chunks.
      inlineDynamicImports: true,
      plugins: [terser({ format: { comments: false } })],
    },
  },
];
