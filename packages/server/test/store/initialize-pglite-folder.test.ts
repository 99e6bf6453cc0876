import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { initializePGliteFolder } from '../../src/store/initialize-pglite-folder.js';
import { installedPGliteVersion, locatePGliteTemplate, pgliteTemplatePath } from '../../src/store/pglite-template.js';

describe('initializePGliteFolder', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'quire-initdb-'));
  });
  afterEach(() => rm(scratch, { recursive: true, force: true }));

  it('ships a prepared data folder for the exact PGlite version package.json pins, which is the one installed', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string>; files: string[] };
    const pinned = manifest.dependencies['@electric-sql/pglite'];

    // A data folder holds the catalogue of the PostgreSQL inside one PGlite release: no range.
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installedPGliteVersion()).toBe(pinned);
    expect(locatePGliteTemplate()).toBe(pgliteTemplatePath(pinned!));
    expect(pgliteTemplatePath(pinned!)).toBe(fileURLToPath(new URL(`../../assets/pglite-${pinned}.tar.br`, import.meta.url)));
    expect(manifest.files).toContain('assets');
  });

  it('makes a missing folder a database from the prepared data folder, which PGlite opens, with the small shared buffers written into its configuration', async () => {
    const folder = join(scratch, 'pglite');

    await initializePGliteFolder(folder);

    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${folder}.initdb`)).toBe(false);
    expect(await readFile(join(folder, 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 16MB/m);
    const pglite = await PGlite.create({ dataDir: folder });
    const { rows } = await pglite.query<{ answer: number }>('select 6 * 7 as answer');
    await pglite.close();
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it('replaces the staging folder and the empty folder that an interrupted first start left', async () => {
    const folder = join(scratch, 'pglite');
    await mkdir(folder);
    await mkdir(`${folder}.initdb`);
    await writeFile(join(`${folder}.initdb`, 'PG_VERSION'), 'half-made');

    await initializePGliteFolder(folder);

    expect((await readFile(join(folder, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
    expect(existsSync(`${folder}.initdb`)).toBe(false);
  });

  it('leaves a folder that already holds a database as it is', async () => {
    const folder = join(scratch, 'pglite');
    await cp(inject('pgliteTemplateDir'), folder, { recursive: true });
    await writeFile(join(folder, 'kept.txt'), 'mine');

    await initializePGliteFolder(folder);

    expect(await readFile(join(folder, 'kept.txt'), 'utf8')).toBe('mine');
    expect(existsSync(`${folder}.initdb`)).toBe(false);
  });

  it('refuses a folder that holds files but no database, and keeps those files', async () => {
    const folder = join(scratch, 'pglite');
    await mkdir(folder);
    await writeFile(join(folder, 'notes.txt'), 'not a database');

    await expect(initializePGliteFolder(folder)).rejects.toThrow(`${folder} holds files but no PGlite database`);
    expect(await readFile(join(folder, 'notes.txt'), 'utf8')).toBe('not a database');
    expect(existsSync(`${folder}.initdb`)).toBe(false);
  });
});
