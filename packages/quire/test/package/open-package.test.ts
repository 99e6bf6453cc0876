import { describe, expect, it } from 'vitest';
import { openPackage } from '../../src/package/open-package.js';
import { buildDocx, buildZip, NS, REL, text } from '../../../../test/support/docx-builder.js';
import { codeOf } from './zip-test-helpers.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('openPackage', () => {
  it('finds parts case-insensitively and reads them on demand', async () => {
    const pkg = openPackage(buildDocx({ text: 'Case test' }));
    expect(pkg.hasPart('/WORD/Document.xml')).toBe(true);
    expect(text(await pkg.readPart('/word/DOCUMENT.XML'))).toContain('Case test');
    await expect(pkg.readPart('/word/missing.xml')).rejects.toThrow(RangeError);
  });

  it('parses a part once when it is read several times at once', async () => {
    const pkg = openPackage(buildDocx());
    const [first, second] = await Promise.all([pkg.readXmlPart('/word/settings.xml'), pkg.readXmlPart('/WORD/settings.xml')]);
    expect(first.root.name).toBe('w:settings');
    expect(second).toBe(first);
  });

  it('rejects two entries whose names differ only in case with DOCX_CORRUPT', () => {
    const zip = buildZip([
      ['word/document.xml', encode('<a/>')],
      ['Word/Document.xml', encode('<b/>')],
    ]);
    expect(codeOf(() => openPackage(zip))).toBe('DOCX_CORRUPT');
  });

  it('resolves relationship targets and marks external ones without following them', async () => {
    const rels =
      `<Relationships xmlns="${NS.rels}">` +
      `<Relationship Id="rId1" Type="${REL.settings}" Target="settings.xml"/>` +
      `<Relationship Id="rId2" Type="${REL.styles}" Target="/word/styles.xml"/>` +
      `<Relationship Id="rId3" Type="urn:link" Target="https://example.com/x.xml" TargetMode="External"/>` +
      `</Relationships>`;
    const pkg = openPackage(buildDocx({ mainRelsXml: rels }));
    const relationships = await pkg.readRelationships('/word/document.xml');
    expect(relationships.map((r) => r.partName)).toEqual(['/word/settings.xml', '/word/styles.xml', undefined]);
    expect(relationships[2]?.external).toBe(true);
    expect(pkg.warnings).toEqual([]);
  });

  it('ignores a relationship target that escapes the package, with a warning', async () => {
    const rels = `<Relationships xmlns="${NS.rels}"><Relationship Id="rId9" Type="${REL.settings}" Target="../../etc/passwd"/></Relationships>`;
    const pkg = openPackage(buildDocx({ mainRelsXml: rels }));
    expect((await pkg.readRelationships('/word/document.xml'))[0]?.partName).toBeUndefined();
    expect(pkg.warnings.join('\n')).toMatch(/rId9.*outside the package/);
  });

  it('matches relationship elements by namespace, not by prefix', async () => {
    const rels = `<r:Relationships xmlns:r="${NS.rels}"><r:Relationship Id="a" Type="${REL.settings}" Target="settings.xml"/></r:Relationships>`;
    const pkg = openPackage(buildDocx({ mainRelsXml: rels }));
    expect(await pkg.readRelationships('/word/document.xml')).toHaveLength(1);
  });

  it('returns no relationships for a part without a relationships part', async () => {
    const pkg = openPackage(buildDocx({ mainRelsXml: false }));
    expect(await pkg.readRelationships('/word/document.xml')).toEqual([]);
  });

  it('reads content type defaults and overrides', async () => {
    const pkg = openPackage(buildDocx());
    const types = await pkg.readContentTypes();
    expect(types?.defaults.get('rels')).toBe('application/vnd.openxmlformats-package.relationships+xml');
    expect(types?.overrides.get('/word/document.xml')).toMatch(/document\.main\+xml$/);
  });
});
