import { parseXml } from '@rgrove/parse-xml';
import { describe, expect, it } from 'vitest';
import { mainPartStart } from '../../../src/readers/docx/main-part-start.js';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const mainPart = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${body}</w:body></w:document>`;
const FINAL = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>';

// The paragraphs' texts of a main part, in order.
function texts(xml: string): string[] {
  return [...xml.matchAll(/<w:t>([^<]*)<\/w:t>/g)].map((match) => match[1]!);
}

describe('the start of a long main document part', () => {
  it('keeps whole blocks up to the first that reaches the characters asked for, then the section properties and the closing tags', () => {
    const blocks = Array.from({ length: 50 }, (_, index) => paragraph(`paragraph ${index}`));
    const xml = mainPart(`${blocks.join('')}${FINAL}`);
    const budget = blocks[0]!.length * 3 + 1;
    const start = mainPartStart(xml, budget);
    expect(start).not.toBeNull();
    expect(texts(start!)).toEqual(['paragraph 0', 'paragraph 1', 'paragraph 2', 'paragraph 3']);
    expect(start!.endsWith(`${FINAL}</w:body></w:document>`)).toBe(true);
    expect(() => parseXml(start!)).not.toThrow();
  });

  it('gives the blocks of a section that ends further on the properties of that section, not of the last', () => {
    const second = '<w:sectPr><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/></w:sectPr>';
    const body = [
      ...Array.from({ length: 20 }, (_, index) => paragraph(`first ${index}`)),
      `<w:p><w:pPr>${second}</w:pPr><w:r><w:t>end of the first section</w:t></w:r></w:p>`,
      ...Array.from({ length: 20 }, (_, index) => paragraph(`second ${index}`)),
      FINAL,
    ].join('');
    const start = mainPartStart(mainPart(body), 100);
    expect(texts(start!)).toEqual(['first 0', 'first 1', 'first 2']);
    expect(start!.endsWith(`${second}</w:body></w:document>`)).toBe(true);
  });

  it('cuts only between the body’s own blocks, never inside a table, and steps over comments, CDATA and quoted angle brackets', () => {
    const table = `<w:tbl><w:tr><w:tc>${paragraph('cell one')}${paragraph('cell two')}</w:tc></w:tr></w:tbl>`;
    const body = [
      table,
      '<!-- a comment with </w:body> in it -->',
      `<w:p><w:r><w:t xml:space="preserve" w:odd="a > b">quoted</w:t></w:r></w:p>`,
      '<w:p/>',
      ...Array.from({ length: 20 }, (_, index) => paragraph(`after ${index}`)),
      FINAL,
    ].join('');
    const start = mainPartStart(mainPart(body), 10);
    expect(start).toContain('</w:tbl>');
    expect(texts(start!)).toEqual(['cell one', 'cell two']);
    const further = mainPartStart(mainPart(body), table.length + 60);
    expect(further).toContain('quoted');
    expect(() => parseXml(further!)).not.toThrow();
  });

  it('takes a tracked change of section properties along with the properties that hold it', () => {
    const changed = '<w:sectPr><w:pgSz w:w="12240"/><w:sectPrChange w:id="1"><w:sectPr><w:pgSz w:w="11906"/></w:sectPr></w:sectPrChange></w:sectPr>';
    const body = [...Array.from({ length: 20 }, (_, index) => paragraph(`text ${index}`)), changed].join('');
    // The body's own properties come at its end: the start stops at the third paragraph.
    const start = mainPartStart(mainPart(body), 40);
    expect(start!.endsWith(`${changed}</w:body></w:document>`)).toBe(true);
    expect(() => parseXml(start!)).not.toThrow();
  });

  it('gives nothing for a body that ends within the characters asked for, or that it cannot follow', () => {
    const short = mainPart(`${paragraph('one')}${paragraph('two')}${FINAL}`);
    expect(mainPartStart(short, 10_000)).toBeNull();
    expect(mainPartStart(short.replaceAll('w:', 'x:'), 5)).toBeNull();
    expect(mainPartStart(mainPart(`${paragraph('one')}<w:p><w:r><w:t`), 5)).toBeNull();
    expect(mainPartStart(mainPart(Array.from({ length: 20 }, () => paragraph('no section properties')).join('')), 5)).toBeNull();
  });
});
