import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The entry file of the installed PGlite (CommonJS), for a child process to load. */
export function resolvePGliteEntry(): string {
  return require.resolve('@electric-sql/pglite');
}

/** The version of the installed PGlite, from its package.json (which its exports do not expose). */
export function installedPGliteVersion(): string {
  const manifest = join(dirname(resolvePGliteEntry()), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Where `@quire/server` keeps the prepared data folder for PGlite `version`: an initialised,
 * empty database as PGlite's `dumpDataDir` writes it (a tar file), compressed with Brotli. It is
 * made by `npm run pglite-template -w @quire/server` and shipped in the package (`assets/`).
 */
export function pgliteTemplatePath(version: string): string {
  return join(dirname(serverManifest()), 'assets', `pglite-${version}.tar.br`);
}

function serverManifest(): string {
  return require.resolve('@quire/server/package.json');
}

/**
 * Returns the prepared data folder for the installed PGlite. Throws, saying what to do, when
 * there is none: a data folder is tied to the PostgreSQL inside one PGlite release, which is why
 * `@quire/server` pins PGlite's exact version.
 */
export function locatePGliteTemplate(): string {
  const version = installedPGliteVersion();
  const path = pgliteTemplatePath(version);
  if (!existsSync(path)) {
    const pinned = (JSON.parse(readFileSync(serverManifest(), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@electric-sql/pglite'];
    throw new Error(
      `@quire/server ships a prepared PGlite data folder for @electric-sql/pglite ${pinned}, but ${version} is installed (no ${path}): ` +
        `install @electric-sql/pglite@${pinned}, or use PostgreSQL (DATABASE_URL).`,
    );
  }
  return path;
}
