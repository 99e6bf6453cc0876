import { describe, expect, it } from 'vitest';
import { identifyDocument } from '../../src/identity/identify-document.js';
import { writeDocumentMetadata } from '../../src/identity/write-document-metadata.js';
import { DEFAULT_MAX_ENTRY_BYTES } from '../../src/package/read-zip-entry.js';
import { buildDocx, buildDocxEntries, buildZip, NS, REL } from '../../../../test/support/docx-builder.js';
import { ratioOfMedians } from '../../../../test/support/ratio-of-medians.js';
import { asyncCodeOf, countFieldReads, countInflatedBytes } from '../package/zip-test-helpers.js';

const CREATED = '2023-10-09T10:28:00Z';
const GUID = 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09';

/** Runs identify and write on `bytes` and returns both error codes. */
async function attack(bytes: Uint8Array): Promise<{ identify: string; write: string }> {
  const identify = await asyncCodeOf(identifyDocument(bytes));
  const write = await asyncCodeOf(writeDocumentMetadata(bytes, { guid: GUID, createdAt: CREATED }));
  return { identify, write };
}

function withSettings(settings: Uint8Array): Uint8Array {
  return buildZip(
    buildDocxEntries({ core: { created: CREATED } }).map(([name, data]): [string, Uint8Array] =>
      name === 'word/settings.xml' ? [name, settings] : [name, data],
    ),
  );
}

describe('identifyDocument and writeDocumentMetadata on hostile or broken input', () => {
  it('reject bytes that are not a zip with DOCX_NOT_ZIP', async () => {
    const result = await attack(new TextEncoder().encode('<html><body>Not a document</body></html>'));
    expect(result).toMatchObject({ identify: 'DOCX_NOT_ZIP', write: 'DOCX_NOT_ZIP' });
  });

  it('reject a DOCX cut short at several points with DOCX_TRUNCATED, in work linear in the bytes given', async () => {
    const bytes = buildDocx({ settings: { docId: GUID } });
    for (const cut of [10, 200, Math.floor(bytes.length / 2), bytes.length - 10]) {
      const { value, count } = await countFieldReads(() => attack(bytes.subarray(0, cut)));
      expect(value.identify, `cut at ${cut}`).toBe('DOCX_TRUNCATED');
      expect(value.write, `cut at ${cut}`).toBe('DOCX_TRUNCATED');
      // Each of the two calls looks for the zip's end record once, reading a field per offset.
      expect(count, `cut at ${cut}`).toBeLessThanOrEqual(2 * (cut + 8));
    }
  });

  it('reject a password-protected (OLE) file with DOCX_ENCRYPTED', async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await attack(ole)).toMatchObject({ identify: 'DOCX_ENCRYPTED', write: 'DOCX_ENCRYPTED' });
  });

  it('reject a zip without a main document with DOCX_NO_MAIN_PART', async () => {
    const zip = buildZip([['hello.txt', new TextEncoder().encode('hi')]]);
    expect(await attack(zip)).toMatchObject({ identify: 'DOCX_NO_MAIN_PART', write: 'DOCX_NO_MAIN_PART' });
  });

  it('stop a settings part that inflates past the cap with DOCX_ZIP_BOMB, inflating no more than the cap', async () => {
    // 30 MiB of zeros deflate to about 30 KB.
    const settings = new Uint8Array(30 * 1024 * 1024);
    const bytes = withSettings(settings);
    const identify = await countInflatedBytes(() => asyncCodeOf(identifyDocument(bytes)));
    const write = await countInflatedBytes(() => asyncCodeOf(writeDocumentMetadata(bytes, { guid: GUID, createdAt: CREATED })));
    expect([identify.value, write.value]).toEqual(['DOCX_ZIP_BOMB', 'DOCX_ZIP_BOMB']);
    // Each call stops within a few chunks of output past the cap, short of the 30 MiB the part holds.
    expect(identify.count).toBeLessThan(DEFAULT_MAX_ENTRY_BYTES + 256 * 1024);
    expect(write.count).toBeLessThan(DEFAULT_MAX_ENTRY_BYTES + 256 * 1024);
  });

  it('refuse entity declarations in the settings (billion laughs) with DOCX_MALFORMED_XML, expanding none', async () => {
    const entities = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join('');
    const laughs = (entity: string): Uint8Array =>
      withSettings(
        new TextEncoder().encode(
          `<?xml version="1.0"?><!DOCTYPE w:settings [${entities}]><w:settings xmlns:w="${NS.w}"><w:zoom w:val="&${entity};"/></w:settings>`,
        ),
      );
    // Expanded, lol9 is 10^9 laughs and lol1 ten; refused unexpanded, both cost the same.
    const billion = laughs('lol9');
    const ten = laughs('lol1');
    expect(await attack(billion)).toEqual({ identify: 'DOCX_MALFORMED_XML', write: 'DOCX_MALFORMED_XML' });
    expect(await ratioOfMedians(() => attack(billion), () => attack(ten), { rounds: 9 })).toBeLessThan(3);
  });

  it('ignore a relationship target that climbs out of the package (../../etc/passwd)', async () => {
    const rels = `<Relationships xmlns="${NS.rels}"><Relationship Id="rId1" Type="${REL.settings}" Target="../../etc/passwd"/></Relationships>`;
    const bytes = buildDocx({ mainRelsXml: rels, settings: false, core: { created: CREATED } });
    const identity = await identifyDocument(bytes);
    expect(identity.warnings.join()).toMatch(/outside the package/);
    const exported = await writeDocumentMetadata(bytes, identity);
    expect((await identifyDocument(exported)).guid).toBe(identity.guid);
  });

  it('reject an archive with a huge number of entries with DOCX_TOO_LARGE', async () => {
    const entries = buildDocxEntries();
    for (let i = 0; i < 10_001; i++) entries.push([`junk/${i}.xml`, new Uint8Array(0)]);
    const result = await attack(buildZip(entries));
    expect(result).toMatchObject({ identify: 'DOCX_TOO_LARGE', write: 'DOCX_TOO_LARGE' });
  });
});
