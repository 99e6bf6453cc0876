import { DocumentError } from '../document-error.js';
import { multiDiskError, readEndOfCentralDirectory } from './read-end-of-central-directory.js';
import { createByteReader, ZIP64_EXTRA_FIELD_ID, ZIP_SIGNATURE, type ByteReader } from './zip-bytes.js';

/** One entry of a zip archive as its central directory and local header describe it. */
export interface ZipEntry {
  /** The entry name, decoded as UTF-8. */
  name: string;
  /** The entry name exactly as stored. */
  nameBytes: Uint8Array;
  /** General purpose bit flags (APPNOTE 4.4.4). */
  flags: number;
  /** Compression method: 0 stored, 8 deflate. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  versionMadeBy: number;
  versionNeeded: number;
  lastModifiedTime: number;
  lastModifiedDate: number;
  internalAttributes: number;
  externalAttributes: number;
  /** Central directory extra field, as stored. */
  extra: Uint8Array;
  /** Entry comment, as stored. */
  comment: Uint8Array;
  /** Offset of the local file header. */
  localHeaderOffset: number;
  /** Offset of the compressed data. */
  dataOffset: number;
  /** Offset just after the entry: after its data and its data descriptor, if any. */
  end: number;
}

/** The central directory of a zip archive. */
export interface ZipDirectory {
  /** Entries in central directory order. */
  entries: readonly ZipEntry[];
  /** The archive comment, as stored. */
  comment: Uint8Array;
}

/** Options of {@link readZipDirectory}. */
export interface ReadZipDirectoryOptions {
  /** Most entries accepted; default 10 000. */
  maxEntries?: number;
}

/** Default of {@link ReadZipDirectoryOptions.maxEntries}. */
export const DEFAULT_MAX_ZIP_ENTRIES = 10_000;

const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_MASKED_HEADERS = 0x2000;

/**
 * Lists the entries of a zip archive without inflating anything, checking every offset against
 * the bytes. Throws `DOCX_NOT_ZIP`, `DOCX_TRUNCATED`, `DOCX_CORRUPT`, `DOCX_ENCRYPTED`,
 * `DOCX_UNSUPPORTED`, `DOCX_TOO_LARGE` (too many entries) or `DOCX_ZIP_BOMB` (overlapping entries).
 */
export function readZipDirectory(bytes: Uint8Array, options: ReadZipDirectoryOptions = {}): ZipDirectory {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ZIP_ENTRIES;
  const reader = createByteReader(bytes);
  const end = readEndOfCentralDirectory(bytes, reader);
  if (end.entryCount > maxEntries) {
    throw new DocumentError(
      'DOCX_TOO_LARGE',
      `The zip archive has ${end.entryCount} entries; at most ${maxEntries} are accepted.`,
      { details: { entryCount: end.entryCount, maxEntries } },
    );
  }
  if (end.entryCount * CENTRAL_HEADER_SIZE > end.directorySize) {
    throw corrupt('its directory is smaller than its entry count requires');
  }
  const directoryEnd = end.directoryOffset + end.directorySize;
  const entries: ZipEntry[] = [];
  let offset = end.directoryOffset;
  for (let i = 0; i < end.entryCount; i++) {
    const entry = readCentralHeader(bytes, reader, offset, directoryEnd);
    locateEntryData(reader, entry, end.directoryOffset);
    entries.push(entry);
    offset += CENTRAL_HEADER_SIZE + entry.nameBytes.length + entry.extra.length + entry.comment.length;
  }
  checkNoOverlap(entries);
  return { entries, comment: bytes.slice(end.commentOffset, end.commentOffset + end.commentLength) };
}

function readCentralHeader(bytes: Uint8Array, reader: ByteReader, offset: number, directoryEnd: number): ZipEntry {
  if (offset + CENTRAL_HEADER_SIZE > directoryEnd) throw corrupt('its directory ends in the middle of an entry');
  if (reader.u32(offset) !== ZIP_SIGNATURE.centralDirectoryHeader) throw corrupt('its directory has an invalid entry');
  const nameLength = reader.u16(offset + 28);
  const extraLength = reader.u16(offset + 30);
  const commentLength = reader.u16(offset + 32);
  const nameStart = offset + CENTRAL_HEADER_SIZE;
  const extraStart = nameStart + nameLength;
  const commentStart = extraStart + extraLength;
  if (commentStart + commentLength > directoryEnd) throw corrupt('its directory ends in the middle of an entry');
  const nameBytes = bytes.slice(nameStart, extraStart);
  const entry: ZipEntry = {
    name: new TextDecoder('utf-8').decode(nameBytes),
    nameBytes,
    versionMadeBy: reader.u16(offset + 4),
    versionNeeded: reader.u16(offset + 6),
    flags: reader.u16(offset + 8),
    method: reader.u16(offset + 10),
    lastModifiedTime: reader.u16(offset + 12),
    lastModifiedDate: reader.u16(offset + 14),
    crc32: reader.u32(offset + 16),
    compressedSize: reader.u32(offset + 20),
    uncompressedSize: reader.u32(offset + 24),
    internalAttributes: reader.u16(offset + 36),
    externalAttributes: reader.u32(offset + 38),
    localHeaderOffset: reader.u32(offset + 42),
    extra: bytes.slice(extraStart, commentStart),
    comment: bytes.slice(commentStart, commentStart + commentLength),
    dataOffset: 0,
    end: 0,
  };
  if (entry.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS)) {
    throw new DocumentError('DOCX_ENCRYPTED', `The zip entry ${entry.name} is encrypted; encrypted archives cannot be opened.`);
  }
  const diskStart = reader.u16(offset + 34);
  if (diskStart !== 0 && diskStart !== 0xffff) throw multiDiskError();
  applyZip64Extra(entry, diskStart === 0xffff);
  return entry;
}

// APPNOTE 4.5.3: the Zip64 field holds, in this order, only the values whose 32-bit (or 16-bit)
// header field is saturated.
function applyZip64Extra(entry: ZipEntry, diskSaturated: boolean): void {
  const wants = {
    uncompressed: entry.uncompressedSize === 0xffffffff,
    compressed: entry.compressedSize === 0xffffffff,
    offset: entry.localHeaderOffset === 0xffffffff,
  };
  if (!wants.uncompressed && !wants.compressed && !wants.offset && !diskSaturated) return;
  const field = findExtraField(entry.extra, ZIP64_EXTRA_FIELD_ID);
  const reader = field && createByteReader(field);
  let position = 0;
  const next = (): number => {
    if (!reader || position + 8 > reader.length) throw corrupt(`the Zip64 sizes of ${entry.name} are missing`);
    const value = reader.u64(position);
    position += 8;
    return value;
  };
  if (wants.uncompressed) entry.uncompressedSize = next();
  if (wants.compressed) entry.compressedSize = next();
  if (wants.offset) entry.localHeaderOffset = next();
  if (diskSaturated && (!reader || position + 4 > reader.length || reader.u32(position) !== 0)) throw multiDiskError();
}

/** Returns the data of the first extra field block with `id`, or undefined. */
export function findExtraField(extra: Uint8Array, id: number): Uint8Array | undefined {
  const reader = createByteReader(extra);
  for (let offset = 0; offset + 4 <= extra.length; ) {
    const size = reader.u16(offset + 2);
    if (reader.u16(offset) === id) return extra.subarray(offset + 4, Math.min(extra.length, offset + 4 + size));
    offset += 4 + size;
  }
  return undefined;
}

function locateEntryData(reader: ByteReader, entry: ZipEntry, directoryOffset: number): void {
  const header = entry.localHeaderOffset;
  if (header + LOCAL_HEADER_SIZE > directoryOffset) throw truncated(entry);
  if (reader.u32(header) !== ZIP_SIGNATURE.localFileHeader) throw corrupt(`the header of ${entry.name} is invalid`);
  entry.dataOffset = header + LOCAL_HEADER_SIZE + reader.u16(header + 26) + reader.u16(header + 28);
  const dataEnd = entry.dataOffset + entry.compressedSize;
  if (dataEnd > directoryOffset) throw truncated(entry);
  entry.end = entry.flags & FLAG_DATA_DESCRIPTOR ? dataEnd + dataDescriptorLength(reader, entry, dataEnd) : dataEnd;
  if (entry.end > directoryOffset) throw truncated(entry);
}

// APPNOTE 4.3.9: an optional signature, the CRC, then both sizes in 4 bytes, or 8 in Zip64
// archives. The layout is recognised by matching the CRC and compressed size it must repeat.
function dataDescriptorLength(reader: ByteReader, entry: ZipEntry, at: number): number {
  const signed = reader.u32(at) === ZIP_SIGNATURE.dataDescriptor && reader.u32(at + 4) === entry.crc32;
  const base = signed ? at + 4 : at;
  if (reader.u32(base) === entry.crc32) {
    if (reader.u32(base + 4) === entry.compressedSize && reader.u32(base + 8) === entry.uncompressedSize) {
      return base - at + 12;
    }
    if (reader.u64(base + 4) === entry.compressedSize && reader.u64(base + 12) === entry.uncompressedSize) {
      return base - at + 20;
    }
  }
  throw corrupt(`the data descriptor of ${entry.name} does not match its directory entry`);
}

// Entries sharing bytes are how non-recursive zip bombs multiply their output (Fifield 2019);
// a well-formed archive never has them.
function checkNoOverlap(entries: readonly ZipEntry[]): void {
  const sorted = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (previous && current && previous.end > current.localHeaderOffset) {
      throw new DocumentError('DOCX_ZIP_BOMB', 'The zip archive has overlapping entries, a zip bomb technique.', {
        details: { entries: [previous.name, current.name] },
      });
    }
  }
}

function truncated(entry: ZipEntry): DocumentError {
  return new DocumentError('DOCX_TRUNCATED', `The file is cut short: the zip entry ${entry.name} extends past the data.`, {
    details: { entry: entry.name },
  });
}

function corrupt(reason: string): DocumentError {
  return new DocumentError('DOCX_CORRUPT', `The zip archive is damaged: ${reason}.`);
}
