import { describe, expect, it } from 'vitest';
import { editPackage } from '../../src/package/edit-package.js';
import { openPackage } from '../../src/package/open-package.js';
import { buildDocx, NS, text } from '../../../../test/support/docx-builder.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('editPackage', () => {
  it('returns the original bytes object when nothing changed', async () => {
    const bytes = buildDocx();
    expect(await editPackage(openPackage(bytes)).toBytes()).toBe(bytes);
  });

  it('adds a part with its content type override and a relationship with a fresh Id', async () => {
    const bytes = buildDocx();
    const edit = editPackage(openPackage(bytes));
    edit.setPart('/docProps/extra.xml', encode('<x/>'));
    await edit.ensureContentType('/docProps/extra.xml', 'application/x-test+xml');
    const id = await edit.addRelationship('/', 'urn:test', '/docProps/extra.xml');
    expect(id).toBe('rId3');
    const pkg = openPackage(await edit.toBytes());
    expect((await pkg.readContentTypes())?.overrides.get('/docprops/extra.xml')).toBe('application/x-test+xml');
    expect((await pkg.readRelationships('/')).find((r) => r.type === 'urn:test')).toMatchObject({
      id: 'rId3',
      target: 'docProps/extra.xml',
      partName: '/docProps/extra.xml',
    });
    expect(text(await pkg.readPart('/docProps/extra.xml'))).toBe('<x/>');
  });

  it('creates a missing relationships part, and an override for it when rels has no default content type', async () => {
    const bytes = buildDocx({
      mainRelsXml: false,
      settings: false,
      contentTypesXml: `<Types xmlns="${NS.contentTypes}"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    });
    const edit = editPackage(openPackage(bytes));
    edit.setPart('/word/settings.xml', encode('<w:settings xmlns:w="urn:w"/>'));
    expect(await edit.addRelationship('/word/document.xml', 'urn:settings', '/word/settings.xml')).toBe('rId1');
    const pkg = openPackage(await edit.toBytes());
    expect((await pkg.readRelationships('/word/document.xml'))[0]?.partName).toBe('/word/settings.xml');
    expect((await pkg.readContentTypes())?.overrides.get('/word/_rels/document.xml.rels')).toBe(
      'application/vnd.openxmlformats-package.relationships+xml',
    );
  });

  it('picks Ids that no existing or pending relationship uses', async () => {
    const rels = `<Relationships xmlns="${NS.rels}"><Relationship Id="rId2" Type="a" Target="a.xml"/><Relationship Id="rId3" Type="b" Target="b.xml"/></Relationships>`;
    const edit = editPackage(openPackage(buildDocx({ mainRelsXml: rels })));
    expect(await edit.addRelationship('/word/document.xml', 'c', '/word/c.xml')).toBe('rId4');
    expect(await edit.addRelationship('/word/document.xml', 'd', '/word/d.xml')).toBe('rId5');
  });

  it('numbers a preferred part name that a part or an override already uses', async () => {
    const bytes = buildDocx({
      custom: {},
      contentTypesXml: `<Types xmlns="${NS.contentTypes}"><Override PartName="/docProps/custom2.xml" ContentType="x"/></Types>`,
    });
    const edit = editPackage(openPackage(bytes));
    expect(await edit.freePartName('/docProps/custom.xml')).toBe('/docProps/custom3.xml');
    expect(await edit.freePartName('/docProps/other.xml')).toBe('/docProps/other.xml');
  });

  it('reuses a name whose override has no part when the override declares the wanted content type', async () => {
    const bytes = buildDocx({
      contentTypesXml: `<Types xmlns="${NS.contentTypes}"><Override PartName="/docProps/core.xml" ContentType="application/core"/></Types>`,
      core: false,
    });
    const edit = editPackage(openPackage(bytes));
    expect(await edit.freePartName('/docProps/core.xml', 'application/core')).toBe('/docProps/core.xml');
    expect(await edit.freePartName('/docProps/core.xml', 'application/other')).toBe('/docProps/core2.xml');
  });

  it('replaces an existing Override of a part instead of adding a second one', async () => {
    const bytes = buildDocx({
      contentTypesXml: `<Types xmlns="${NS.contentTypes}"><Override PartName="/Docprops/X.xml" ContentType="old"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    });
    const edit = editPackage(openPackage(bytes));
    edit.setPart('/docProps/x.xml', encode('<x/>'));
    await edit.ensureContentType('/docProps/x.xml', 'new');
    expect(text(await openPackage(await edit.toBytes()).readPart('/[Content_Types].xml'))).toBe(
      `<Types xmlns="${NS.contentTypes}"><Override PartName="/docProps/x.xml" ContentType="new"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    );
  });

  it('inserts into prefixed relationships and content types parts with their own prefix', async () => {
    const bytes = buildDocx({
      packageRelsXml:
        `<r:Relationships xmlns:r="${NS.rels}"><r:Relationship Id="rId1" ` +
        `Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></r:Relationships>`,
      contentTypesXml:
        `<t:Types xmlns:t="${NS.contentTypes}"><t:Default Extension="xml" ContentType="application/xml"/>` +
        `<t:Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></t:Types>`,
    });
    const edit = editPackage(openPackage(bytes));
    edit.setPart('/x.xml', encode('<x/>'));
    await edit.ensureContentType('/x.xml', 'application/x+xml');
    await edit.addRelationship('/', 'urn:x', '/x.xml');
    const pkg = openPackage(await edit.toBytes());
    expect(text(await pkg.readPart('/_rels/.rels'))).toContain('<r:Relationship Id="rId2" Type="urn:x" Target="x.xml"/></r:Relationships>');
    expect(text(await pkg.readPart('/[Content_Types].xml'))).toContain('<t:Override PartName="/x.xml" ContentType="application/x+xml"/></t:Types>');
  });
});
