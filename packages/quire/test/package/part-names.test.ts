import { describe, expect, it } from 'vitest';
import {
  partNameFromEntryName,
  partNameKey,
  relationshipsPartNameFor,
  resolveRelationshipTarget,
} from '../../src/package/part-names.js';
import { entryNameFromPartName, relativeTarget } from '../../src/package/written-part-names.js';

describe('resolveRelationshipTarget', () => {
  it('resolves a relative target against the folder of the source part', () => {
    expect(resolveRelationshipTarget('/word/document.xml', 'settings.xml')).toEqual({
      kind: 'part',
      partName: '/word/settings.xml',
    });
    expect(resolveRelationshipTarget('/word/document.xml', '../customXml/item1.xml')).toEqual({
      kind: 'part',
      partName: '/customXml/item1.xml',
    });
    expect(resolveRelationshipTarget('/word/document.xml', './media/./image1.png')).toEqual({
      kind: 'part',
      partName: '/word/media/image1.png',
    });
  });

  it('resolves package relationships against the root and absolute targets as written', () => {
    expect(resolveRelationshipTarget('/', 'word/document.xml')).toEqual({ kind: 'part', partName: '/word/document.xml' });
    expect(resolveRelationshipTarget('/word/document.xml', '/docProps/core.xml')).toEqual({
      kind: 'part',
      partName: '/docProps/core.xml',
    });
  });

  it('reports targets that climb above the package root instead of clamping them', () => {
    expect(resolveRelationshipTarget('/word/document.xml', '../../etc/passwd')).toEqual({ kind: 'outside' });
    expect(resolveRelationshipTarget('/', '../secret.xml')).toEqual({ kind: 'outside' });
  });

  it('does not treat URIs with a scheme, network paths or empty targets as parts', () => {
    expect(resolveRelationshipTarget('/', 'http://example.com/x.xml')).toEqual({ kind: 'not-a-part' });
    expect(resolveRelationshipTarget('/', 'file:///etc/passwd')).toEqual({ kind: 'not-a-part' });
    expect(resolveRelationshipTarget('/', '//host/share/x.xml')).toEqual({ kind: 'not-a-part' });
    expect(resolveRelationshipTarget('/', '')).toEqual({ kind: 'not-a-part' });
  });

  it('drops a fragment or query from the target', () => {
    expect(resolveRelationshipTarget('/word/document.xml', 'styles.xml#x')).toEqual({
      kind: 'part',
      partName: '/word/styles.xml',
    });
  });
});

describe('partNameKey', () => {
  it('compares part names case-insensitively and after percent-decoding', () => {
    expect(partNameKey('/Word/Document.XML')).toBe(partNameKey('/word/document.xml'));
    expect(partNameKey('/word/media/image%201.png')).toBe(partNameKey('/word/media/image 1.png'));
    expect(partNameKey('word/document.xml')).toBe('/word/document.xml');
  });

  it('keeps a malformed percent sequence as written', () => {
    expect(partNameKey('/word/100%.xml')).toBe('/word/100%.xml');
  });
});

describe('relationshipsPartNameFor', () => {
  it('names the package and part relationships parts per OPC', () => {
    expect(relationshipsPartNameFor('/')).toBe('/_rels/.rels');
    expect(relationshipsPartNameFor('/word/document.xml')).toBe('/word/_rels/document.xml.rels');
    expect(relationshipsPartNameFor('/main.xml')).toBe('/_rels/main.xml.rels');
  });
});

describe('partNameFromEntryName', () => {
  it('maps zip names to part names and skips folder entries', () => {
    expect(partNameFromEntryName('word/document.xml')).toBe('/word/document.xml');
    expect(partNameFromEntryName('word/')).toBeUndefined();
  });
});

describe('relativeTarget', () => {
  it('writes targets relative to the source folder when below it, absolute otherwise', () => {
    expect(relativeTarget('/word/document.xml', '/word/settings.xml')).toBe('settings.xml');
    expect(relativeTarget('/', '/docProps/custom.xml')).toBe('docProps/custom.xml');
    expect(relativeTarget('/word/document.xml', '/docProps/core.xml')).toBe('/docProps/core.xml');
  });
});

describe('entryNameFromPartName', () => {
  it('drops the leading slash, the inverse of partNameFromEntryName', () => {
    expect(entryNameFromPartName('/docProps/custom.xml')).toBe('docProps/custom.xml');
    expect(partNameFromEntryName(entryNameFromPartName('/word/settings.xml'))).toBe('/word/settings.xml');
  });
});
