import { describe, expect, it } from 'vitest';
import { readHeadingStyles } from '../../../src/writers/docx/heading-styles.js';
import { parseXmlPart } from '../../../src/xml/parse-xml-part.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The root of a styles part holding `styles`. */
function stylesRoot(styles: string) {
  return parseXmlPart(new TextEncoder().encode(`<w:styles xmlns:w="${W}">${styles}</w:styles>`), '/word/styles.xml').root;
}

const paragraphStyle = (id: string, name: string, pPr = '') => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}</w:style>`;

describe('readHeadingStyles', () => {
  it("finds Word's built-in heading styles by name, whatever their ids", () => {
    const levels = readHeadingStyles(stylesRoot(paragraphStyle('Normal', 'Normal') + paragraphStyle('H1', 'heading 1') + paragraphStyle('Heading2', 'heading 2')));
    expect([...levels]).toEqual([[1, 'H1'], [2, 'Heading2']]);
  });

  it('finds headings by their localised names, as the reader does: a German Überschrift 1 without an outline level', () => {
    const levels = readHeadingStyles(stylesRoot(paragraphStyle('berschrift1', 'Überschrift 1') + paragraphStyle('Titre2', 'Titre 2')));
    expect(levels.get(1)).toBe('berschrift1');
    expect(levels.get(2)).toBe('Titre2');
  });

  it('falls back on the outline level for a level no style is named after', () => {
    const levels = readHeadingStyles(stylesRoot(paragraphStyle('Chapter', 'Chapter', '<w:outlineLvl w:val="0"/>') + paragraphStyle('Big', 'Big')));
    expect([...levels]).toEqual([[1, 'Chapter']]);
  });
});
