import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/docx/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraphStyle } from '../../../../../test/support/docx-package.js';
import { listFonts } from '../../../../../test/support/pdf-tools.js';

const FONT_TABLE_TYPE = 'fontTable';

// A font table as Word writes it, of fonts whose names say nothing of their class: Minerva has
// serif PANOSE, Plexus a fixed pitch, Grotesk is swiss (sans serif).
const FONT_TABLE =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:fonts xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  '<w:font w:name="Minerva"><w:panose1 w:val="02020404030301010803"/><w:family w:val="auto"/><w:pitch w:val="variable"/></w:font>' +
  '<w:font w:name="Plexus"><w:family w:val="auto"/><w:pitch w:val="fixed"/></w:font>' +
  '<w:font w:name="Grotesk"><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font>' +
  '</w:fonts>';

function runIn(font: string, text: string): string {
  return `<w:p><w:r><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}"/></w:rPr><w:t>${text}</w:t></w:r></w:p>`;
}

async function embeddedFamilies(body: string, withFontTable: boolean): Promise<string[]> {
  const docx = buildTestDocx({
    body,
    styles: paragraphStyle('Normal', '', { isDefault: true }),
    ...(withFontTable ? { raw: { 'word/fontTable.xml': FONT_TABLE }, relationships: [{ id: 'rIdFonts', type: FONT_TABLE_TYPE, target: 'fontTable.xml' }] } : {}),
  });
  const pdf = await writePdf((await readDocx(docx)).value);
  // Subset names look like ABCDEF+Tinos-Regular.
  return [...new Set(listFonts(pdf).map((font) => font.name.replace(/^[A-Z]{6}\+/, '').split('-')[0]!))].sort();
}

describe('writePdf fonts the catalogue lacks', () => {
  it('falls back by the class the font table gives: serif to Tinos, fixed pitch to Cousine, swiss to Carlito', async () => {
    expect(await embeddedFamilies(runIn('Minerva', 'Serif text'), true)).toEqual(['Tinos']);
    expect(await embeddedFamilies(runIn('Plexus', 'Code text'), true)).toEqual(['Cousine']);
    expect(await embeddedFamilies(runIn('Grotesk', 'Plain text'), true)).toEqual(['Carlito']);
  });

  it('falls back by the name of a well-known serif or monospaced family when there is no font table', async () => {
    expect(await embeddedFamilies(runIn('Book Antiqua', 'Serif text') + runIn('Garamond', 'More serif'), false)).toEqual(['Tinos']);
    expect(await embeddedFamilies(runIn('Lucida Console', 'Code text'), false)).toEqual(['Cousine']);
    expect(await embeddedFamilies(runIn('Some Unknown Face', 'Plain text'), false)).toEqual(['Carlito']);
  });
});
