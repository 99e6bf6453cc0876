import { describe, expect, it } from 'vitest';
import { parseXmlPart } from '../../src/xml/parse-xml-part.js';
import { createRootPatch, MARKUP_COMPATIBILITY_NAMESPACE as MC } from '../../src/xml/root-patch.js';
import { applyTextEdits } from '../../src/xml/text-edits.js';
import { scanStartTag } from '../../src/xml/scan-start-tag.js';

const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';

function patchOf(xml: string) {
  return createRootPatch(parseXmlPart(new TextEncoder().encode(xml), '/t.xml'));
}

describe('createRootPatch', () => {
  it('reuses the prefix the root already declares for a namespace', () => {
    const patch = patchOf(`<s xmlns:x="${W15}"/>`);
    expect(patch.prefixFor(W15, 'w15')).toBe('x');
    expect(patch.toText()).toBe(`<s xmlns:x="${W15}"/>`);
  });

  it('declares the preferred prefix right after the root name, or a numbered one when it is taken', () => {
    const patch = patchOf(`<w:s xmlns:w="urn:w" xmlns:w15="urn:other"><w:a/></w:s>`);
    expect(patch.prefixFor(W15, 'w15')).toBe('w151');
    expect(patch.toText()).toBe(`<w:s xmlns:w151="${W15}" xmlns:w="urn:w" xmlns:w15="urn:other"><w:a/></w:s>`);
  });

  it('uses no prefix for the default namespace only when allowed', () => {
    expect(patchOf('<a xmlns="urn:a"/>').prefixFor('urn:a', 'p', { allowDefault: true })).toBe('');
    expect(patchOf('<a xmlns="urn:a"/>').prefixFor('urn:a', 'p')).toBe('p');
  });

  it('appends a prefix to an existing mc:Ignorable, whatever prefix mc has', () => {
    const patch = patchOf(`<s xmlns:m="${MC}" m:Ignorable="w14" xmlns:w15="${W15}"></s>`);
    patch.addIgnorablePrefix('w15');
    patch.addIgnorablePrefix('w15');
    patch.addIgnorablePrefix('w16');
    expect(patch.toText()).toBe(`<s xmlns:m="${MC}" m:Ignorable="w14 w15 w16" xmlns:w15="${W15}"></s>`);
  });

  it('leaves mc:Ignorable alone when the prefix is listed and fills an empty list without a space', () => {
    const listed = patchOf(`<s xmlns:mc="${MC}" mc:Ignorable="w14  w15"/>`);
    listed.addIgnorablePrefix('w15');
    expect(listed.toText()).toBe(`<s xmlns:mc="${MC}" mc:Ignorable="w14  w15"/>`);
    const empty = patchOf(`<s xmlns:mc="${MC}" mc:Ignorable=''/>`);
    empty.addIgnorablePrefix('w15');
    expect(empty.toText()).toBe(`<s xmlns:mc="${MC}" mc:Ignorable='w15'/>`);
  });

  it('adds mc:Ignorable and declares mc when the root has neither', () => {
    const patch = patchOf('<s a="1"><c/></s>');
    patch.addIgnorablePrefix('w15');
    expect(patch.toText()).toBe(`<s xmlns:mc="${MC}" mc:Ignorable="w15" a="1"><c/></s>`);
  });

  it('appends children before the end tag, and gives an empty-element root an end tag', () => {
    const open = patchOf('<s>\n  <a/>\n</s >');
    open.appendChild('<b/>');
    open.appendChild('<c/>');
    expect(open.toText()).toBe('<s>\n  <a/>\n<b/><c/></s >');
    const empty = patchOf('<?xml version="1.0"?>\n<p:s xmlns:p="urn:p" />\n');
    empty.appendChild('<p:b/>');
    expect(empty.toText()).toBe('<?xml version="1.0"?>\n<p:s xmlns:p="urn:p" ><p:b/></p:s>\n');
  });

  it('replaces a node and keeps every other character of the part', () => {
    const xml = '<?xml version="1.0"?>\r\n<!-- c --><s x="&amp;">\r\n\t<e/>\r\n\t<k>v</k></s>';
    const part = parseXmlPart(new TextEncoder().encode(xml), '/t.xml');
    const patch = createRootPatch(part);
    const e = part.root.children.find((n) => 'name' in n && n.name === 'e');
    if (!e) throw new Error('no e');
    patch.replaceNode(e, '<e>new</e>');
    expect(patch.toText()).toBe(xml.replace('<e/>', '<e>new</e>'));
  });
});

describe('scanStartTag', () => {
  it('finds attribute value ranges with either quote, even when a value contains the other quote or >', () => {
    const xml = `<a  x = "1>2" y='say "hi"'\n z="3"/>`;
    const tag = scanStartTag(xml, 0);
    expect(tag.nameEnd).toBe(2);
    const y = tag.attributes.get('y');
    expect(y && xml.slice(y.valueStart, y.valueEnd)).toBe('say "hi"');
    expect(xml.slice(tag.selfClosingAt, tag.end)).toBe('/>');
  });
});

describe('applyTextEdits', () => {
  it('applies insertions at one position in the order given and rejects overlaps', () => {
    expect(applyTextEdits('abc', [{ start: 1, end: 1, text: 'X' }, { start: 1, end: 1, text: 'Y' }, { start: 2, end: 3, text: 'Z' }])).toBe(
      'aXYbZ',
    );
    expect(() => applyTextEdits('abc', [{ start: 0, end: 2, text: '' }, { start: 1, end: 1, text: 'Y' }])).toThrow(RangeError);
  });
});
