import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import type { PdfWarning } from '../../../src/writers/pdf/index.js';
import { listFonts, outlineTitles, pdfText, runPoppler, squash } from '../../../../../test/support/pdf-tools.js';

const { doc, p, heading, b, i, u, s, a, sup, ul, ol, li, codeBlock, img, footnote, footnoteRef, color, highlight, font } = build;

const STANDARD_14 = /^(Times|Helvetica|Courier|Symbol|ZapfDingbats)/;
const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('writePdf', () => {
  it('writes every paragraph, heading and list item in document order', async () => {
    const pdf = await writePdf(
      doc(
        heading(1, 'Annual report'),
        p('First ', b('bold'), ' and ', i('italic'), ' and ', u('underlined'), ' and ', s('struck'), ' words.'),
        ul(li('apple'), li('banana', ul(li('nested cherry')))),
        ol({ format: 'upperRoman', start: 3 }, li('third'), li('fourth')),
        codeBlock('const x = 1;\nconst y = 2;'),
        p('E = mc', sup('2'), ' in ', color('FF0000', 'red'), ' and ', highlight('FFFF00', 'yellow'), ' and ', font({ size: 20 }, 'big'), '.'),
      ),
    );
    const text = squash(pdfText(pdf));
    const expected = ['Annual report', 'First bold and italic and underlined and struck words.', 'apple', 'banana', 'nested cherry', 'III.', 'third', 'IV.', 'fourth', 'const x = 1;', 'const y = 2;', 'E = mc2 in red and yellow and big.'];
    let from = 0;
    for (const part of expected) {
      const at = text.indexOf(part, from);
      expect(at, `"${part}" after position ${from} in: ${text}`).toBeGreaterThanOrEqual(0);
      from = at + part.length;
    }
  });

  it('round-trips Cyrillic, Greek and CJK text through embedded subset fonts and never uses a standard-14 font', async () => {
    const samples = ['Съешь же ещё этих мягких французских булок', 'Ξεσκεπάζω την ψυχοφθόρα βδελυγμία', '我能吞下玻璃而不伤身体', 'いろはにほへと', 'Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich'];
    const pdf = await writePdf(doc(...samples.map((sample) => p(sample)), p(b('Жирный'), ' ', i('κείμενο'))));
    const text = squash(pdfText(pdf));
    for (const sample of samples) expect(text).toContain(sample);
    expect(text).toContain('Жирный κείμενο');
    const fonts = listFonts(pdf);
    expect(fonts.length).toBeGreaterThan(2);
    for (const listed of fonts) {
      expect(listed.embedded, listed.name).toBe(true);
      expect(listed.subset, listed.name).toBe(true);
      expect(listed.name).not.toMatch(STANDARD_14);
    }
    expect(fonts.some((listed) => /NotoSansSC/.test(listed.name))).toBe(true);
    expect(fonts.some((listed) => /Carlito-Bold/.test(listed.name))).toBe(true);
  });

  it("prints a bullet that no embedded font draws (Wingdings' arrow ➔) as the level's usual bullet, and one a font draws as it is", async () => {
    const text = squash(pdfText(await writePdf(doc(ul({ marker: '➔' }, li('arrow')), ul({ marker: '◆' }, li('diamond'))))));
    expect(text).toContain('• arrow');
    expect(text).toContain('◆ diamond');
    expect(text).not.toContain('➔');
  });

  it('maps Word fonts to metric-compatible open fonts', async () => {
    const pdf = await writePdf(
      doc(p(font({ family: 'Times New Roman' }, 'serif'), ' ', font({ family: 'Arial' }, 'sans'), ' ', font({ family: 'Courier New' }, 'mono'), ' ', font({ family: 'Cambria' }, 'cambria'))),
    );
    const names = listFonts(pdf).map((listed) => listed.name).join(' ');
    for (const family of ['Tinos', 'Arimo', 'Cousine', 'Caladea']) expect(names).toContain(family);
  });

  it('writes title metadata, Quire as creator, and identical bytes for the same clock', async () => {
    const model = doc({ title: 'Quarterly numbers' }, p('Body'));
    const now = (): Date => new Date('2026-01-02T03:04:05Z');
    const first = await writePdf(model, { now });
    const second = await writePdf(model, { now });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const info = runPoppler('pdfinfo', ['$PDF'], first);
    expect(info).toMatch(/^Title:\s+Quarterly numbers$/m);
    expect(info).toMatch(/^Creator:\s+Quire$/m);
    expect(info).toMatch(/^CreationDate:.*2026/m);
  });

  it('adds link annotations for hyperlinks', async () => {
    const pdf = await writePdf(doc(p('See ', a('https://example.com/quire', 'the site'), '.')));
    expect(Buffer.from(pdf).toString('latin1')).toContain('(https://example.com/quire)');
    expect(squash(pdfText(pdf))).toContain('See the site.');
  });

  it('builds a nested outline from the headings', async () => {
    const pdf = await writePdf(doc(heading(1, 'Intro'), p('x'), heading(2, 'Background'), p('y'), heading(1, 'Results')));
    expect(outlineTitles(pdf)).toEqual([
      { depth: 1, title: 'Intro' },
      { depth: 2, title: 'Background' },
      { depth: 1, title: 'Results' },
    ]);
  });

  it('sets footnotes at the bottom of the page that refers to them, numbered in order of reference', async () => {
    const filler = Array.from({ length: 30 }, (_, n) => p(`Filler paragraph ${n + 1} ${'with some words '.repeat(10)}`));
    const pdf = await writePdf(
      doc(
        p('Claim', footnoteRef('n2'), ' and more', footnoteRef('n1')),
        ...filler,
        p('Late claim', footnoteRef('n3')),
        p('Closing words'),
        footnote('n1', p('Second note')),
        footnote('n2', p('First note')),
        footnote('n3', p('Third note')),
        footnote('n4', p('Orphan note')),
      ),
    );
    const first = squash(pdfText(pdf, 1, 'raw'));
    expect(first).toMatch(/Claim1 and more2/);
    expect(first.indexOf('First note')).toBeGreaterThan(first.indexOf('Filler paragraph'));
    expect(first.indexOf('Second note')).toBeGreaterThan(first.indexOf('First note'));
    expect(first).not.toContain('Third note');
    const last = squash(pdfText(pdf, 2, 'raw'));
    expect(last).toMatch(/Late claim3/);
    expect(last.indexOf('Third note')).toBeGreaterThan(last.indexOf('Closing words'));
    expect(last.indexOf('Orphan note')).toBeGreaterThan(last.indexOf('Closing words'));
  });

  it('embeds PNG images scaled into the text width and shows images without data as placeholders with a warning', async () => {
    const warnings: PdfWarning[] = [];
    const pdf = await writePdf(doc(p(img({ src: ONE_PIXEL_PNG, width: 400000, height: 400000 })), p(img({ src: 'https://example.com/a.png' })), p('after')), {
      onWarning: (warning) => warnings.push(warning),
    });
    const images = runPoppler('pdfimages', ['-list', '$PDF'], pdf).split('\n').slice(2).filter((line) => line.trim().split(/\s+/)[2] === 'image');
    expect(images).toHaveLength(1);
    // A 1-pixel image drawn at most 451 pt wide (A4 minus 1-inch margins) has at least 72/451 ppi.
    const ppi = Number(images[0]!.trim().split(/\s+/)[12]);
    expect(ppi).toBeGreaterThanOrEqual(0.15);
    expect(ppi).toBeLessThan(0.2);
    expect(warnings.map((warning) => warning.code)).toContain('PDF_IMAGE_UNSUPPORTED');
    expect(squash(pdfText(pdf))).toContain('after');
  });

  it('breaks a word wider than the line between characters', async () => {
    const word = 'x'.repeat(400);
    const pdf = await writePdf(doc(p(word)));
    const lines = pdfText(pdf).split('\n').filter((line) => line.includes('x'));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
  });
});
