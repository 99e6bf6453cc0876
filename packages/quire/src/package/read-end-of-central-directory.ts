import { DocumentError } from '../document-error.js';
import { ZIP_SIGNATURE, type ByteReader } from './zip-bytes.js';

/** Where the central directory is, from the end of central directory record (Zip64 aware). */
export interface EndOfCentralDirectory {
  /** Offset of the first central directory header. */
  directoryOffset: number;
  /** Size of the central directory in bytes. */
  directorySize: number;
  /** Number of central directory headers. */
  entryCount: number;
  /** Offset of the first end record (Zip64 end record when present): the directory ends before it. */
  recordOffset: number;
  /** Offset and length of the archive comment. */
  commentOffset: number;
  commentLength: number;
}

const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_MIN_SIZE = 56;
const MAX_COMMENT = 0xffff;
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Finds and reads the end of central directory record, searching the last 64 KiB + 22 bytes
 * (APPNOTE 4.3.16), and the Zip64 records it points to. Throws `DOCX_ENCRYPTED` for OLE files,
 * `DOCX_NOT_ZIP`, `DOCX_TRUNCATED`, `DOCX_CORRUPT` or `DOCX_UNSUPPORTED` (multi-disk archives).
 */
export function readEndOfCentralDirectory(bytes: Uint8Array, reader: ByteReader): EndOfCentralDirectory {
  if (OLE_SIGNATURE.every((byte, i) => bytes[i] === byte)) throw oleError(bytes);
  const eocd = findEndRecord(reader);
  if (eocd === -1) {
    const looksLikeZip = reader.u32(0) === ZIP_SIGNATURE.localFileHeader;
    throw looksLikeZip
      ? new DocumentError('DOCX_TRUNCATED', 'The file is cut short: its zip directory is missing.')
      : new DocumentError('DOCX_NOT_ZIP', 'The file is not a Word document (DOCX files are zip archives).');
  }
  const commentLength = Math.min(reader.u16(eocd + 20), reader.length - eocd - EOCD_SIZE);
  const result: EndOfCentralDirectory = {
    directoryOffset: reader.u32(eocd + 16),
    directorySize: reader.u32(eocd + 12),
    entryCount: reader.u16(eocd + 10),
    recordOffset: eocd,
    commentOffset: eocd + EOCD_SIZE,
    commentLength,
  };
  const disk = reader.u16(eocd + 4);
  const directoryDisk = reader.u16(eocd + 6);
  const entriesOnDisk = reader.u16(eocd + 8);
  const locator = eocd - ZIP64_LOCATOR_SIZE;
  if (locator >= 0 && reader.u32(locator) === ZIP_SIGNATURE.zip64EndOfCentralDirectoryLocator) {
    readZip64Records(reader, locator, result);
  } else if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== result.entryCount) {
    throw multiDiskError();
  }
  if (result.directoryOffset + result.directorySize > result.recordOffset) {
    throw new DocumentError('DOCX_TRUNCATED', 'The file is cut short or damaged: its zip directory lies outside the file.');
  }
  return result;
}

// Searches backwards; prefers a record whose comment length reaches exactly the end of the file,
// so a comment that happens to contain the signature is not mistaken for the record.
function findEndRecord(reader: ByteReader): number {
  const last = reader.length - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  let fallback = -1;
  for (let offset = last; offset >= first; offset--) {
    if (reader.u32(offset) !== ZIP_SIGNATURE.endOfCentralDirectory) continue;
    if (offset + EOCD_SIZE + reader.u16(offset + 20) === reader.length) return offset;
    if (fallback === -1) fallback = offset;
  }
  return fallback;
}

function readZip64Records(reader: ByteReader, locator: number, result: EndOfCentralDirectory): void {
  const recordDisk = reader.u32(locator + 4);
  const record = reader.u64(locator + 8);
  const diskCount = reader.u32(locator + 16);
  if (recordDisk !== 0 || diskCount > 1) throw multiDiskError();
  if (record + ZIP64_EOCD_MIN_SIZE > locator) {
    throw new DocumentError('DOCX_TRUNCATED', 'The file is cut short or damaged: its Zip64 directory record is missing.');
  }
  if (reader.u32(record) !== ZIP_SIGNATURE.zip64EndOfCentralDirectory) {
    throw new DocumentError('DOCX_CORRUPT', 'The zip archive is damaged: its Zip64 directory record is invalid.');
  }
  const disk = reader.u32(record + 16);
  const directoryDisk = reader.u32(record + 20);
  const entriesOnDisk = reader.u64(record + 24);
  const entryCount = reader.u64(record + 32);
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) throw multiDiskError();
  result.entryCount = entryCount;
  result.directorySize = reader.u64(record + 40);
  result.directoryOffset = reader.u64(record + 48);
  result.recordOffset = record;
}

/** Returns the `DOCX_UNSUPPORTED` error for split (multi-disk) archives. */
export function multiDiskError(): DocumentError {
  return new DocumentError('DOCX_UNSUPPORTED', 'Split (multi-disk) zip archives are not supported.');
}

// An OLE compound file holding an "EncryptedPackage" stream is a password-protected OOXML file
// (MS-OFFCRYPTO 2.3.4); any other OLE file is most likely a legacy binary .doc.
function oleError(bytes: Uint8Array): DocumentError {
  if (containsUtf16Le(bytes, 'EncryptedPackage')) {
    return new DocumentError(
      'DOCX_ENCRYPTED',
      'The document is password-protected (encrypted); remove the password in Word and try again.',
    );
  }
  return new DocumentError(
    'DOCX_ENCRYPTED',
    'The file is an OLE compound file, not a DOCX: a password-protected document or a legacy .doc file.',
  );
}

function containsUtf16Le(bytes: Uint8Array, text: string): boolean {
  const first = text.charCodeAt(0);
  outer: for (let i = 0; i + text.length * 2 <= bytes.length; i++) {
    if (bytes[i] !== first || bytes[i + 1] !== 0) continue;
    for (let j = 1; j < text.length; j++) {
      if (bytes[i + j * 2] !== text.charCodeAt(j) || bytes[i + j * 2 + 1] !== 0) continue outer;
    }
    return true;
  }
  return false;
}
