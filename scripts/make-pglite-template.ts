// `npm run pglite-template -w @quire/server`: makes the prepared data folder that the embedded
// store starts from (packages/server/assets/pglite-<version>.tar.br), so that a first start needs
// no initdb, which peaks at about 620 MB. Run it after changing the PGlite version that
// packages/server/package.json pins, or the settings in pglite-memory-settings.ts; a test checks
// that the file for the installed version is there and that a store starts from it.
import { writeFileSync } from 'node:fs';
import { constants, brotliCompressSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_MEMORY_SETTINGS } from '../packages/server/src/store/pglite-memory-settings.js';
import { installedPGliteVersion, pgliteTemplatePath } from '../packages/server/src/store/pglite-template.js';

const pglite = await PGlite.create({
  initDbStartParams: [...PGLITE_MEMORY_SETTINGS],
  startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
});
// A checkpoint first, so that the server's first start replays no WAL.
await pglite.exec('CHECKPOINT');
const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
await pglite.close();
// Brotli at its best takes a minute here but makes the file a third of gzip's size (1.4 MB, not
// 4.5 MB): PGlite's own gzip tarball would grow every install of @quire/server by that much more.
const compressed = brotliCompressSync(tar, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: tar.length },
});
const file = pgliteTemplatePath(installedPGliteVersion());
writeFileSync(file, compressed);
console.log(`${file}: ${tar.length} bytes of tar, ${compressed.length} compressed`);
