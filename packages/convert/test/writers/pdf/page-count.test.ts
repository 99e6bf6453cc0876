import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { FontCatalog, writePdf } from '../../../src/writers/pdf/index.js';
import { convertWithLibreOffice } from '../../../../../test/support/libreoffice.js';
import { withWriterFonts } from './libreoffice-fonts.js';
import { pageCount } from '../../../../../test/support/pdf-tools.js';

const DOCX = new URL('../../../../../test/fixtures/docx/', import.meta.url);

describe('writePdf pagination against LibreOffice', () => {
  it('gives every DOCX fixture the page count LibreOffice gives it, within one page', { timeout: 240_000 }, async () => {
    const names = readdirSync(DOCX).filter((name) => name.endsWith('.docx')).sort();
    expect(names.length).toBeGreaterThanOrEqual(56);
    const inputs = new Map(names.map((name) => [name, new Uint8Array(readFileSync(new URL(name, DOCX)))]));
    // One soffice call converts the whole batch (well under a minute for the 56 fixtures on 2 cores).
    const reference = await withWriterFonts(() => convertWithLibreOffice(inputs, 'pdf'));
    const fonts = new FontCatalog();
    const off: string[] = [];
    for (const name of names) {
      const { value } = await readDocx(inputs.get(name)!);
      const ours = pageCount(await writePdf(value, { fonts }));
      const theirs = pageCount(reference.get(name)!);
      if (Math.abs(ours - theirs) > 1) off.push(`${name}: built-in ${ours} pages, LibreOffice ${theirs}`);
    }
    expect(off).toEqual([]);
  });
});
