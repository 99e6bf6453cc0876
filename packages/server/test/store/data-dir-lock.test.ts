import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/store/data-dir-lock.js';

describe('acquireDataDirLock', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'quire-lock-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('writes the pid and refuses a second holder until released', async () => {
    const lock = await acquireDataDirLock(folder);
    expect(await readFile(join(folder, 'quire.lock'), 'utf8')).toBe(String(process.pid));
    await expect(acquireDataDirLock(folder)).rejects.toBeInstanceOf(DataDirLockedError);

    await lock.release();
    const again = await acquireDataDirLock(folder);
    await again.release();
  });

  it('takes over a lock left behind by a process that no longer exists', async () => {
    await writeFile(join(folder, 'quire.lock'), '2147483646');
    const lock = await acquireDataDirLock(folder);

    expect(await readFile(join(folder, 'quire.lock'), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it('names the folder and the holder in its message', async () => {
    const lock = await acquireDataDirLock(folder);
    await expect(acquireDataDirLock(folder)).rejects.toThrow(`${folder} is in use by another Quire process (pid ${process.pid})`);
    await lock.release();
  });
});
