import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGLITE_MEMORY_SETTINGS } from './pglite-memory-settings.js';
import { locatePGliteTemplate, resolvePGliteEntry } from './pglite-template.js';

// CommonJS for `node -e`, so the child needs no file of its own, from sources and builds alike.
// argv: PGlite's entry, the prepared data folder (a Brotli-compressed tar), the folder, the settings as JSON.
const LOAD_SCRIPT = [
  'const [entry, template, folder, settings] = process.argv.slice(1);',
  "const { PGlite } = require(entry);",
  "const tar = require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(template));",
  'PGlite.create({ dataDir: folder, loadDataDir: new Blob([tar]), startParams: [...PGlite.defaultStartParams, ...JSON.parse(settings)] })',
  '  .then((pglite) => pglite.close())',
  '  .catch((error) => { console.error(error); process.exitCode = 1; });',
].join('\n');

/**
 * Makes `folder` hold an initialised PGlite database, unless it already does (it has
 * `PG_VERSION`), from the prepared data folder shipped with `@quire/server` (see
 * `pglite-template.ts`): PGlite's own initdb would start a second PostgreSQL and copy its whole
 * memory, peaking at about 620 MB. PGlite unpacks it and starts on it once, in a short-lived child
 * process (about 240 MB), so the server keeps none of that memory, in a staging folder renamed
 * into place when complete: a first start that is killed leaves no half-made store. Throws when
 * that fails (with its error output), when no prepared folder matches the installed PGlite, or
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
    await runLoadProcess(locatePGliteTemplate(), staging);
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

function runLoadProcess(template: string, folder: string): Promise<void> {
  // PostgreSQL runs once there: V8's baseline WebAssembly compiler is enough, and leaving out the
  // optimising one lowers the child's peak (and makes it faster).
  const child = spawn(process.execPath, ['--liftoff-only', '-e', LOAD_SCRIPT, resolvePGliteEntry(), template, folder, JSON.stringify(PGLITE_MEMORY_SETTINGS)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`PGlite could not prepare ${folder} from its prepared data folder (${signal ?? `exit code ${code}`}): ${errors.trim()}`));
    });
  });
}
