// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestDocx, paragraph } from '../../../../test/support/docx-package.js';
import { mount } from './editor-harness.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** A `w:sectPr` whose `w:pgSz` gives `width` and `height` in that order, with `w:orient` when given, and one-inch margins. */
function sectionProperties(width: number, height: number, orient?: 'portrait' | 'landscape'): string {
  return `<w:sectPr><w:pgSz w:w="${width}" w:h="${height}"${orient ? ` w:orient="${orient}"` : ''}/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
}

/** A paragraph that ends a section other than the last, holding the section's properties. */
const sectionEnd = (sectPr: string) => `<w:p><w:pPr>${sectPr}</w:pPr></w:p>`;

/** Opens a DOCX with `body` and returns the width and height (CSS pixels) of each sheet shown. */
async function sheetSizes(body: string): Promise<{ width: number; height: number }[]> {
  const { editor, element } = mount({ document: buildTestDocx({ body }) });
  await editor.ready;
  const sheets = [...element.querySelectorAll<HTMLElement>('.quire-sheet')];
  const pixels = (sheet: HTMLElement, name: string) => Number.parseFloat(sheet.style.getPropertyValue(name));
  const sizes = sheets.map((sheet) => ({ width: pixels(sheet, '--quire-page-width'), height: pixels(sheet, '--quire-page-height') }));
  editor.destroy();
  return sizes;
}

describe('a section shown as a sheet', () => {
  it('is wider than tall when the section is landscape, though its w:pgSz gives the portrait order', async () => {
    const [sheet] = await sheetSizes(paragraph('Wide table') + sectionProperties(12240, 15840, 'landscape'));
    expect(sheet!.width).toBeGreaterThan(sheet!.height);
    expect(sheet).toEqual({ width: 15840 / 15, height: 12240 / 15 });
  });

  it('gives each section its own orientation: a portrait sheet, then a landscape one', async () => {
    const sheets = await sheetSizes(paragraph('Tall') + sectionEnd(sectionProperties(12240, 15840)) + paragraph('Wide') + sectionProperties(12240, 15840, 'landscape'));
    expect(sheets).toHaveLength(2);
    expect(sheets[0]!.width).toBeLessThan(sheets[0]!.height);
    expect(sheets[1]!.width).toBeGreaterThan(sheets[1]!.height);
  });
});
