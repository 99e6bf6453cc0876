import { fileURLToPath } from 'node:url';

const source = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url));

/**
 * The workspace packages' exports, mapped to their sources for the tests (vitest) and the tools
 * run with tsx: what `quire/model` is in a build (packages/quire/dist/esm/model/index.js) is
 * packages/quire/src/model/index.ts here. Longest names first, as aliases match by prefix.
 */
export const workspaceSourceAliases = [
  { find: /^quire\/(editor|model|readers|package|identity|telemetry|writers|layout)$/, replacement: source('quire/src/$1/index.ts') },
  { find: /^quire$/, replacement: source('quire/src/index.ts') },
  { find: /^@quire\/convert$/, replacement: source('convert/src/index.ts') },
  { find: /^@quire\/server$/, replacement: source('server/src/index.ts') },
];
