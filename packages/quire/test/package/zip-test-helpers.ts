// Helpers to damage zips on purpose (locate central directory records and rewrite fields), and to
// count the work of reading them.
import { vi } from 'vitest';

/** Returns the offset of the end of central directory record. */
export function endRecordOffset(zip: Uint8Array): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let p = zip.length - 22; p >= 0; p--) if (view.getUint32(p, true) === 0x06054b50) return p;
  throw new Error('no end record');
}

/** Returns the offsets of the central directory records, in order. */
export function centralRecordOffsets(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = endRecordOffset(zip);
  const offsets: number[] = [];
  let p = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    offsets.push(p);
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return offsets;
}

/** Returns a copy of `zip` with `edit` applied to a DataView of the copy. */
export function patched(zip: Uint8Array, edit: (view: DataView, zip: Uint8Array) => void): Uint8Array {
  const copy = zip.slice();
  edit(new DataView(copy.buffer), copy);
  return copy;
}

/** Returns the DocumentError code thrown by `fn`, or 'no error'. */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return (error as { code?: string }).code ?? `not a DocumentError: ${String(error)}`;
  }
}

/** Returns the DocumentError code `promise` rejects with, or 'no error'. */
export async function asyncCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return (error as { code?: string }).code ?? `not a DocumentError: ${String(error)}`;
  }
}

/** What a counted run returned, and how much work it did. */
export interface Counted<T> {
  value: T;
  count: number;
}

/**
 * Resolves to what `run` returns and how many 16- and 32-bit fields it read through a DataView,
 * which is how the zip reader reads every record: a count of its work that no machine's speed
 * changes.
 */
export async function countFieldReads<T>(run: () => T | Promise<T>): Promise<Counted<T>> {
  const u16 = vi.spyOn(DataView.prototype, 'getUint16');
  const u32 = vi.spyOn(DataView.prototype, 'getUint32');
  try {
    const value = await run();
    return { value, count: u16.mock.calls.length + u32.mock.calls.length };
  } finally {
    u16.mockRestore();
    u32.mockRestore();
  }
}

/**
 * Resolves to what `run` returns and how many bytes the platform's `DecompressionStream` handed
 * out while it ran (the stream is wrapped in one that counts what leaves it).
 */
export async function countInflatedBytes<T>(run: () => Promise<T>): Promise<Counted<T>> {
  const Platform = globalThis.DecompressionStream;
  let count = 0;
  class CountingDecompressionStream {
    readonly writable: WritableStream<BufferSource>;
    readonly readable: ReadableStream<Uint8Array>;
    constructor(format: CompressionFormat) {
      const platform = new Platform(format);
      this.writable = platform.writable;
      this.readable = platform.readable.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            count += chunk.length;
            controller.enqueue(chunk);
          },
        }),
      );
    }
  }
  globalThis.DecompressionStream = CountingDecompressionStream as typeof DecompressionStream;
  try {
    const value = await run();
    return { value, count };
  } finally {
    globalThis.DecompressionStream = Platform;
  }
}
