import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FontCatalog, parseFontFaceCss, webFontSource } from '../../../src/layout/index.js';
import { OPEN_FONTS, type OpenFontId } from '../../../src/model/index.js';

const BASE = 'https://example.test/quire/fonts/';
const require = createRequire(import.meta.url);

/** The Latin, Latin Extended and Hebrew files of a face as Fontsource's CSS lists them, which the PDF writer reads. */
function fontsourceShippedFiles(family: OpenFontId | 'noto-sans-arabic', weight: 400 | 700, italic: boolean) {
  const directory = dirname(require.resolve(`@fontsource/${family}/package.json`));
  const css = readFileSync(join(directory, `${weight}${italic ? '-italic' : ''}.css`), 'utf8');
  return parseFontFaceCss(css, (name) => name)
    .filter((file) => (family === 'noto-sans-arabic' ? /-arabic-\d+-/ : /-(?:latin|latin-ext|hebrew)-\d+-/).test(file.key))
    .map((file) => ({ key: file.key, path: `${BASE}${file.path}2`, ranges: file.ranges }));
}

describe('webFontSource', () => {
  const source = webFontSource(BASE);

  it.each(Object.keys(OPEN_FONTS) as OpenFontId[])("gives each face of %s the shipped files with Fontsource's keys, ranges and order", (family) => {
    for (const weight of [400, 700] as const) {
      for (const italic of [false, true]) {
        expect(source.faceFiles({ family, weight, italic })).toEqual(fontsourceShippedFiles(family, weight, italic));
      }
    }
  });

  it('has the Arabic subset of the Arabic fallback, upright in both weights', () => {
    for (const weight of [400, 700] as const) {
      for (const italic of [false, true]) expect(source.faceFiles({ family: 'noto-sans-arabic', weight, italic })).toEqual(fontsourceShippedFiles('noto-sans-arabic', weight, false));
    }
  });

  it('has the CJK fallback, 10 MB a face and not shipped, as the installed Noto Sans SC or its twins, with the PDF writer’s keys', () => {
    for (const weight of [400, 700] as const) {
      const [file, ...others] = source.faceFiles({ family: 'noto-sans-sc', weight, italic: true })!;
      expect(others).toEqual([]);
      expect(file!.key).toBe(`noto-sans-sc-${weight}`);
      expect(file!.path).toBe('');
      expect(file!.localNames).toEqual(expect.arrayContaining([`NotoSansSC-${weight === 400 ? 'Regular' : 'Bold'}`, `NotoSansCJKsc-${weight === 400 ? 'Regular' : 'Bold'}`]));
    }
    const catalog = new FontCatalog(source);
    expect(catalog.unavailableFamilies()).toEqual([]);
    expect(catalog.segment('東京、「あア」。', 'carlito', { bold: false, italic: false }).map(({ text, file }) => [text, file.key])).toEqual([['東京、「あア」。', 'noto-sans-sc-400']]);
  });

  it('lets the catalog pick the files the PDF writer picks for Hebrew and Arabic: the font’s own Hebrew, else Arimo’s, and Noto Sans Arabic', () => {
    const catalog = new FontCatalog(source);
    const keys = (family: OpenFontId) => catalog.segment('שלום سلام', family, { bold: false, italic: true }).map(({ text, file }) => [text, file.key]);
    expect(keys('carlito')).toEqual([
      ['שלום', 'arimo-hebrew-400-italic'],
      [' ', 'carlito-latin-400-italic'],
      ['سلام', 'noto-sans-arabic-arabic-400-normal'],
    ]);
    expect(keys('tinos')[0]).toEqual(['שלום', 'tinos-hebrew-400-italic']);
  });

  it('lets the catalog pick the files the PDF writer picks for Latin text', () => {
    // U+0308 (combining diaeresis) is in both subsets: Fontsource's CSS, and so the PDF writer, lists Latin Extended first.
    const segments = new FontCatalog(source).segment('Ångström ŭa\u0308', 'gelasio', { bold: true, italic: false });
    expect(segments.map(({ text, file }) => [text, file.key])).toEqual([
      ['Ångström ', 'gelasio-latin-700-normal'],
      ['ŭ', 'gelasio-latin-ext-700-normal'],
      ['a', 'gelasio-latin-700-normal'],
      ['\u0308', 'gelasio-latin-ext-700-normal'],
    ]);
  });
});
