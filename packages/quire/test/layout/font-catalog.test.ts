// The font catalog over a source held in memory: what a browser gives it. No file is read here.
import { describe, expect, it } from 'vitest';
import { faceKey, WORD_LINE_METRICS, type FaceId } from '../../src/model/index.js';
import { FontCatalog, parseFontFaceCss, type FontFile, type FontSource } from '../../src/layout/font-catalog.js';
import { FONTS_PACKAGE_MISSING, type FamilyId } from '../../src/layout/font-families.js';

const LATIN: [number, number][] = [[0x20, 0x7e]];
const file = (key: string, ranges: [number, number][]): FontFile => ({ key, path: `memory:${key}`, ranges });

/** The files of each face by `faceKey`: Latin everywhere, Hebrew in Arimo, Arabic and CJK in their fallbacks. */
const FILES: Readonly<Record<string, FontFile[]>> = {
  'carlito/400': [file('carlito-latin-400-normal', LATIN), file('carlito-greek-400-normal', [[0x391, 0x3c9]])],
  'carlito/700': [file('carlito-latin-700-normal', LATIN)],
  'carlito/400-italic': [file('carlito-latin-400-italic', LATIN)],
  'tinos/400': [file('tinos-latin-400-normal', LATIN)],
  'arimo/400': [file('arimo-latin-400-normal', LATIN), file('arimo-hebrew-400-normal', [[0x5d0, 0x5ea]])],
  'arimo/400-italic': [file('arimo-latin-400-italic', LATIN)],
  'gelasio/400': [file('gelasio-latin-400-normal', LATIN)],
  // Noto Sans Arabic's Latin file must not lend Latin letters; its Arabic one covers the joiners too.
  'noto-sans-arabic/400': [file('noto-sans-arabic-latin-400-normal', [[0x20, 0x7e], [0x2190, 0x21ff]]), file('noto-sans-arabic-arabic-400-normal', [[0x600, 0x6ff], [0x200c, 0x200d]])],
  'noto-sans-sc/400': [file('noto-sans-sc-400', [[0x4e00, 0x9fff]])],
};

/** An in-memory source over {@link FILES} without the families in `missing`, counting what it is asked. */
function memorySource(missing: readonly FamilyId[] = []): FontSource & { asked: string[]; loads: string[] } {
  const asked: string[] = [];
  const loads: string[] = [];
  return {
    asked,
    loads,
    hasFamily: (family) => !missing.includes(family),
    faceFiles(face: FaceId) {
      asked.push(faceKey(face));
      return missing.includes(face.family) ? null : (FILES[faceKey(face)] ?? []);
    },
    load(font) {
      loads.push(font.key);
      return new TextEncoder().encode(font.path);
    },
  };
}

const regular = { bold: false, italic: false };
const runs = (catalog: FontCatalog, text: string, family: FamilyId, style = regular) => catalog.segment(text, family, style).map((segment) => [segment.text, segment.file.key]);

describe('FontCatalog over an in-memory font source', () => {
  it('splits text into runs of the file of the requested face that covers each character', () => {
    const catalog = new FontCatalog(memorySource());
    expect(runs(catalog, 'Alpha Ωμέγα!', 'carlito')).toEqual([
      ['Alpha ', 'carlito-latin-400-normal'],
      ['Ωμέγα', 'carlito-greek-400-normal'],
      ['!', 'carlito-latin-400-normal'],
    ]);
    expect(runs(catalog, 'Bold', 'carlito', { bold: true, italic: false })).toEqual([['Bold', 'carlito-latin-700-normal']]);
  });

  it('takes a character its family lacks from the fallback chain: Hebrew from Arimo, Arabic from Noto Sans Arabic, Chinese from Noto Sans SC', () => {
    const catalog = new FontCatalog(memorySource());
    expect(runs(catalog, 'a שלום ب 中', 'tinos')).toEqual([
      ['a ', 'tinos-latin-400-normal'],
      ['שלום', 'arimo-hebrew-400-normal'],
      [' ', 'tinos-latin-400-normal'],
      ['ب', 'noto-sans-arabic-arabic-400-normal'],
      [' ', 'tinos-latin-400-normal'],
      ['中', 'noto-sans-sc-400'],
    ]);
  });

  it("borrows only Noto Sans Arabic's Arabic file, not its Latin one, for a fallback", () => {
    const catalog = new FontCatalog(memorySource());
    // An arrow: only Noto Sans Arabic's Latin file has it here, and it lends nothing; the family's first file draws it.
    expect(runs(catalog, '→', 'tinos')).toEqual([['→', 'tinos-latin-400-normal']]);
    expect(runs(catalog, '→', 'noto-sans-arabic')).toEqual([['→', 'noto-sans-arabic-latin-400-normal']]);
  });

  it('sets the CJK and Arabic fallbacks upright in italic text, asking the source for their upright face', () => {
    const source = memorySource();
    const catalog = new FontCatalog(source);
    expect(runs(catalog, 'a中', 'carlito', { bold: false, italic: true })).toEqual([
      ['a', 'carlito-latin-400-italic'],
      ['中', 'noto-sans-sc-400'],
    ]);
    expect(source.asked).toContain('noto-sans-sc/400');
    expect(source.asked).not.toContain('noto-sans-sc/400-italic');
  });

  it('keeps a joiner with the letters before it when their file covers it', () => {
    const catalog = new FontCatalog(memorySource());
    expect(runs(catalog, 'ب\u200cب', 'carlito')).toEqual([['ب\u200cب', 'noto-sans-arabic-arabic-400-normal']]);
  });

  it("draws a character no font covers with the family's first file", () => {
    const catalog = new FontCatalog(memorySource());
    expect(runs(catalog, '\u0001', 'gelasio')).toEqual([['\u0001', 'gelasio-latin-400-normal']]);
  });

  it('tags each file with its face, and Gelasio files with the line metrics of Georgia', () => {
    const catalog = new FontCatalog(memorySource());
    const [latin] = catalog.segment('a', 'arimo', { bold: false, italic: true });
    expect(latin!.file.face).toEqual({ family: 'arimo', weight: 400, italic: true });
    expect(latin!.file.lineMetrics).toBeUndefined();
    const [gelasio] = catalog.segment('a', 'gelasio', regular);
    expect(gelasio!.file.lineMetrics).toEqual(WORD_LINE_METRICS.gelasio);
  });

  it('asks the source for each face once and loads the bytes of each file once, however many times text needs them', () => {
    const source = memorySource();
    const catalog = new FontCatalog(source);
    for (const text of ['one', 'two', 'שלום', 'three']) catalog.segment(text, 'carlito', regular);
    expect(source.asked.filter((key) => key === 'carlito/400')).toHaveLength(1);
    expect(source.asked.filter((key) => key === 'arimo/400')).toHaveLength(1);
    const [segment] = catalog.segment('a', 'carlito', regular);
    expect(new TextDecoder().decode(catalog.load(segment!.file))).toBe('memory:carlito-latin-400-normal');
    catalog.load(segment!.file);
    expect(source.loads).toEqual(['carlito-latin-400-normal']);
  });

  it('lists the optional families the source lacks, and goes on without them', () => {
    const catalog = new FontCatalog(memorySource(['noto-sans-sc']));
    expect(catalog.unavailableFamilies().map(({ family }) => family)).toEqual(['noto-sans-sc']);
    expect(runs(catalog, 'a中', 'carlito')).toEqual([['a中', 'carlito-latin-400-normal']]);
    expect(new FontCatalog(memorySource()).unavailableFamilies()).toEqual([]);
  });

  it('throws the missing-fonts error when a Word font clone is not there', () => {
    const catalog = new FontCatalog(memorySource(['carlito']));
    expect(() => catalog.segment('a', 'carlito', regular)).toThrow(FONTS_PACKAGE_MISSING);
  });
});

describe('parseFontFaceCss', () => {
  it('reads the file and Unicode ranges of each WOFF @font-face rule, locating the file by its name', () => {
    const css = [
      '/* carlito-latin-400-normal */',
      "@font-face { font-family: 'Carlito'; src: url(./files/carlito-latin-400-normal.woff2) format('woff2'), url(./files/carlito-latin-400-normal.woff) format('woff');",
      '  unicode-range: U+0000-00FF,U+0131, U+2000-206F; }',
      "@font-face { font-family: 'Carlito'; src: url(./files/carlito-greek-400-normal.woff) format('woff'); unicode-range: U+0370-0377,U+0375; }",
      "@font-face { font-family: 'Carlito'; src: url(./files/no-ranges.woff) format('woff'); }",
    ].join('\n');
    expect(parseFontFaceCss(css, (name) => `https://fonts.example/${name}`)).toEqual([
      { key: 'carlito-latin-400-normal', path: 'https://fonts.example/carlito-latin-400-normal.woff', ranges: [[0x0, 0xff], [0x131, 0x131], [0x2000, 0x206f]] },
      { key: 'carlito-greek-400-normal', path: 'https://fonts.example/carlito-greek-400-normal.woff', ranges: [[0x370, 0x377]] },
    ]);
  });
});
