// Builds @quire/convert: ESM and CJS with its dependencies (quire's model and readers among them)
// left as imports, bundled type declarations, and the built-in engine's worker script.
import { readFileSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { externalsOf } from '../../rollup.externals.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = externalsOf(pkg);

const plugins = () => [nodeResolve(), esbuild({ target: 'es2022' })];

// The engine finds its worker at `../convert/builtin-worker.js` from the chunk it is in
// (src/engines/builtin/start-builtin-worker.ts), so the engine always goes into a chunk.
const engineInChunk = (id) => (id.includes('/src/engines/builtin/') ? 'builtin-engine' : undefined);

export default [
  {
    input: { index: 'src/index.ts' },
    external,
    plugins: plugins(),
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', manualChunks: engineInChunk },
      { dir: 'dist/cjs', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs', exports: 'named', manualChunks: engineInChunk },
    ],
  },
  {
    // The built-in conversion engine's worker thread, loaded by path.
    input: { 'convert/builtin-worker': 'src/engines/builtin/builtin-worker.ts' },
    external,
    plugins: plugins(),
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/worker-[name]-[hash].js' },
      { dir: 'dist/cjs', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/worker-[name]-[hash].cjs' },
    ],
  },
  {
    input: { index: 'src/index.ts' },
    external,
    plugins: [dts()],
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].d.ts' },
      { dir: 'dist/cjs', format: 'esm', entryFileNames: '[name].d.cts' },
    ],
  },
];
