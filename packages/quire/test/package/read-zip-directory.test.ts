import { zipSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipDirectory } from '../../src/package/read-zip-directory.js';
import { readZipEntry } from '../../src/package/read-zip-entry.js';
import { buildZip, concat, text } from '../../../../test/support/docx-builder.js';
import { centralRecordOffsets, codeOf, countFieldReads, endRecordOffset, patched } from './zip-test-helpers.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);
const sample: Array<[string, Uint8Array]> = [
  ['a.xml', encode('<a>first</a>'.repeat(50))],
  ['folder/b.txt', encode('second entry')],
  ['c.bin', new Uint8Array(300).map((_, i) => i % 7)],
];

async function contents(zip: Uint8Array): Promise<Record<string, string>> {
  const directory = readZipDirectory(zip);
  const named = await Promise.all(directory.entries.map(async (entry) => [entry.name, text(await readZipEntry(zip, entry))]));
  return Object.fromEntries(named);
}

describe('readZipDirectory', () => {
  it('lists every entry with its name, method, sizes and CRC-32 in directory order', () => {
    const zip = buildZip(sample);
    const { entries } = readZipDirectory(zip);
    expect(entries.map((e) => e.name)).toEqual(['a.xml', 'folder/b.txt', 'c.bin']);
    for (const [i, [, data]] of sample.entries()) {
      expect(entries[i]?.uncompressedSize).toBe(data.length);
      expect(entries[i]?.crc32).toBe(crc32(data));
      expect(entries[i]?.method).toBe(8);
    }
  });

  it('reads archives whose entries use signed or unsigned data descriptors and finds where each entry ends', async () => {
    for (const unsignedDescriptors of [false, true]) {
      const zip = buildZip(sample, { dataDescriptors: true, unsignedDescriptors });
      const { entries } = readZipDirectory(zip);
      expect(entries.every((e) => (e.flags & 8) === 8)).toBe(true);
      expect(entries[1]?.end).toBe(entries[2]?.localHeaderOffset);
      expect((await contents(zip))['folder/b.txt']).toBe('second entry');
    }
  });

  it('takes sizes and offsets from Zip64 extra fields and the Zip64 end record', async () => {
    const zip = buildZip(sample, { zip64: true, dataDescriptors: true });
    const { entries } = readZipDirectory(zip);
    expect(entries).toHaveLength(3);
    expect(entries[2]?.uncompressedSize).toBe(300);
    expect(entries[1]?.localHeaderOffset).toBeGreaterThan(0);
    expect((await contents(zip))['a.xml']).toBe('<a>first</a>'.repeat(50));
  });

  it('is not fooled by an archive comment that contains an end record signature', () => {
    const fake = String.fromCharCode(0x50, 0x4b, 0x05, 0x06) + '\0'.repeat(18) + ' trailing words';
    const zip = buildZip(sample, { comment: fake });
    const directory = readZipDirectory(zip);
    expect(directory.entries).toHaveLength(3);
    expect(text(directory.comment)).toBe(fake);
  });

  it('reads a Uint8Array view that starts inside a larger buffer', async () => {
    const zip = buildZip(sample);
    const padded = concat([new Uint8Array(333).fill(0x50), zip, new Uint8Array(10)]);
    const view = padded.subarray(333, 333 + zip.length);
    expect((await contents(view))['folder/b.txt']).toBe('second entry');
  });

  it('rejects bytes that are not a zip with DOCX_NOT_ZIP', () => {
    expect(codeOf(() => readZipDirectory(new Uint8Array(0)))).toBe('DOCX_NOT_ZIP');
    expect(codeOf(() => readZipDirectory(encode('%PDF-1.7 this is not a zip at all, it is much longer than 22 bytes')))).toBe('DOCX_NOT_ZIP');
  });

  it('rejects a zip cut short at any point with DOCX_TRUNCATED, reading each of its last 64 KiB at most once', async () => {
    const stored = new Uint8Array(200_000).map((_, i) => (i * 7919) % 251);
    const zip = buildZip([...sample, ['stored.bin', stored]], { store: true });
    for (const cut of [4, 30, 100, Math.floor(zip.length / 2), zip.length - 40, zip.length - 23, zip.length - 1]) {
      const { value, count } = await countFieldReads(() => codeOf(() => readZipDirectory(zip.subarray(0, cut))));
      expect(value, `cut at ${cut}`).toBe('DOCX_TRUNCATED');
      // The end record is looked for in the last 64 KiB + 22 bytes only (APPNOTE 4.3.16).
      expect(count, `cut at ${cut}`).toBeLessThanOrEqual(Math.min(cut, 0xffff + 22) + 8);
    }
  });

  it('rejects an entry whose data would run past the directory with DOCX_TRUNCATED', () => {
    const zip = buildZip(sample);
    const [, second] = centralRecordOffsets(zip);
    const broken = patched(zip, (view) => view.setUint32((second ?? 0) + 20, 1_000_000, true));
    expect(codeOf(() => readZipDirectory(broken))).toBe('DOCX_TRUNCATED');
  });

  it('rejects OLE compound files (password-protected DOCX) with DOCX_ENCRYPTED', () => {
    const ole = new Uint8Array(2048);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const name = 'EncryptedPackage';
    for (let i = 0; i < name.length; i++) ole[1024 + i * 2] = name.charCodeAt(i);
    expect(codeOf(() => readZipDirectory(ole))).toBe('DOCX_ENCRYPTED');
    expect(() => readZipDirectory(ole)).toThrow(/password/);
  });

  it('rejects entries flagged as encrypted with DOCX_ENCRYPTED', () => {
    const zip = buildZip(sample);
    const [first] = centralRecordOffsets(zip);
    const encrypted = patched(zip, (view) => view.setUint16((first ?? 0) + 8, 0x0001, true));
    expect(codeOf(() => readZipDirectory(encrypted))).toBe('DOCX_ENCRYPTED');
  });

  it('rejects split (multi-disk) archives with DOCX_UNSUPPORTED', () => {
    const zip = buildZip(sample);
    const end = endRecordOffset(zip);
    expect(codeOf(() => readZipDirectory(patched(zip, (view) => view.setUint16(end + 4, 1, true))))).toBe('DOCX_UNSUPPORTED');
  });

  it('rejects more entries than the limit with DOCX_TOO_LARGE before reading any, also when the count is only declared', async () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`f${i}.txt`, new Uint8Array(0)])));
    const rejected = await countFieldReads(() => codeOf(() => readZipDirectory(many)));
    expect(rejected.value).toBe('DOCX_TOO_LARGE');
    const listed = await countFieldReads(() => readZipDirectory(many, { maxEntries: 20_000 }).entries);
    expect(listed.value).toHaveLength(10_001);
    // Refusing reads the end record only: a few fields, where listing reads about 20 per entry.
    expect(rejected.count).toBeLessThan(listed.count / 1000);
    const zip = buildZip(sample);
    const end = endRecordOffset(zip);
    const claims = patched(zip, (view) => {
      view.setUint16(end + 8, 0xfffe, true);
      view.setUint16(end + 10, 0xfffe, true);
    });
    const refused = await countFieldReads(() => codeOf(() => readZipDirectory(claims)));
    expect(refused.value).toBe('DOCX_TOO_LARGE');
    const corrupt = await countFieldReads(() => codeOf(() => readZipDirectory(claims, { maxEntries: 100_000 })));
    expect(corrupt.value).toBe('DOCX_CORRUPT');
    expect(Math.max(refused.count, corrupt.count)).toBeLessThan(listed.count / 1000);
  });

  it('rejects entries that share bytes (overlapping zip bomb) with DOCX_ZIP_BOMB', () => {
    const zip = buildZip(sample);
    const view = new DataView(zip.buffer);
    const [first, second] = centralRecordOffsets(zip);
    const firstHeader = view.getUint32((first ?? 0) + 42, true);
    const overlapping = patched(zip, (v) => {
      v.setUint32((second ?? 0) + 42, firstHeader, true);
      v.setUint32((second ?? 0) + 20, v.getUint32((first ?? 0) + 20, true), true);
    });
    expect(codeOf(() => readZipDirectory(overlapping))).toBe('DOCX_ZIP_BOMB');
  });

  it('rejects a directory record with a bad signature with DOCX_CORRUPT', () => {
    const zip = buildZip(sample);
    const [, second] = centralRecordOffsets(zip);
    expect(codeOf(() => readZipDirectory(patched(zip, (view) => view.setUint32(second ?? 0, 0x12345678, true))))).toBe(
      'DOCX_CORRUPT',
    );
  });
});
