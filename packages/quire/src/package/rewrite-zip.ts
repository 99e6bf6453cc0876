import { crc32 } from './crc32.js';
import { deflateRaw } from './deflate-raw.js';
import type { ZipDirectory, ZipEntry } from './read-zip-directory.js';
import { ZIP64_EXTRA_FIELD_ID, ZIP_SIGNATURE } from './zip-bytes.js';

/** Options of {@link rewriteZip}. */
export interface RewriteZipOptions {
  /**
   * Sizes, offsets and counts from this value up are written as Zip64 (APPNOTE 4.4.8); default
   * 0xFFFFFFFF. Lower values only exist to test the Zip64 path with small archives.
   */
  zip64Threshold?: number;
}

// How one output entry is written: either a raw copy of the original bytes, or fresh data.
interface OutputEntry {
  header: Omit<ZipEntry, 'dataOffset' | 'end' | 'localHeaderOffset'>;
  /** Local header, data and data descriptor, ready to copy. */
  chunks: Uint8Array[];
  length: number;
}

const UTF8_NAME_FLAG = 0x0800;
const VERSION_STORED = 10;
const VERSION_DEFLATE = 20;
const VERSION_ZIP64 = 45;
// 1980-01-01 00:00, the earliest MS-DOS date, for added entries when no better date is known.
const DOS_EPOCH_DATE = 0x0021;

/**
 * Resolves to a zip archive where each entry named in `parts` holds the new content (deflated
 * fresh by the platform's `CompressionStream`, with its CRC-32 and sizes) and every other entry is
 * copied byte for byte from `bytes`: local header, compressed data and data descriptor. Entry
 * order is kept; names not in the archive are appended at the end. The central directory is
 * rebuilt, with Zip64 records only when needed.
 */
export async function rewriteZip(
  bytes: Uint8Array,
  directory: ZipDirectory,
  parts: ReadonlyMap<string, Uint8Array>,
  options: RewriteZipOptions = {},
): Promise<Uint8Array> {
  const threshold = Math.min(options.zip64Threshold ?? 0xffffffff, 0xffffffff);
  const existing = new Set(directory.entries.map((entry) => entry.name));
  const dateSource = directory.entries.find((entry) => entry.name === '[Content_Types].xml') ?? directory.entries[0];
  const output: Array<OutputEntry | Promise<OutputEntry>> = directory.entries.map((entry) => {
    const content = parts.get(entry.name);
    return content ? freshEntry(entry, content, threshold) : copiedEntry(bytes, entry);
  });
  for (const [name, content] of parts) {
    if (existing.has(name)) continue;
    const nameBytes = new TextEncoder().encode(name);
    const template: OutputEntry['header'] = {
      name,
      nameBytes,
      flags: nameBytes.length === name.length ? 0 : UTF8_NAME_FLAG,
      method: 8,
      crc32: 0,
      compressedSize: 0,
      uncompressedSize: 0,
      versionMadeBy: VERSION_DEFLATE,
      versionNeeded: VERSION_DEFLATE,
      lastModifiedTime: dateSource?.lastModifiedTime ?? 0,
      lastModifiedDate: dateSource?.lastModifiedDate ?? DOS_EPOCH_DATE,
      internalAttributes: 0,
      externalAttributes: 0,
      extra: new Uint8Array(0),
      comment: new Uint8Array(0),
    };
    output.push(freshEntry(template, content, threshold));
  }
  return assemble(await Promise.all(output), directory.comment, threshold);
}

function copiedEntry(bytes: Uint8Array, entry: ZipEntry): OutputEntry {
  const chunk = bytes.subarray(entry.localHeaderOffset, entry.end);
  return { header: entry, chunks: [chunk], length: chunk.length };
}

async function freshEntry(original: OutputEntry['header'], content: Uint8Array, threshold: number): Promise<OutputEntry> {
  const deflated = await deflateRaw(content);
  const stored = deflated.length >= content.length;
  const data = stored ? content : deflated;
  const zip64 = content.length >= threshold || data.length >= threshold;
  const header: OutputEntry['header'] = {
    ...original,
    // Keep only the UTF-8 name flag: no data descriptor, no encryption, default deflate options.
    flags: original.flags & UTF8_NAME_FLAG,
    method: stored ? 0 : 8,
    crc32: crc32(content),
    compressedSize: data.length,
    uncompressedSize: content.length,
    versionNeeded: zip64 ? VERSION_ZIP64 : stored ? VERSION_STORED : VERSION_DEFLATE,
    extra: withoutZip64(original.extra),
  };
  // APPNOTE 4.5.3: a Zip64 local header carries both sizes in its extra field.
  const localExtra = zip64 ? zip64Extra([content.length, data.length]) : new Uint8Array(0);
  const local = new Uint8Array(30 + header.nameBytes.length + localExtra.length);
  const view = new DataView(local.buffer);
  view.setUint32(0, ZIP_SIGNATURE.localFileHeader, true);
  view.setUint16(4, header.versionNeeded, true);
  view.setUint16(6, header.flags, true);
  view.setUint16(8, header.method, true);
  view.setUint16(10, header.lastModifiedTime, true);
  view.setUint16(12, header.lastModifiedDate, true);
  view.setUint32(14, header.crc32, true);
  view.setUint32(18, zip64 ? 0xffffffff : data.length, true);
  view.setUint32(22, zip64 ? 0xffffffff : content.length, true);
  view.setUint16(26, header.nameBytes.length, true);
  view.setUint16(28, localExtra.length, true);
  local.set(header.nameBytes, 30);
  local.set(localExtra, 30 + header.nameBytes.length);
  return { header, chunks: [local, data], length: local.length + data.length };
}

function assemble(entries: readonly OutputEntry[], comment: Uint8Array, threshold: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const centralHeaders: Uint8Array[] = [];
  for (const entry of entries) {
    centralHeaders.push(centralHeader(entry.header, offset, threshold));
    chunks.push(...entry.chunks);
    offset += entry.length;
  }
  const directoryOffset = offset;
  const directorySize = centralHeaders.reduce((sum, header) => sum + header.length, 0);
  chunks.push(...centralHeaders);
  offset += directorySize;
  const count = entries.length;
  const zip64 = count >= Math.min(threshold, 0xffff) || directorySize >= threshold || directoryOffset >= threshold;
  if (zip64) chunks.push(...zip64EndRecords(count, directorySize, directoryOffset, offset));
  const end = new Uint8Array(22 + comment.length);
  const view = new DataView(end.buffer);
  view.setUint32(0, ZIP_SIGNATURE.endOfCentralDirectory, true);
  view.setUint16(8, zip64 ? 0xffff : count, true);
  view.setUint16(10, zip64 ? 0xffff : count, true);
  view.setUint32(12, zip64 ? 0xffffffff : directorySize, true);
  view.setUint32(16, zip64 ? 0xffffffff : directoryOffset, true);
  view.setUint16(20, comment.length, true);
  end.set(comment, 22);
  chunks.push(end);
  return concatenate(chunks);
}

function centralHeader(header: OutputEntry['header'], offset: number, threshold: number): Uint8Array {
  const big = {
    uncompressed: header.uncompressedSize >= threshold,
    compressed: header.compressedSize >= threshold,
    offset: offset >= threshold,
  };
  const zip64Values = [
    ...(big.uncompressed ? [header.uncompressedSize] : []),
    ...(big.compressed ? [header.compressedSize] : []),
    ...(big.offset ? [offset] : []),
  ];
  const extra = withoutZip64(header.extra);
  const fullExtra = zip64Values.length > 0 ? concatenate([zip64Extra(zip64Values), extra]) : extra;
  const record = new Uint8Array(46 + header.nameBytes.length + fullExtra.length + header.comment.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, ZIP_SIGNATURE.centralDirectoryHeader, true);
  view.setUint16(4, header.versionMadeBy, true);
  view.setUint16(6, zip64Values.length > 0 ? Math.max(header.versionNeeded, VERSION_ZIP64) : header.versionNeeded, true);
  view.setUint16(8, header.flags, true);
  view.setUint16(10, header.method, true);
  view.setUint16(12, header.lastModifiedTime, true);
  view.setUint16(14, header.lastModifiedDate, true);
  view.setUint32(16, header.crc32, true);
  view.setUint32(20, big.compressed ? 0xffffffff : header.compressedSize, true);
  view.setUint32(24, big.uncompressed ? 0xffffffff : header.uncompressedSize, true);
  view.setUint16(28, header.nameBytes.length, true);
  view.setUint16(30, fullExtra.length, true);
  view.setUint16(32, header.comment.length, true);
  view.setUint16(36, header.internalAttributes, true);
  view.setUint32(38, header.externalAttributes, true);
  view.setUint32(42, big.offset ? 0xffffffff : offset, true);
  record.set(header.nameBytes, 46);
  record.set(fullExtra, 46 + header.nameBytes.length);
  record.set(header.comment, 46 + header.nameBytes.length + fullExtra.length);
  return record;
}

function zip64EndRecords(count: number, size: number, directoryOffset: number, recordOffset: number): Uint8Array[] {
  const record = new Uint8Array(56);
  const view = new DataView(record.buffer);
  view.setUint32(0, ZIP_SIGNATURE.zip64EndOfCentralDirectory, true);
  setUint64(view, 4, 44);
  view.setUint16(12, VERSION_ZIP64, true);
  view.setUint16(14, VERSION_ZIP64, true);
  setUint64(view, 24, count);
  setUint64(view, 32, count);
  setUint64(view, 40, size);
  setUint64(view, 48, directoryOffset);
  const locator = new Uint8Array(20);
  const locatorView = new DataView(locator.buffer);
  locatorView.setUint32(0, ZIP_SIGNATURE.zip64EndOfCentralDirectoryLocator, true);
  setUint64(locatorView, 8, recordOffset);
  locatorView.setUint32(16, 1, true);
  return [record, locator];
}

function zip64Extra(values: readonly number[]): Uint8Array {
  const extra = new Uint8Array(4 + values.length * 8);
  const view = new DataView(extra.buffer);
  view.setUint16(0, ZIP64_EXTRA_FIELD_ID, true);
  view.setUint16(2, values.length * 8, true);
  values.forEach((value, i) => setUint64(view, 4 + i * 8, value));
  return extra;
}

// The Zip64 field of the original header describes the original layout; it is rebuilt as needed.
function withoutZip64(extra: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [];
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let offset = 0; offset + 4 <= extra.length; ) {
    const size = view.getUint16(offset + 2, true);
    const block = extra.subarray(offset, Math.min(extra.length, offset + 4 + size));
    if (view.getUint16(offset, true) !== ZIP64_EXTRA_FIELD_ID) kept.push(block);
    offset += 4 + size;
  }
  return kept.length === 1 && kept[0]?.length === extra.length ? extra : concatenate(kept);
}

function setUint64(view: DataView, offset: number, value: number): void {
  view.setUint32(offset, value % 0x100000000, true);
  view.setUint32(offset + 4, Math.floor(value / 0x100000000), true);
}

function concatenate(chunks: readonly Uint8Array[]): Uint8Array {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const result = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk, offset);
    offset += chunk.length;
  }
  return result;
}
