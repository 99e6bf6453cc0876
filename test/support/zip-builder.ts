// A small zip writer for tests, independent of src/package so tests of the reader and the
// rewriter do not check themselves: fflate's zipSync for plain archives, our own records for
// data descriptors and Zip64, which fflate does not write. Also lists stored entries raw.
import { deflateSync, zipSync } from 'fflate';
import { crc32 } from 'node:zlib';

export interface ZipBuildOptions {
  /** Write CRC and sizes in data descriptors after the data (flag bit 3). */
  dataDescriptors?: boolean;
  /** Omit the optional data descriptor signature. */
  unsignedDescriptors?: boolean;
  /** Write Zip64 extra fields and end records even though the archive is small. */
  zip64?: boolean;
  /** Store entries instead of deflating them. */
  store?: boolean;
  /** Archive comment. */
  comment?: string;
}

/**
 * Returns a zip of `entries`: fflate's `zipSync` for plain archives, a small writer of our own
 * for data descriptors and Zip64 records, which fflate does not write.
 */
export function buildZip(entries: ReadonlyArray<[string, Uint8Array]>, options: ZipBuildOptions = {}): Uint8Array<ArrayBuffer> {
  if (!options.dataDescriptors && !options.zip64 && !options.store && options.comment === undefined) {
    return zipSync(Object.fromEntries(entries.map(([name, data]) => [name, [data, { level: 6 }]])), { mtime: new Date(2024, 0, 2) });
  }
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = new TextEncoder().encode(name);
    const compressed = options.store ? data : deflateSync(data, { level: 6 });
    const method = options.store ? 0 : 8;
    const crc = crc32(data);
    const flags = options.dataDescriptors ? 0x0008 : 0;
    const zip64 = Boolean(options.zip64);
    const localExtra = zip64 ? u64Block([data.length, compressed.length]) : new Uint8Array(0);
    const local = header(30 + nameBytes.length + localExtra.length, (v) => {
      v.setUint32(0, 0x04034b50, true);
      v.setUint16(4, zip64 ? 45 : 20, true);
      v.setUint16(6, flags, true);
      v.setUint16(8, method, true);
      v.setUint16(12, 0x5821, true);
      v.setUint32(14, options.dataDescriptors ? 0 : crc, true);
      v.setUint32(18, zip64 ? 0xffffffff : options.dataDescriptors ? 0 : compressed.length, true);
      v.setUint32(22, zip64 ? 0xffffffff : options.dataDescriptors ? 0 : data.length, true);
      v.setUint16(26, nameBytes.length, true);
      v.setUint16(28, localExtra.length, true);
    });
    local.set(nameBytes, 30);
    local.set(localExtra, 30 + nameBytes.length);
    chunks.push(local, compressed);
    let length = local.length + compressed.length;
    if (options.dataDescriptors) {
      const signature = options.unsignedDescriptors ? 0 : 4;
      const descriptor = header(signature + (zip64 ? 20 : 12), (v) => {
        if (signature) v.setUint32(0, 0x08074b50, true);
        v.setUint32(signature, crc, true);
        if (zip64) {
          v.setBigUint64(signature + 4, BigInt(compressed.length), true);
          v.setBigUint64(signature + 12, BigInt(data.length), true);
        } else {
          v.setUint32(signature + 4, compressed.length, true);
          v.setUint32(signature + 8, data.length, true);
        }
      });
      chunks.push(descriptor);
      length += descriptor.length;
    }
    const centralExtra = zip64 ? u64Block([data.length, compressed.length, offset]) : new Uint8Array(0);
    const record = header(46 + nameBytes.length + centralExtra.length, (v) => {
      v.setUint32(0, 0x02014b50, true);
      v.setUint16(4, 20, true);
      v.setUint16(6, zip64 ? 45 : 20, true);
      v.setUint16(8, flags, true);
      v.setUint16(10, method, true);
      v.setUint16(14, 0x5821, true);
      v.setUint32(16, crc, true);
      v.setUint32(20, zip64 ? 0xffffffff : compressed.length, true);
      v.setUint32(24, zip64 ? 0xffffffff : data.length, true);
      v.setUint16(28, nameBytes.length, true);
      v.setUint16(30, centralExtra.length, true);
      v.setUint32(42, zip64 ? 0xffffffff : offset, true);
    });
    record.set(nameBytes, 46);
    record.set(centralExtra, 46 + nameBytes.length);
    central.push(record);
    offset += length;
  }
  const directorySize = central.reduce((sum, c) => sum + c.length, 0);
  chunks.push(...central);
  const comment = new TextEncoder().encode(options.comment ?? '');
  if (options.zip64) {
    const recordOffset = offset + directorySize;
    chunks.push(
      header(56, (v) => {
        v.setUint32(0, 0x06064b50, true);
        v.setBigUint64(4, 44n, true);
        v.setUint16(12, 45, true);
        v.setUint16(14, 45, true);
        v.setBigUint64(24, BigInt(entries.length), true);
        v.setBigUint64(32, BigInt(entries.length), true);
        v.setBigUint64(40, BigInt(directorySize), true);
        v.setBigUint64(48, BigInt(offset), true);
      }),
      header(20, (v) => {
        v.setUint32(0, 0x07064b50, true);
        v.setBigUint64(8, BigInt(recordOffset), true);
        v.setUint32(16, 1, true);
      }),
    );
  }
  const end = header(22 + comment.length, (v) => {
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, options.zip64 ? 0xffff : entries.length, true);
    v.setUint16(10, options.zip64 ? 0xffff : entries.length, true);
    v.setUint32(12, options.zip64 ? 0xffffffff : directorySize, true);
    v.setUint32(16, options.zip64 ? 0xffffffff : offset, true);
    v.setUint16(20, comment.length, true);
  });
  end.set(comment, 22);
  chunks.push(end);
  return concat(chunks);
}

function header(size: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  fill(new DataView(bytes.buffer));
  return bytes;
}

function u64Block(values: number[]): Uint8Array {
  return header(4 + values.length * 8, (v) => {
    v.setUint16(0, 0x0001, true);
    v.setUint16(2, values.length * 8, true);
    values.forEach((value, i) => v.setBigUint64(4 + i * 8, BigInt(value), true));
  });
}

/** Concatenates byte arrays. */
export function concat(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** One zip entry as stored: raw compressed bytes and the central directory facts needed by tests. */
export interface RawEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  /** Compressed data exactly as stored (without headers). */
  data: Uint8Array;
}

/**
 * Lists the entries of a (non-Zip64) zip with their raw compressed bytes, reading the central
 * directory with code independent of src/package.
 */
export function listRawEntries(zip: Uint8Array): RawEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory');
  const count = view.getUint16(end + 10, true);
  let p = view.getUint32(end + 16, true);
  const entries: RawEntry[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = view.getUint16(p + 28, true);
    const name = new TextDecoder().decode(zip.subarray(p + 46, p + 46 + nameLength));
    const size = view.getUint32(p + 20, true);
    const local = view.getUint32(p + 42, true);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({
      name,
      method: view.getUint16(p + 10, true),
      flags: view.getUint16(p + 8, true),
      crc: view.getUint32(p + 16, true),
      data: zip.subarray(dataStart, dataStart + size),
    });
    p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return entries;
}
