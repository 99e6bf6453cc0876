// The web fonts the editor loads, as the build ships them (`npm test` builds first): the files
// the loader names are in dist/fonts/, published as `quire/fonts/*`, and each build's default
// fonts folder is dist/fonts/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fallbackWebFontFaces, webFontFaces } from '../../src/model/web-font-faces.js';
import { OPEN_FONTS } from '../../src/model/word-fonts.js';

const root = resolve(import.meta.dirname, '../..');
const fontsFolder = join(root, 'dist/fonts');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => join(folder, name)).filter((path) => statSync(path).isFile());
}

describe('dist/fonts', () => {
  it('holds exactly the files the editor loads, four faces of the six open fonts in Latin, Latin Extended and Hebrew where they have it, the Arabic fallback, and their licences', () => {
    const named = [...new Set(Object.values(OPEN_FONTS).flatMap((font) => [...webFontFaces(font), ...fallbackWebFontFaces(font)].map((face) => face.file)))];
    // Six fonts by four faces by two subsets, the Hebrew of three of them, and two weights of Noto Sans Arabic.
    expect(named).toHaveLength(48 + 12 + 2);
    const licences = [...Object.keys(OPEN_FONTS), 'noto-sans-arabic'].map((id) => `${id}-LICENSE.txt`);
    expect(readdirSync(fontsFolder).sort()).toEqual([...named, ...licences].sort());
    for (const name of licences) expect(readFileSync(join(fontsFolder, name), 'utf8'), name).toContain('SIL Open Font License, Version 1.1');
    for (const name of named) expect(readFileSync(join(fontsFolder, name)).subarray(0, 4).toString('latin1'), name).toBe('wOF2');
  });

  it('is published as quire/fonts/*', () => {
    const require = createRequire(join(root, 'package.json'));
    expect(require.resolve('quire/fonts/carlito-latin-400-normal.woff2')).toBe(join(fontsFolder, 'carlito-latin-400-normal.woff2'));
  });

  it('is the default fonts folder of the ESM and CommonJS builds, from every file that names it', () => {
    const holders = [...filesUnder(join(root, 'dist/esm')), ...filesUnder(join(root, 'dist/cjs'))].flatMap((path) => {
      const relative = /\.c?js$/.test(path) ? /new URL\("((?:\.\.\/)+fonts\/)"/.exec(readFileSync(path, 'utf8'))?.[1] : undefined;
      return relative === undefined ? [] : [{ path, relative }];
    });
    expect(holders.map(({ path }) => path.slice(root.length))).toEqual(['/dist/esm/editor/fonts/default-fonts-base.js', '/dist/cjs/editor/fonts/default-fonts-base.cjs']);
    for (const { path, relative } of holders) expect(new URL(relative, pathToFileURL(path)).href, path).toBe(`${pathToFileURL(fontsFolder).href}/`);
  });

  it('is the folder next to quire.min.js for the script-tag build', () => {
    expect(readFileSync(join(root, 'dist/quire.min.js'), 'utf8')).toContain('new URL("fonts/",');
  });
});
