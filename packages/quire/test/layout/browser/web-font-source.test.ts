import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FontCatalog, parseFontFaceCss, webFontSource } from '../../../src/layout/index.js';
import { OPEN_FONTS, type OpenFontId } from '../../../src/model/index.js';

const BASE = 'https://example.test/quire/fonts/';
const require = createRequire(import.meta.url);

/** The Latin and Latin Extended files of a face as Fontsource's CSS lists them, which the PDF writer reads. */
function fontsourceLatinFiles(family: OpenFontId, weight: 400 | 700, italic: boolean) {
  const directory = dirname(require.resolve(`@fontsource/${family}/package.json`));
  const css = readFileSync(join(directory, `${weight}${italic ? '-italic' : ''}.css`), 'utf8');
  return parseFontFaceCss(css, (name) => name)
    .filter((file) => /-latin(?:-ext)?-\d+-/.test(file.key))
    .map((file) => ({ key: file.key, path: `${BASE}${file.path}2`, ranges: file.ranges }));
}

describe('webFontSource', () => {
  const source = webFontSource(BASE);

  it.each(Object.keys(OPEN_FONTS) as OpenFontId[])("gives each face of %s the shipped files with Fontsource's keys, ranges and order", (family) => {
    for (const weight of [400, 700] as const) {
      for (const italic of [false, true]) {
        expect(source.faceFiles({ family, weight, italic })).toEqual(fontsourceLatinFiles(family, weight, italic));
      }
    }
  });

  it('has no CJK or Arabic fallback, which the editor does not ship', () => {
    expect(source.hasFamily('noto-sans-sc')).toBe(false);
    expect(source.hasFamily('noto-sans-arabic')).toBe(false);
    expect(source.faceFiles({ family: 'noto-sans-arabic', weight: 400, italic: false })).toBeNull();
    expect(new FontCatalog(source).unavailableFamilies().map(({ family }) => family)).toEqual(['noto-sans-sc', 'noto-sans-arabic']);
  });

  it('lets the catalog pick the files the PDF writer picks for Latin text', () => {
    // U+0308 (combining diaeresis) is in both subsets: Fontsource's CSS, and so the PDF writer, lists Latin Extended first.
    const segments = new FontCatalog(source).segment('Ångström ŭa\u0308', 'tinos', { bold: true, italic: false });
    expect(segments.map(({ text, file }) => [text, file.key])).toEqual([
      ['Ångström ', 'tinos-latin-700-normal'],
      ['ŭ', 'tinos-latin-ext-700-normal'],
      ['a', 'tinos-latin-700-normal'],
      ['\u0308', 'tinos-latin-ext-700-normal'],
    ]);
  });
});
