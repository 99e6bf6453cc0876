import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { FontCatalog } from '../../../src/writers/pdf/font-catalog.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { listFonts, pdfText, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, p, b, i } = build;

// Characters that @fontsource/noto-sans-sc spread over eight of its unicode-range files (106, 110, 114 to 119).
const REPORT = '季度报告显示销售额增长了百分之十五。';
const GLASS = '我能吞下玻璃而不伤身体いろは';

/** The CJK fonts pdffonts lists, without their subset prefix. */
const cjkFonts = (pdf: Uint8Array) => listFonts(pdf).filter((font) => /NotoSansSC/.test(font.name));

describe('writePdf with Chinese and Japanese text', () => {
  it('embeds Noto Sans SC once per face, as one subset, however many blocks of characters the text spans', async () => {
    const pdf = await writePdf(doc(p(REPORT), p(GLASS), p(b(REPORT)), p('Latin ', b(GLASS)), p(i(REPORT))));
    const cjk = cjkFonts(pdf);
    expect(cjk.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    for (const font of cjk) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.subset, font.name).toBe(true);
    }
    const text = squash(pdfText(pdf));
    expect(text).toContain(REPORT);
    expect(text).toContain(GLASS);
    expect(text).toContain(`Latin ${GLASS}`);
  });

  it('embeds one subset per face in each document when a catalog is shared between documents', async () => {
    const fonts = new FontCatalog();
    for (const text of [REPORT, GLASS]) {
      const pdf = await writePdf(doc(p(text)), { fonts });
      expect(cjkFonts(pdf)).toHaveLength(1);
      expect(squash(pdfText(pdf))).toContain(text);
    }
  });

  it('draws the rarer characters that Fontsource left out of its files (泥濘, 謄本, Extension A 㐀) with Noto Sans SC, not as empty boxes', async () => {
    const catalog = new FontCatalog();
    const segments = catalog.segment('泥濘 謄本 㐀', 'carlito', { bold: false, italic: false });
    expect(segments.filter((segment) => segment.text.trim() !== '').map((segment) => segment.file.key)).toEqual(['noto-sans-sc-400', 'noto-sans-sc-400', 'noto-sans-sc-400']);
    expect(squash(pdfText(await writePdf(doc(p('泥濘 謄本 㐀')))))).toContain('泥濘 謄本 㐀');
  });
});
