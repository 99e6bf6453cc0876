import { PGlite } from '@electric-sql/pglite';
import { mkdir } from 'node:fs/promises';

/**
 * Initialises an empty PGlite data folder at `folder` (the slow `initdb` step, several seconds),
 * so each test can copy it instead of initialising its own.
 */
export async function createPGliteTemplate(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const pglite = await PGlite.create({ dataDir: folder });
  await pglite.close();
}
