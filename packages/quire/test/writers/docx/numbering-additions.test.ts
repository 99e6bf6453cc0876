import { describe, expect, it } from 'vitest';
import { NumberingAdditions } from '../../../src/writers/docx/numbering-additions.js';
import { parseXmlPart } from '../../../src/xml/parse-xml-part.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const bullet = { numId: 'new:1', level: 0, kind: 'bullet', first: true, look: { kind: 'bullet', marker: null } } as const;

function patched(text: string, numId: string): string {
  const part = parseXmlPart(new TextEncoder().encode(text), '/word/numbering.xml');
  const numbering = new NumberingAdditions(part.root);
  expect(numbering.numIdFor(bullet)).toBe(numId);
  return numbering.patch(part.text);
}

describe('NumberingAdditions.patch', () => {
  it('opens an empty numbering root written as one tag and puts the new definition and instance inside it', () => {
    const text = patched(`<w:numbering xmlns:w="${W}"/>`, '1');
    expect(text).toMatch(new RegExp(`^<w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0">.*</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>$`));
  });

  it('puts the new definition before the first instance and the new instance after the last', () => {
    const text = patched(`<w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="4"/><w:num w:numId="7"><w:abstractNumId w:val="4"/></w:num></w:numbering>`, '8');
    expect(text.indexOf('w:abstractNumId="5"')).toBeLessThan(text.indexOf('w:numId="7"'));
    expect(text.indexOf('<w:num w:numId="8">')).toBeGreaterThan(text.indexOf('w:numId="7"'));
  });
});
