import { describe, expect, it } from 'vitest';
import { findDocumentParts } from '../../src/package/find-document-parts.js';
import { openPackage } from '../../src/package/open-package.js';
import { buildDocx, buildZip, NS, REL } from '../../../../test/support/docx-builder.js';
import { asyncCodeOf } from './zip-test-helpers.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('findDocumentParts', () => {
  it('finds the main, settings, core and custom parts through relationships', async () => {
    const parts = await findDocumentParts(openPackage(buildDocx({ custom: { documentGuid: 'x' } })));
    expect(parts).toEqual({
      main: '/word/document.xml',
      strict: false,
      settings: { partName: '/word/settings.xml', exists: true },
      core: { partName: '/docProps/core.xml', exists: true },
      custom: { partName: '/docProps/custom.xml', exists: true },
    });
  });

  it('follows unusual part names instead of assuming paths', async () => {
    const bytes = buildDocx({
      mainPartName: '/content/main.xml',
      settings: { partName: '/content/config/opts.xml' },
      core: { partName: '/meta/c.xml', created: '2020-01-01T00:00:00Z' },
      custom: { partName: '/meta/u.xml' },
    });
    const parts = await findDocumentParts(openPackage(bytes));
    expect(parts.main).toBe('/content/main.xml');
    expect(parts.settings?.partName).toBe('/content/config/opts.xml');
    expect(parts.core?.partName).toBe('/meta/c.xml');
    expect(parts.custom?.partName).toBe('/meta/u.xml');
  });

  it('understands strict relationship types', async () => {
    const parts = await findDocumentParts(openPackage(buildDocx({ strict: true, custom: {} })));
    expect(parts.strict).toBe(true);
    expect(parts.settings?.exists).toBe(true);
    expect(parts.custom?.exists).toBe(true);
  });

  it('reports a relationship whose target is missing as a part that does not exist', async () => {
    const pkg = openPackage(buildDocx({ omitEntries: ['word/settings.xml'] }));
    expect((await findDocumentParts(pkg)).settings).toEqual({ partName: '/word/settings.xml', exists: false });
    expect(pkg.warnings.join()).toMatch(/missing part \/word\/settings\.xml/);
  });

  it('leaves out parts that have no relationship', async () => {
    const parts = await findDocumentParts(openPackage(buildDocx({ settings: false, core: false })));
    expect(parts.settings).toBeUndefined();
    expect(parts.core).toBeUndefined();
    expect(parts.custom).toBeUndefined();
  });

  it('rejects a zip that is not an OPC package or has no main part with DOCX_NO_MAIN_PART', async () => {
    const plain = buildZip([['readme.txt', encode('hello')]]);
    expect(await asyncCodeOf(findDocumentParts(openPackage(plain)))).toBe('DOCX_NO_MAIN_PART');
    const noMainRel = buildDocx({ packageRelsXml: `<Relationships xmlns="${NS.rels}"/>` });
    expect(await asyncCodeOf(findDocumentParts(openPackage(noMainRel)))).toBe('DOCX_NO_MAIN_PART');
    const missingMain = buildDocx({ omitEntries: ['word/document.xml'] });
    expect(await asyncCodeOf(findDocumentParts(openPackage(missingMain)))).toBe('DOCX_NO_MAIN_PART');
    const escaping = buildDocx({
      packageRelsXml: `<Relationships xmlns="${NS.rels}"><Relationship Id="r" Type="${REL.officeDocument}" Target="../../x.xml"/></Relationships>`,
    });
    expect(await asyncCodeOf(findDocumentParts(openPackage(escaping)))).toBe('DOCX_NO_MAIN_PART');
  });

  it('rejects a spreadsheet with DOCX_NO_MAIN_PART', async () => {
    const xlsx = buildDocx({
      contentTypesXml:
        `<Types xmlns="${NS.contentTypes}"><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    });
    await expect(findDocumentParts(openPackage(xlsx))).rejects.toThrow(/spreadsheet/);
  });
});
