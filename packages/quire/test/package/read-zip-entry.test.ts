import { describe, expect, it } from 'vitest';
import { readZipDirectory, type ZipEntry } from '../../src/package/read-zip-directory.js';
import { DEFAULT_MAX_ENTRY_BYTES, readZipEntry } from '../../src/package/read-zip-entry.js';
import { buildZip, text } from '../../../../test/support/docx-builder.js';
import { asyncCodeOf, centralRecordOffsets, countInflatedBytes, patched } from './zip-test-helpers.js';

const encode = (value: string): Uint8Array => new TextEncoder().encode(value);

function only(zip: Uint8Array): ZipEntry {
  const entry = readZipDirectory(zip).entries[0];
  if (!entry) throw new Error('empty zip');
  return entry;
}

describe('readZipEntry', () => {
  it('inflates a deflated entry and returns a stored entry as is', async () => {
    const xml = '<w:settings>'.repeat(1000);
    for (const store of [false, true]) {
      const zip = buildZip([['word/settings.xml', encode(xml)]], { store, comment: '' });
      expect(text(await readZipEntry(zip, only(zip)))).toBe(xml);
    }
  });

  it('reads an empty entry', async () => {
    const zip = buildZip([['empty.xml', new Uint8Array(0)]]);
    expect(await readZipEntry(zip, only(zip))).toHaveLength(0);
  });

  it('stops with DOCX_ZIP_BOMB at the cap: before inflating when the declared size passes it, as soon as the output does when it lies', async () => {
    const bomb = buildZip([['word/settings.xml', new Uint8Array(21 * 1024 * 1024)]]);
    const [record] = centralRecordOffsets(bomb);
    const lying = patched(bomb, (view) => view.setUint32((record ?? 0) + 24, 1000, true));
    // A ratio limit this high leaves the cap alone to stop inflation.
    const noRatio = { maxRatio: 1e9 };
    const declared = await countInflatedBytes(() => asyncCodeOf(readZipEntry(bomb, only(bomb), noRatio)));
    expect(declared).toEqual({ value: 'DOCX_ZIP_BOMB', count: 0 });
    const lied = await countInflatedBytes(() => readZipEntry(lying, only(lying), noRatio).catch((error: unknown) => error));
    expect(lied.value).toMatchObject({ code: 'DOCX_ZIP_BOMB', message: expect.stringContaining('more than the limit of 20971520 bytes') });
    // Inflation stops within a few chunks of output past the cap, well short of the 21 MiB the entry holds.
    expect(lied.count).toBeGreaterThan(DEFAULT_MAX_ENTRY_BYTES);
    expect(lied.count).toBeLessThan(DEFAULT_MAX_ENTRY_BYTES + 256 * 1024);
  });

  it('stops with DOCX_ZIP_BOMB at an absurd compression ratio below the cap', async () => {
    const zeros = buildZip([['word/settings.xml', new Uint8Array(3 * 1024 * 1024)]]);
    expect(await asyncCodeOf(readZipEntry(zeros, only(zeros)))).toBe('DOCX_ZIP_BOMB');
    expect(await readZipEntry(zeros, only(zeros), { maxRatio: 5000 })).toHaveLength(3 * 1024 * 1024);
  });

  it('lets a caller raise or lower the per-entry cap', async () => {
    const zip = buildZip([['a.xml', encode('x'.repeat(5000))]]);
    expect(await asyncCodeOf(readZipEntry(zip, only(zip), { maxBytes: 4000 }))).toBe('DOCX_ZIP_BOMB');
    expect(await readZipEntry(zip, only(zip), { maxBytes: 5000 })).toHaveLength(5000);
  });

  it('rejects data that fails its CRC-32 with DOCX_CORRUPT', async () => {
    const zip = buildZip([['a.xml', encode('<a>hello</a>')]], { store: true });
    const entry = only(zip);
    const flipped = patched(zip, (_view, bytes) => {
      bytes[entry.dataOffset] = 0x41;
    });
    expect(await asyncCodeOf(readZipEntry(flipped, entry))).toBe('DOCX_CORRUPT');
  });

  it('rejects invalid deflate data and a wrong declared size with DOCX_CORRUPT', async () => {
    const zip = buildZip([['a.xml', encode('<a>hello hello hello</a>'.repeat(20))]]);
    const entry = only(zip);
    const garbage = patched(zip, (_view, bytes) => bytes.fill(0xff, entry.dataOffset, entry.dataOffset + entry.compressedSize));
    expect(await asyncCodeOf(readZipEntry(garbage, entry))).toBe('DOCX_CORRUPT');
    expect(await asyncCodeOf(readZipEntry(zip, { ...entry, uncompressedSize: entry.uncompressedSize - 1 }))).toBe('DOCX_CORRUPT');
  });

  it('rejects a deflate stream cut short with DOCX_CORRUPT', async () => {
    const zip = buildZip([['a.xml', encode('<a>hello hello hello</a>'.repeat(20))]]);
    const entry = only(zip);
    expect(await asyncCodeOf(readZipEntry(zip, { ...entry, compressedSize: entry.compressedSize - 4 }))).toBe('DOCX_CORRUPT');
  });

  it('reads an archive held in a SharedArrayBuffer', async () => {
    const xml = '<w:settings/>'.repeat(500);
    const zip = buildZip([['word/settings.xml', encode(xml)]]);
    const shared = new Uint8Array(new SharedArrayBuffer(zip.length));
    shared.set(zip);
    expect(text(await readZipEntry(shared, only(shared)))).toBe(xml);
  });

  it('rejects compression methods other than stored and deflate with DOCX_UNSUPPORTED', async () => {
    const zip = buildZip([['a.xml', encode('<a/>')]]);
    const [record] = centralRecordOffsets(zip);
    const bzip2 = patched(zip, (view) => view.setUint16((record ?? 0) + 10, 12, true));
    expect(await asyncCodeOf(readZipEntry(bzip2, only(bzip2)))).toBe('DOCX_UNSUPPORTED');
  });
});
