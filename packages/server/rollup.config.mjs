// Builds @quire/server: ESM and CJS with dependencies left as imports, the `quire` command,
// bundled type declarations and the usage dashboard it serves (rollup.dashboard.mjs).
import { readFileSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { externalsOf } from '../../rollup.externals.mjs';
import { dashboardBuild } from './rollup.dashboard.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = externalsOf(pkg);

const plugins = () => [nodeResolve(), esbuild({ target: 'es2022' })];

export default [
  {
    input: { index: 'src/index.ts' },
    external,
    plugins: plugins(),
    output: [
      { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      { dir: 'dist/cjs', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs', exports: 'named' },
    ],
  },
  {
    input: { cli: 'src/cli/main.ts' },
    external,
    plugins: plugins(),
    output: { dir: 'dist/esm', format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', banner: '#!/usr/bin/env node' },
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
  dashboardBuild,
];
