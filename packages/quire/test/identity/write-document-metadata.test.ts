import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifyDocument } from '../../src/identity/identify-document.js';
import { writeDocumentMetadata } from '../../src/identity/write-document-metadata.js';
import { openPackage } from '../../src/package/open-package.js';
import { buildDocx, buildDocxEntries, buildZip, NS, REL, text, type DocxOptions } from '../../../../test/support/docx-builder.js';
import { asyncCodeOf } from '../package/zip-test-helpers.js';
import {
  changedEntries,
  expectInsertedExactly,
  expectUntouchedEntriesIdentical,
  expectValidPackage,
} from './package-checks.js';

const sha = (data: string): string => createHash('sha256').update(data).digest('hex');
const GUID = 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09';
const OTHER = '0F905935-FC8A-DC4B-ABB0-D2D3C970074E';
const CREATED = '2023-10-09T10:28:00Z';
const metadata = { guid: GUID, createdAt: CREATED };
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

async function partText(bytes: Uint8Array, partName: string): Promise<string> {
  return text(await openPackage(bytes).readPart(partName));
}

function original(options: DocxOptions, partName: string): string {
  const entry = buildDocxEntries(options).find(([name]) => `/${name}` === partName);
  return text(entry?.[1] ?? new Uint8Array());
}

describe('writeDocumentMetadata', () => {
  it('returns the very same bytes when the file already holds everything', async () => {
    const bytes = buildDocx({ settings: { docId: `{${GUID}}` }, core: { created: CREATED }, custom: { documentGuid: `{${GUID}}` } });
    expect(await writeDocumentMetadata(bytes, metadata)).toBe(bytes);
  });

  it('inserts w15:docId before the end of w:settings and keeps every other character', async () => {
    const options: DocxOptions = { settings: {}, core: { created: CREATED }, custom: { documentGuid: GUID } };
    const bytes = buildDocx(options);
    const out = await writeDocumentMetadata(bytes, metadata);
    const settings = await partText(out, '/word/settings.xml');
    expectInsertedExactly(original(options, '/word/settings.xml'), settings, [`<w15:docId w15:val="{${GUID}}"/>`]);
    expect(settings.endsWith(`<w15:docId w15:val="{${GUID}}"/></w:settings>`)).toBe(true);
    expect(changedEntries(bytes, out)).toEqual(['word/settings.xml']);
    expectUntouchedEntriesIdentical(bytes, out, ['word/settings.xml']);
    expectValidPackage(out);
  });

  it('reuses the prefix the settings already bind to the w15 namespace and lists it in mc:Ignorable', async () => {
    const options: DocxOptions = { settings: { w15Prefix: 'x15', ignorable: 'w14' }, core: { created: CREATED } };
    const settings = await partText(await writeDocumentMetadata(buildDocx(options), metadata), '/word/settings.xml');
    expectInsertedExactly(original(options, '/word/settings.xml'), settings, [' x15', `<x15:docId x15:val="{${GUID}}"/>`]);
    expect(settings).toContain('mc:Ignorable="w14 x15"');
  });

  it('declares w15 and mc and adds mc:Ignorable when the settings have none of them', async () => {
    const xml = `<?xml version="1.0"?>\n<w:settings xmlns:w="${NS.w}"><w:zoom w:percent="90"/></w:settings>`;
    const settings = await partText(await writeDocumentMetadata(buildDocx({ settings: { xml } }), metadata), '/word/settings.xml');
    expectInsertedExactly(xml, settings, [
      ` xmlns:w15="${NS.w15}"`,
      ` xmlns:mc="${MC}"`,
      ' mc:Ignorable="w15"',
      `<w15:docId w15:val="{${GUID}}"/>`,
    ]);
  });

  it('picks a fresh prefix when w15 is bound to another namespace', async () => {
    const xml = `<w:settings xmlns:w="${NS.w}" xmlns:w15="urn:other" xmlns:mc="${MC}" mc:Ignorable="w15"/>`;
    const out = await writeDocumentMetadata(buildDocx({ settings: { xml } }), metadata);
    const settings = await partText(out, '/word/settings.xml');
    expect(settings).toContain(`<w151:docId w151:val="{${GUID}}"/></w:settings>`);
    expect(settings).toContain('mc:Ignorable="w15 w151"');
    expect(settings).toContain(`xmlns:w151="${NS.w15}"`);
  });

  it('adds DocumentGuid to an existing custom part with the next pid and keeps its other properties', async () => {
    const others =
      '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="A"><vt:lpwstr>a</vt:lpwstr></property>' +
      '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="7" name="B"><vt:bool>true</vt:bool></property>';
    const options: DocxOptions = { settings: { docId: GUID }, core: { created: CREATED }, custom: { otherProperties: others } };
    const out = await writeDocumentMetadata(buildDocx(options), metadata);
    expectInsertedExactly(original(options, '/docProps/custom.xml'), await partText(out, '/docProps/custom.xml'), [
      `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="8" name="DocumentGuid"><vt:lpwstr>{${GUID}}</vt:lpwstr></property>`,
    ]);
  });

  it('creates the custom part with its override and package relationship when it is missing', async () => {
    const bytes = buildDocx({ settings: { docId: GUID }, core: { created: CREATED } });
    const out = await writeDocumentMetadata(bytes, metadata);
    const pkg = openPackage(out);
    expect((await pkg.readContentTypes())?.overrides.get('/docprops/custom.xml')).toBe(
      'application/vnd.openxmlformats-officedocument.custom-properties+xml',
    );
    expect((await pkg.readRelationships('/')).find((r) => r.type === REL.custom)?.partName).toBe('/docProps/custom.xml');
    expect(await partText(out, '/docProps/custom.xml')).toContain(`pid="2" name="DocumentGuid"><vt:lpwstr>{${GUID}}</vt:lpwstr>`);
    expect(changedEntries(bytes, out).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'docProps/custom.xml']);
    expectValidPackage(out);
  });

  it('names a new part so that it does not clash with an existing entry', async () => {
    const bytes = buildDocx({ settings: { docId: GUID }, core: { created: CREATED }, extraEntries: { 'docProps/custom.xml': '<unrelated/>' } });
    const out = await writeDocumentMetadata(bytes, metadata);
    expect(await partText(out, '/docProps/custom.xml')).toBe('<unrelated/>');
    expect((await openPackage(out).readRelationships('/')).find((r) => r.type === REL.custom)?.partName).toBe('/docProps/custom2.xml');
  });

  it('appends dcterms:created with xsi:type using the prefixes in scope', async () => {
    const xml = `<cp:coreProperties xmlns:cp="${NS.cp}" xmlns:dct="${NS.dcterms}"><dct:modified>x</dct:modified></cp:coreProperties>`;
    const out = await writeDocumentMetadata(buildDocx({ settings: { docId: GUID }, core: { xml } }), metadata);
    expectInsertedExactly(xml, await partText(out, '/docProps/core.xml'), [
      ` xmlns:xsi="${NS.xsi}"`,
      `<dct:created xsi:type="dct:W3CDTF">${CREATED}</dct:created>`,
    ]);
  });

  it('fills an empty dcterms:created in place', async () => {
    const xml = `<cp:coreProperties xmlns:cp="${NS.cp}" xmlns:dcterms="${NS.dcterms}" xmlns:xsi="${NS.xsi}"><dcterms:created xsi:type="dcterms:W3CDTF"> </dcterms:created><dc:x xmlns:dc="${NS.dc}"/></cp:coreProperties>`;
    const core = await partText(await writeDocumentMetadata(buildDocx({ settings: { docId: GUID }, core: { xml } }), metadata), '/docProps/core.xml');
    expect(core).toBe(xml.replace('> </dcterms:created>', `>${CREATED}</dcterms:created>`));
  });

  it('creates core properties and settings parts, the main part relationships included, when missing', async () => {
    const bytes = buildDocx({ settings: false, core: false, mainRelsXml: false, mainPartName: '/doc/main.xml' });
    const out = await writeDocumentMetadata(bytes, metadata);
    expectValidPackage(out);
    const pkg = openPackage(out);
    expect((await pkg.readRelationships('/doc/main.xml'))).toMatchObject([{ type: REL.settings, target: 'settings.xml', partName: '/doc/settings.xml' }]);
    expect((await pkg.readRelationships('/')).find((r) => r.type === REL.core)?.partName).toBe('/docProps/core.xml');
    expect(await partText(out, '/docProps/core.xml')).toContain(`<dcterms:created xsi:type="dcterms:W3CDTF">${CREATED}</dcterms:created>`);
    expect(await partText(out, '/doc/settings.xml')).toContain(`mc:Ignorable="w15"><w15:docId w15:val="{${GUID}}"/>`);
    const identity = await identifyDocument(out);
    expect(identity.documentId).toBe(sha(`${GUID}|${CREATED}`));
  });

  it('creates a part where a dangling relationship points instead of adding a second relationship', async () => {
    const bytes = buildDocx({ core: { created: CREATED }, omitEntries: ['word/settings.xml'] });
    const out = await writeDocumentMetadata(bytes, metadata);
    const pkg = openPackage(out);
    expect((await pkg.readRelationships('/word/document.xml')).filter((r) => r.type === REL.settings)).toHaveLength(1);
    expect(await partText(out, '/word/settings.xml')).toContain(`{${GUID}}`);
    expectValidPackage(out);
  });

  it('keeps the values the file already has and mirrors its own GUID, not the requested one', async () => {
    const bytes = buildDocx({ settings: { docId: `{${OTHER}}` }, core: { created: '2001-01-01T00:00:00Z' } });
    const out = await writeDocumentMetadata(bytes, metadata);
    expect(await partText(out, '/word/settings.xml')).toContain(`w15:val="{${OTHER}}"`);
    expect(await partText(out, '/docProps/custom.xml')).toContain(`<vt:lpwstr>{${OTHER}}</vt:lpwstr>`);
    expect((await identifyDocument(out)).documentId).toBe(sha(`${OTHER}|2001-01-01T00:00:00Z`));
  });

  it('copies a DocumentGuid-only GUID (a LibreOffice re-save) back into w15:docId', async () => {
    const bytes = buildDocx({ settings: {}, core: { created: CREATED }, custom: { documentGuid: OTHER } });
    expect(await partText(await writeDocumentMetadata(bytes, metadata), '/word/settings.xml')).toContain(`<w15:docId w15:val="{${OTHER}}"/>`);
  });

  it('writes strict namespaces and relationship types into parts it creates in a strict package', async () => {
    const out = await writeDocumentMetadata(buildDocx({ strict: true, settings: false, core: { created: CREATED } }), metadata);
    const pkg = openPackage(out);
    expect((await pkg.readRelationships('/word/document.xml'))[0]?.type).toBe(REL.settingsStrict);
    expect(await partText(out, '/word/settings.xml')).toContain(`xmlns:w="${NS.wStrict}"`);
    expect(await partText(out, '/docProps/custom.xml')).toContain('xmlns="http://purl.oclc.org/ooxml/officeDocument/customProperties"');
  });

  it('keeps the byte order mark and UTF-16 encoding of a patched part', async () => {
    const xml = `<w:settings xmlns:w="${NS.w}"></w:settings>`;
    const utf16 = new Uint8Array(2 + xml.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < xml.length; i++) utf16[2 + i * 2] = xml.charCodeAt(i);
    const entries = buildDocxEntries({ core: { created: CREATED } }).map(([name, data]): [string, Uint8Array] =>
      name === 'word/settings.xml' ? [name, utf16] : [name, data],
    );
    const out = await writeDocumentMetadata(buildZip(entries), metadata);
    const settings = await openPackage(out).readPart('/word/settings.xml');
    expect([settings[0], settings[1]]).toEqual([0xff, 0xfe]);
    expect(new TextDecoder('utf-16le').decode(settings.subarray(2))).toContain(`<w15:docId w15:val="{${GUID}}"/></w:settings>`);
  });

  it('handles archives with data descriptors, copying their untouched entries byte for byte', async () => {
    const bytes = buildDocx({ settings: {}, core: false, zip: { dataDescriptors: true } });
    const out = await writeDocumentMetadata(bytes, metadata);
    expectValidPackage(out);
    expectUntouchedEntriesIdentical(bytes, out, ['[Content_Types].xml', '_rels/.rels', 'word/settings.xml']);
  });

  it('writes from a Uint8Array view into a larger buffer', async () => {
    const bytes = buildDocx({ settings: {}, core: { created: CREATED } });
    const padded = new Uint8Array(bytes.length + 100);
    padded.set(bytes, 60);
    const view = padded.subarray(60, 60 + bytes.length);
    const out = await writeDocumentMetadata(view, metadata);
    expectValidPackage(out);
    expect((await identifyDocument(out)).documentId).toBe(sha(`${GUID}|${CREATED}`));
  });

  it('rejects a GUID that is not one, and an empty timestamp, with INPUT_INVALID', async () => {
    const bytes = buildDocx();
    expect(await asyncCodeOf(writeDocumentMetadata(bytes, { guid: 'nope', createdAt: CREATED }))).toBe('INPUT_INVALID');
    expect(await asyncCodeOf(writeDocumentMetadata(bytes, { guid: GUID, createdAt: ' ' }))).toBe('INPUT_INVALID');
  });

  it('accepts the GUID with braces or in lower case and writes it normalised', async () => {
    const out = await writeDocumentMetadata(buildDocx({ core: { created: CREATED } }), { guid: `{${GUID.toLowerCase()}}`, createdAt: CREATED });
    expect(await partText(out, '/word/settings.xml')).toContain(`w15:val="{${GUID}}"`);
  });
});
