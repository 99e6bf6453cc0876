import { DocumentError } from '../document-error.js';
import { crc32 } from './crc32.js';
import type { ZipEntry } from './read-zip-directory.js';
import { concatBytes } from '../streams/concat-bytes.js';

/** Limits applied while inflating one entry. */
export interface ReadZipEntryOptions {
  /** Largest inflated size accepted; default 20 MiB. */
  maxBytes?: number;
  /** Largest inflated-to-compressed ratio accepted once the output passes `ratioThreshold`; default 200. */
  maxRatio?: number;
  /** Output size from which `maxRatio` applies; default 1 MiB. */
  ratioThreshold?: number;
}

/** Default of {@link ReadZipEntryOptions.maxBytes}: 20 MiB. */
export const DEFAULT_MAX_ENTRY_BYTES = 20 * 1024 * 1024;
const DEFAULT_MAX_RATIO = 200;
const DEFAULT_RATIO_THRESHOLD = 1024 * 1024;
// Input is fed in small steps, each only when the stream asks for more, so the caps are checked
// often: deflate peaks near 1032:1, so one 16 KiB step yields at most about 16.5 MB.
const INPUT_STEP = 16384;

/**
 * Resolves to the uncompressed bytes of `entry` from the archive `bytes`, never trusting the
 * declared sizes: inflation (the platform's `DecompressionStream`) stops with `DOCX_ZIP_BOMB` past
 * `maxBytes` or an absurd ratio. Rejects with `DOCX_UNSUPPORTED` for methods other than stored and
 * deflate, `DOCX_CORRUPT` for invalid data, a size mismatch or a CRC-32 mismatch.
 */
export async function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  options: ReadZipEntryOptions = {},
): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const maxRatio = options.maxRatio ?? DEFAULT_MAX_RATIO;
  const ratioThreshold = options.ratioThreshold ?? DEFAULT_RATIO_THRESHOLD;
  const compressed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.uncompressedSize > maxBytes) throw tooBig(entry, maxBytes);
  let data: Uint8Array;
  if (entry.method === 0) {
    data = compressed;
  } else if (entry.method === 8) {
    data = await inflateCapped(entry, compressed, { maxBytes, maxRatio, ratioThreshold });
  } else {
    throw new DocumentError(
      'DOCX_UNSUPPORTED',
      `The zip entry ${entry.name} uses compression method ${entry.method}; only stored and deflate are supported.`,
      { details: { entry: entry.name, method: entry.method } },
    );
  }
  if (data.length !== entry.uncompressedSize) {
    throw corrupt(entry, `holds ${data.length} bytes where its directory says ${entry.uncompressedSize}`);
  }
  if (crc32(data) !== entry.crc32) throw corrupt(entry, 'fails its CRC-32 check');
  return data;
}

async function inflateCapped(
  entry: ZipEntry,
  compressed: Uint8Array,
  limits: Required<ReadZipEntryOptions>,
): Promise<Uint8Array> {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // Streams refuse views of a SharedArrayBuffer: such input is copied (only this entry's bytes).
  const input = (compressed.buffer instanceof ArrayBuffer ? compressed : compressed.slice()) as Uint8Array<ArrayBuffer>;
  let consumed = 0;
  // Write failures resurface on the reading side, which reports them; here they are only swallowed.
  const feed = async (): Promise<void> => {
    for (let offset = 0; offset < input.length; offset += INPUT_STEP) {
      await writer.ready;
      const step = input.subarray(offset, offset + INPUT_STEP);
      consumed += step.length;
      writer.write(step).catch(ignore);
    }
    await writer.close();
  };
  feed().catch(ignore);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (let result = await reader.read(); !result.done; result = await reader.read()) {
      total += result.value.length;
      if (total > limits.maxBytes) throw tooBig(entry, limits.maxBytes);
      // `consumed` counts the input fed so far, an upper bound of what was read: a safe ratio.
      if (total > limits.ratioThreshold && total > consumed * limits.maxRatio) {
        throw new DocumentError(
          'DOCX_ZIP_BOMB',
          `The zip entry ${entry.name} inflates more than ${limits.maxRatio} times its compressed size.`,
          { details: { entry: entry.name, maxRatio: limits.maxRatio } },
        );
      }
      chunks.push(result.value);
    }
  } catch (cause) {
    await reader.cancel().catch(ignore);
    if (cause instanceof DocumentError) throw cause;
    throw corrupt(entry, 'holds invalid deflate data', cause);
  }
  return concatBytes(chunks);
}

function ignore(): void {}

function tooBig(entry: ZipEntry, maxBytes: number): DocumentError {
  return new DocumentError(
    'DOCX_ZIP_BOMB',
    `The zip entry ${entry.name} inflates to more than the limit of ${maxBytes} bytes.`,
    { details: { entry: entry.name, maxBytes } },
  );
}

function corrupt(entry: ZipEntry, reason: string, cause?: unknown): DocumentError {
  return new DocumentError('DOCX_CORRUPT', `The zip entry ${entry.name} ${reason}.`, {
    cause,
    details: { entry: entry.name },
  });
}
