import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceSourceAliases } from './workspace-source-aliases.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// One project per package (its tests under packages/<name>/test) and one for the tests that span
// packages (test/: packing and installing, examples, browser end-to-end, the fidelity tool).
// `npm test` runs them all; `npm test -w <package>` runs one. Unit tests run in Node; files that
// need a DOM opt in with `// @vitest-environment happy-dom` at the top. Imports of a workspace
// package resolve to its sources, so tests need no build of the package they test.
const globalSetup = fileURLToPath(new URL('./test/global-setup.ts', import.meta.url));

const project = (name: string, root: string, extra: { globalSetup?: string[] } = {}) => ({
  extends: true as const,
  // Absolute, so that `npm test -w <package>` (run from the package's folder) finds the same files.
  test: { name, root: fileURLToPath(new URL(root, import.meta.url)), include: ['test/**/*.test.ts'], ...extra },
});

export default defineConfig({
  // The same build-time constants rollup defines, so tests see what users get.
  define: { __QUIRE_VERSION__: JSON.stringify(version) },
  resolve: { alias: workspaceSourceAliases },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      project('fonts', './packages/fonts/'),
      project('quire', './packages/quire/'),
      project('convert', './packages/convert/'),
      // Starts PostgreSQL (or uses QUIRE_TEST_DATABASE_URL) and prepares a PGlite template for the store tests.
      project('server', './packages/server/', { globalSetup: [globalSetup] }),
      project('repository', './', { globalSetup: [globalSetup] }),
    ],
  },
});
