import { unzipSync } from 'fflate';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readZipDirectory, type ZipDirectory } from '../../src/package/read-zip-directory.js';
import { readZipEntry } from '../../src/package/read-zip-entry.js';
import { rewriteZip } from '../../src/package/rewrite-zip.js';
import { buildZip, listRawEntries, text } from '../../../../test/support/docx-builder.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);
const sample: Array<[string, Uint8Array]> = [
  ['[Content_Types].xml', encode('<Types/>')],
  ['word/document.xml', encode('<w:document>text</w:document>'.repeat(40))],
  ['word/media/image1.png', new Uint8Array(2000).map((_, i) => (i * 31) % 256)],
  ['docProps/core.xml', encode('<cp:coreProperties/>')],
];

/** Returns each entry's stored bytes (local header, data, descriptor) by name. */
function storedRanges(zip: Uint8Array, directory: ZipDirectory = readZipDirectory(zip)): Map<string, Uint8Array> {
  return new Map(directory.entries.map((e) => [e.name, zip.subarray(e.localHeaderOffset, e.end)]));
}

async function readWithJsZip(zip: Uint8Array): Promise<Record<string, string>> {
  const archive = await JSZip.loadAsync(zip, { checkCRC32: true });
  const result: Record<string, string> = {};
  for (const name of Object.keys(archive.files)) result[name] = (await archive.file(name)?.async('string')) ?? '';
  return result;
}

describe('rewriteZip', () => {
  it('copies every untouched entry byte for byte and replaces only the named ones', async () => {
    const zip = buildZip(sample);
    const directory = readZipDirectory(zip);
    const out = await rewriteZip(zip, directory, new Map([['docProps/core.xml', encode('<cp:coreProperties>new</cp:coreProperties>')]]));
    const before = storedRanges(zip, directory);
    const after = storedRanges(out);
    for (const name of ['[Content_Types].xml', 'word/document.xml', 'word/media/image1.png']) {
      expect(after.get(name), name).toEqual(before.get(name));
    }
    const raw = new Map(listRawEntries(out).map((e) => [e.name, e]));
    expect(raw.get('word/media/image1.png')?.data).toEqual(listRawEntries(zip)[2]?.data);
    expect((await readWithJsZip(out))['docProps/core.xml']).toBe('<cp:coreProperties>new</cp:coreProperties>');
  });

  it('keeps the entry order and appends new entries at the end', async () => {
    const zip = buildZip(sample);
    const out = await rewriteZip(
      zip,
      readZipDirectory(zip),
      new Map([
        ['docProps/custom.xml', encode('<Properties/>')],
        ['[Content_Types].xml', encode('<Types><Override/></Types>')],
      ]),
    );
    expect(readZipDirectory(out).entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml',
      'word/document.xml',
      'word/media/image1.png',
      'docProps/core.xml',
      'docProps/custom.xml',
    ]);
    const files = unzipSync(out);
    expect(text(files['[Content_Types].xml'] ?? new Uint8Array())).toBe('<Types><Override/></Types>');
  });

  it('copies entries that use data descriptors together with their descriptors', async () => {
    for (const unsignedDescriptors of [false, true]) {
      const zip = buildZip(sample, { dataDescriptors: true, unsignedDescriptors });
      const directory = readZipDirectory(zip);
      const out = await rewriteZip(zip, directory, new Map([['docProps/core.xml', encode('<new/>')]]));
      const before = storedRanges(zip, directory);
      const after = storedRanges(out);
      expect(after.get('word/document.xml')).toEqual(before.get('word/document.xml'));
      expect(readZipDirectory(out).entries.find((e) => e.name === 'docProps/core.xml')?.flags ?? -1).toBe(0);
      const files = await readWithJsZip(out);
      expect(files['word/document.xml']).toBe('<w:document>text</w:document>'.repeat(40));
      expect(files['docProps/core.xml']).toBe('<new/>');
    }
  });

  it('writes Zip64 records when sizes or offsets reach the threshold, readable by JSZip and by the reader', async () => {
    const zip = buildZip(sample);
    const out = await rewriteZip(zip, readZipDirectory(zip), new Map([['extra.xml', encode('<x/>')]]), { zip64Threshold: 0 });
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    expect(view.getUint32(out.length - 22, true)).toBe(0x06054b50);
    expect(view.getUint32(out.length - 22 - 20, true)).toBe(0x07064b50);
    const directory = readZipDirectory(out);
    expect((await Promise.all(directory.entries.map((e) => readZipEntry(out, e)))).map(text)).toEqual([...sample.map(([, d]) => text(d)), '<x/>']);
    expect((await readWithJsZip(out))['extra.xml']).toBe('<x/>');
  });

  it('rewrites an archive that already uses Zip64 records into a plain one', async () => {
    const zip = buildZip(sample, { zip64: true });
    const out = await rewriteZip(zip, readZipDirectory(zip), new Map([['docProps/core.xml', encode('<z/>')]]));
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    expect(view.getUint32(out.length - 22 - 20, true)).not.toBe(0x07064b50);
    expect((await readWithJsZip(out))['word/document.xml']).toBe('<w:document>text</w:document>'.repeat(40));
  });

  it('keeps the archive comment', async () => {
    const zip = buildZip(sample, { comment: 'made by a test' });
    const out = await rewriteZip(zip, readZipDirectory(zip), new Map([['a.xml', encode('<a/>')]]));
    expect(text(readZipDirectory(out).comment)).toBe('made by a test');
  });

  it('stores content that deflate would not shrink and flags non-ASCII names as UTF-8', async () => {
    const zip = buildZip(sample);
    const random = new Uint8Array(64).map((_, i) => (i * 167 + 13) % 256);
    const out = await rewriteZip(zip, readZipDirectory(zip), new Map([['word/média.bin', random]]));
    const added = readZipDirectory(out).entries.at(-1);
    expect(added?.name).toBe('word/média.bin');
    expect(added?.method).toBe(0);
    expect((added?.flags ?? 0) & 0x0800).toBe(0x0800);
    expect(added && (await readZipEntry(out, added))).toEqual(random);
  });
});
