import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** A held lock on a data folder; release it when the store is closed. */
export interface DataDirLock {
  release(): Promise<void>;
}

/** Thrown when another live process (or this one) already uses the data folder. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Quire process (pid ${pid}). ` +
        'The embedded store allows one process at a time: stop that process first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the embedded store's lock file (`<folder>/quire.lock`, holding the pid), because PGlite
 * corrupts its files when two processes open them. A lock left by a dead process is taken over.
 * Throws {@link DataDirLockedError} when a live process holds it.
 */
export async function acquireDataDirLock(folder: string): Promise<DataDirLock> {
  const path = join(folder, 'quire.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => unlink(path).catch(() => undefined) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && isProcessAlive(holder)) throw new DataDirLockedError(folder, holder);
    await unlink(path).catch(() => undefined);
  }
  throw new Error(`Could not take the lock file ${path}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
