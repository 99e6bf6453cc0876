import type { XmlElement } from '@rgrove/parse-xml';
import { describe, expect, it } from 'vitest';
import { attributeQualifiedName } from '../../src/xml/attribute-qualified-name.js';
import {
  attributeValue,
  childElementsNamed,
  directTextOf,
  isElementNamed,
  lookupNamespaceUri,
  namespaceOf,
} from '../../src/xml/namespaces.js';
import { parseXmlPart } from '../../src/xml/parse-xml-part.js';

const W15 = 'http://schemas.microsoft.com/office/word/2012/wordml';

function parse(xml: string): XmlElement {
  return parseXmlPart(new TextEncoder().encode(xml), '/t.xml').root;
}

describe('namespaces', () => {
  it('matches elements and attributes by namespace URI whatever the prefix', () => {
    const root = parse(`<s xmlns="urn:s" xmlns:x15="${W15}"><x15:docId x15:val="{A}"/><docId val="B"/></s>`);
    const [docId] = childElementsNamed(root, W15, 'docId');
    expect(docId?.name).toBe('x15:docId');
    expect(docId && attributeValue(docId, W15, 'val')).toBe('{A}');
    expect(docId && attributeQualifiedName(docId, W15, 'val')).toBe('x15:val');
    expect(childElementsNamed(root, 'urn:s', 'docId')).toHaveLength(1);
  });

  it('does not match a familiar prefix bound to another namespace', () => {
    const root = parse(`<s xmlns:w15="urn:not-word"><w15:docId w15:val="{A}"/></s>`);
    expect(childElementsNamed(root, W15, 'docId')).toHaveLength(0);
  });

  it('resolves prefixes declared on ancestors and honours redeclaration and undeclaration', () => {
    const root = parse('<a xmlns="urn:1" xmlns:p="urn:p"><b xmlns:p="urn:q"><p:c/></b><d xmlns=""/></a>');
    const b = root.children[0] as XmlElement;
    const c = b.children[0] as XmlElement;
    expect(namespaceOf(c)).toBe('urn:q');
    expect(namespaceOf(b)).toBe('urn:1');
    expect(namespaceOf(root.children[1] as XmlElement)).toBeUndefined();
    expect(lookupNamespaceUri(c, 'xml')).toBe('http://www.w3.org/XML/1998/namespace');
    expect(isElementNamed(c, ['urn:x', 'urn:q'], 'c')).toBe(true);
  });

  it('gives unprefixed attributes no namespace', () => {
    const root = parse('<a xmlns="urn:1" val="plain"/>');
    expect(attributeValue(root, null, 'val')).toBe('plain');
    expect(attributeValue(root, 'urn:1', 'val')).toBeUndefined();
  });

  it('concatenates direct text and CDATA children', () => {
    expect(directTextOf(parse('<a> x <![CDATA[y]]><b>z</b></a>'))).toBe(' x y');
  });
});
