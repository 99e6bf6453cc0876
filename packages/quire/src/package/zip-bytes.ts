/** Little-endian readers over a byte array (zip fields are little-endian, APPNOTE 4.4.1.1). */
export interface ByteReader {
  readonly length: number;
  u16(offset: number): number;
  u32(offset: number): number;
  /** Reads a 64-bit field; values beyond 2^53 come back as `Infinity` (never a valid offset). */
  u64(offset: number): number;
}

/** Returns a {@link ByteReader} over `bytes`, respecting its byte offset. Reads past the end return 0. */
export function createByteReader(bytes: Uint8Array): ByteReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.byteLength;
  const u32 = (offset: number): number => (offset >= 0 && offset + 4 <= length ? view.getUint32(offset, true) : 0);
  return {
    length,
    u16: (offset) => (offset >= 0 && offset + 2 <= length ? view.getUint16(offset, true) : 0),
    u32,
    u64: (offset) => {
      const high = u32(offset + 4);
      return high >= 0x200000 ? Infinity : high * 0x100000000 + u32(offset);
    },
  };
}

/** Signatures of zip records (APPNOTE 4.3). */
export const ZIP_SIGNATURE = {
  localFileHeader: 0x04034b50,
  dataDescriptor: 0x08074b50,
  centralDirectoryHeader: 0x02014b50,
  zip64EndOfCentralDirectory: 0x06064b50,
  zip64EndOfCentralDirectoryLocator: 0x07064b50,
  endOfCentralDirectory: 0x06054b50,
} as const;

/** The Zip64 extended information extra field id (APPNOTE 4.5.3). */
export const ZIP64_EXTRA_FIELD_ID = 0x0001;
