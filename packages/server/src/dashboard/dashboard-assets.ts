import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the built dashboard, ready to serve. */
export interface DashboardAsset {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** The files `npm run build` writes to dist/dashboard/ (rollup.dashboard.mjs), by name. */
export const DASHBOARD_FILES: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};

/**
 * Returns a loader of the built dashboard files in `<package root>/dist/dashboard/`, found from
 * this module's location (src/ in development and tests, dist/ once installed) by walking up to
 * the package.json named `quire`. Files are read once and kept; undefined when not built.
 */
export function createDashboardAssets(directory = findDashboardDirectory()): (name: string) => Promise<DashboardAsset | undefined> {
  const loaded = new Map<string, Promise<DashboardAsset | undefined>>();
  return (name) => {
    const contentType = DASHBOARD_FILES[name];
    if (contentType === undefined || directory === undefined) return Promise.resolve(undefined);
    let asset = loaded.get(name);
    if (asset === undefined) {
      asset = readFile(join(directory, name)).then(
        (body) => ({ body: new Uint8Array(body), contentType }),
        () => {
          loaded.delete(name);
          return undefined;
        },
      );
      loaded.set(name, asset);
    }
    return asset;
  };
}

function findDashboardDirectory(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@quire/server') return join(folder, 'dist', 'dashboard');
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}
