// Packs the workspace packages as `npm publish` would and installs them into empty folders, as
// users get them: shared by the pack-and-install test, the examples' build test and `npm run bench size`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repositoryRoot = resolve(import.meta.dirname, '../..');

/** The tarball of each workspace package, by package name. */
export type PackedWorkspace = Readonly<Record<string, string>>;

/** What an install brings: every file under node_modules, and every package (nested ones too). */
export interface InstallSize {
  readonly bytes: number;
  readonly packages: number;
}

/** Runs a command, with `env` added to the environment, and returns its standard output; throws with its standard error when it fails. */
export function run(command: string, args: readonly string[], cwd: string, env: Readonly<Record<string, string>> = {}): string {
  return execFileSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

/** Packs every workspace package (already built), or those named in `names`, into `destination`. */
export function packWorkspace(destination: string, names?: readonly string[]): PackedWorkspace {
  mkdirSync(destination, { recursive: true });
  const which = names === undefined ? ['--workspaces'] : names.map((name) => `--workspace=${name}`);
  const packed = JSON.parse(run('npm', ['pack', ...which, '--ignore-scripts', '--json', '--pack-destination', destination], repositoryRoot)) as {
    name: string;
    filename: string;
  }[];
  return Object.fromEntries(packed.map(({ name, filename }) => [name, join(destination, filename)]));
}

/**
 * Installs `tarballs` (and what they depend on, from the registry or npm's cache) into a new
 * folder `app` with a bare package.json, without dev dependencies, as a user's app would.
 */
export function installInto(app: string, tarballs: readonly string[]): void {
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs], app);
}

/** Sums the files under `app/node_modules` and counts the packages there, nested ones included. */
export function measureInstall(app: string): InstallSize {
  let bytes = 0;
  let packages = 0;
  const walk = (folder: string, inNodeModules: boolean): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isFile()) bytes += statSync(path).size;
      if (!entry.isDirectory()) continue;
      const isPackage = inNodeModules && !entry.name.startsWith('@') && !entry.name.startsWith('.');
      if (isPackage) packages++;
      walk(path, entry.name === 'node_modules' || (inNodeModules && entry.name.startsWith('@')));
    }
  };
  walk(join(app, 'node_modules'), true);
  return { bytes, packages };
}
