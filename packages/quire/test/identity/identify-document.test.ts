import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifyDocument, type IdentifyOptions } from '../../src/identity/identify-document.js';
import { readZipDirectory } from '../../src/package/read-zip-directory.js';
import { buildDocx, NS, REL } from '../../../../test/support/docx-builder.js';

const sha = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
const GUID = 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09';
const CREATED = '2023-10-09T10:28:00Z';
// Fixed clock and random source, so generated values are known.
const injected: IdentifyOptions = {
  now: () => new Date('2030-06-07T08:09:10Z'),
  getRandomValues: (array) => array.fill(0x11),
};
const GENERATED_GUID = '11111111-1111-4111-9111-111111111111';

describe('identifyDocument', () => {
  it('derives the id from w15:docId and dcterms:created, normalising braces, case and white space', async () => {
    const bytes = buildDocx({ settings: { docId: ` {${GUID.toLowerCase()}} ` }, core: { created: `\n ${CREATED} ` } });
    const identity = await identifyDocument(bytes, injected);
    expect(identity).toMatchObject({
      documentId: sha(`${GUID}|${CREATED}`),
      guid: GUID,
      createdAt: CREATED,
      source: 'metadata',
      generated: { guid: false, createdAt: false },
    });
    expect(identity.bytes).toBe(bytes);
  });

  it('matches w15:docId by namespace URI whatever its prefix', async () => {
    const bytes = buildDocx({ settings: { docId: `{${GUID}}`, w15Prefix: 'wx' }, core: { created: CREATED } });
    expect((await identifyDocument(bytes)).documentId).toBe(sha(`${GUID}|${CREATED}`));
  });

  it('ignores a docId whose w15 prefix is bound to another namespace', async () => {
    const settings =
      `<w:settings xmlns:w="${NS.w}" xmlns:w15="urn:something-else"><w15:docId w15:val="{${GUID}}"/></w:settings>`;
    const identity = await identifyDocument(buildDocx({ settings: { xml: settings }, core: { created: CREATED } }), injected);
    expect(identity.guid).toBe(GENERATED_GUID);
    expect(identity.source).toBe('content');
  });

  it('ignores w14:docId, which is not a GUID', async () => {
    const bytes = buildDocx({ settings: { w14DocId: '0872B0DA' }, core: { created: CREATED } });
    const identity = await identifyDocument(bytes, injected);
    expect(identity.source).toBe('content');
    expect(identity.documentId).toBe(sha(bytes));
    expect(identity.generated).toEqual({ guid: true, createdAt: false });
  });

  it('falls back to the DocumentGuid custom property when the settings hold no usable GUID', async () => {
    for (const settings of [{}, { docId: 'not a guid' }]) {
      const bytes = buildDocx({ settings, core: { created: CREATED }, custom: { documentGuid: `{${GUID}}` } });
      const identity = await identifyDocument(bytes);
      expect(identity.guid).toBe(GUID);
      expect(identity.documentId).toBe(sha(`${GUID}|${CREATED}`));
    }
  });

  it('prefers w15:docId over DocumentGuid when both exist', async () => {
    const other = '00000000-1111-2222-3333-444444444444';
    const bytes = buildDocx({ settings: { docId: `{${GUID}}` }, core: { created: CREATED }, custom: { documentGuid: other } });
    expect((await identifyDocument(bytes)).guid).toBe(GUID);
  });

  it('hashes the bytes and generates a timestamp when dcterms:created is empty or the core part is missing', async () => {
    for (const core of [{ created: '  ' }, false as const]) {
      const bytes = buildDocx({ settings: { docId: `{${GUID}}` }, core });
      const identity = await identifyDocument(bytes, injected);
      expect(identity).toMatchObject({
        documentId: sha(bytes),
        source: 'content',
        guid: GUID,
        createdAt: '2030-06-07T08:09:00Z',
        generated: { guid: false, createdAt: true },
      });
    }
  });

  it('generates both values when the file has neither', async () => {
    const bytes = buildDocx({ settings: false, core: false });
    const identity = await identifyDocument(bytes, injected);
    expect(identity).toMatchObject({
      documentId: sha(bytes),
      source: 'content',
      guid: GENERATED_GUID,
      createdAt: '2030-06-07T08:09:00Z',
      generated: { guid: true, createdAt: true },
    });
  });

  it('uses the timestamp exactly as written, trimmed', async () => {
    const bytes = buildDocx({ settings: { docId: GUID }, core: { created: '2013-10-01T21:34:00+02:00 ' } });
    expect((await identifyDocument(bytes)).createdAt).toBe('2013-10-01T21:34:00+02:00');
  });

  it('follows relationships to parts with unusual names and prefixes', async () => {
    const bytes = buildDocx({
      mainPartName: '/doc/main.xml',
      settings: { partName: '/doc/conf/s.xml', docId: GUID, w15Prefix: 'a' },
      core: { partName: '/props/c.xml', created: CREATED, dctermsPrefix: 'dct' },
    });
    expect((await identifyDocument(bytes)).documentId).toBe(sha(`${GUID}|${CREATED}`));
  });

  it('inflates nothing but the metadata parts: a broken main document does not matter', async () => {
    const bytes = buildDocx({ settings: { docId: GUID }, core: { created: CREATED } });
    const main = readZipDirectory(bytes).entries.find((entry) => entry.name === 'word/document.xml');
    if (!main) throw new Error('no main part');
    bytes.fill(0xff, main.dataOffset, main.dataOffset + main.compressedSize);
    expect((await identifyDocument(bytes)).documentId).toBe(sha(`${GUID}|${CREATED}`));
  });

  it('reports ignored relationships as warnings', async () => {
    const rels =
      `<Relationships xmlns="${NS.rels}"><Relationship Id="rId7" Type="${REL.settings}" Target="../../etc/passwd"/></Relationships>`;
    const identity = await identifyDocument(buildDocx({ mainRelsXml: rels, core: { created: CREATED } }));
    expect(identity.warnings.join('\n')).toMatch(/rId7/);
    expect(identity.source).toBe('content');
  });

  it('accepts a Blob, an ArrayBuffer and a URL fetched with the injected fetch', async () => {
    const bytes = buildDocx({ settings: { docId: GUID }, core: { created: CREATED } });
    const expected = sha(`${GUID}|${CREATED}`);
    expect((await identifyDocument(new Blob([bytes]))).documentId).toBe(expected);
    expect((await identifyDocument(bytes.slice().buffer)).documentId).toBe(expected);
    const requested: string[] = [];
    const fetch = async (url: string) => {
      requested.push(url);
      return new Response(bytes);
    };
    expect((await identifyDocument('https://files.example/doc.docx', { fetch })).documentId).toBe(expected);
    expect(requested).toEqual(['https://files.example/doc.docx']);
  });
});
