// Builds every face of the package (design.md §1):
// - ESM and CJS for bundlers and Node, dependencies left external;
// - bundled type declarations (.d.ts for import, .d.cts for require);
// - one self-contained, minified IIFE for a plain <script> tag (global `Quire`).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// The default collector is fixed at build time; `.invalid` (RFC 2606) can never resolve,
// so an unconfigured build never reports to a host the project does not control.
const telemetryEndpoint =
  process.env.QUIRE_TELEMETRY_ENDPOINT ?? 'https://telemetry.quire.invalid/v1/collect';

const define = {
  __QUIRE_VERSION__: JSON.stringify(pkg.version),
  __QUIRE_TELEMETRY_ENDPOINT__: JSON.stringify(telemetryEndpoint),
};

const dependencies = Object.keys(pkg.dependencies ?? {});
const external = (id) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

/** Library entries: name under dist → source file. */
const libraryEntries = {
  index: 'src/index.ts',
  'server/index': 'src/server/index.ts',
  'convert/index': 'src/convert/index.ts',
};

const transpile = () => esbuild({ target: 'es2022', define, sourceMap: true });

export default [
  {
    input: libraryEntries,
    external,
    plugins: [transpile()],
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', sourcemap: true },
      { dir: 'dist/cjs', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs', sourcemap: true, exports: 'named' },
    ],
  },
  {
    input: { 'server/cli': 'src/server/cli/main.ts' },
    external,
    plugins: [transpile()],
    output: { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', banner: '#!/usr/bin/env node' },
  },
  {
    // The built-in conversion engine's worker thread, loaded by path: `convert/builtin-worker.js`
    // sits one folder below dist/esm (dist/cjs) like every chunk that may hold the engine.
    input: { 'convert/builtin-worker': 'src/convert/engines/builtin/builtin-worker.ts' },
    external,
    plugins: [transpile()],
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/worker-[name]-[hash].js' },
      { dir: 'dist/cjs', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/worker-[name]-[hash].cjs' },
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
    plugins: [nodeResolve({ browser: true }), commonjs(), transpile()],
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
