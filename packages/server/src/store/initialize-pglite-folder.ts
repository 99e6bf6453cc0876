import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGLITE_MEMORY_SETTINGS } from './pglite-memory-settings.js';

// CommonJS for `node -e`, so the child needs no file of its own, from sources and builds alike.
// argv: PGlite's entry, the folder, the settings as JSON.
const INITDB_SCRIPT = [
  'const [entry, folder, settings] = process.argv.slice(1);',
  'const params = JSON.parse(settings);',
  'require(entry).PGlite.create({ dataDir: folder, initDbStartParams: params, startParams: [...require(entry).PGlite.defaultStartParams, ...params] })',
  '  .then((pglite) => pglite.close())',
  '  .catch((error) => { console.error(error); process.exitCode = 1; });',
].join('\n');

/**
 * Makes `folder` hold an initialised PGlite database, unless it already does (it has
 * `PG_VERSION`). PGlite's initdb runs a second PostgreSQL instance and copies its whole memory,
 * peaking over 700 MB, and the process that ran it keeps about 500 MB of it, so it runs in a
 * short-lived child process, in a staging folder renamed into place when complete: a first start
 * that is killed leaves no half-made store. Throws when initdb fails (with its error output), or
 * when `folder` holds files but no database.
 */
export async function initializePGliteFolder(folder: string): Promise<void> {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  const existing = (await readdir(folder).catch(ignoreMissing)) ?? [];
  if (existing.length > 0) throw new Error(`${folder} holds files but no PGlite database (no PG_VERSION); move it away to start a new store.`);
  const staging = `${folder}.initdb`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await runInitdbProcess(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rmdir(folder).catch(ignoreMissing);
  await rename(staging, folder);
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code !== 'ENOENT') throw error;
  return undefined;
}

function runInitdbProcess(folder: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // initdb runs once: V8's baseline WebAssembly compiler is enough, and leaving out the
  // optimising one lowers the child's peak by about 90 MB (and makes it faster).
  const child = spawn(process.execPath, ['--liftoff-only', '-e', INITDB_SCRIPT, entry, folder, JSON.stringify(PGLITE_MEMORY_SETTINGS)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`PGlite initdb in ${folder} failed (${signal ?? `exit code ${code}`}): ${errors.trim()}`));
    });
  });
}
