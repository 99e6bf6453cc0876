import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// Unit tests run in Node by default; files that need a DOM opt in with
// `// @vitest-environment happy-dom` at the top.
export default defineConfig({
  // The same build-time constants rollup defines, so tests see what users get.
  define: { __QUIRE_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Starts PostgreSQL (or uses QUIRE_TEST_DATABASE_URL) and prepares a PGlite template for the store tests.
    globalSetup: ['test/global-setup.ts'],
  },
});
