import { concatBytes } from './concat-bytes.js';

/**
 * Reads a byte stream to its end into one array, cancelling it as soon as more than `maxBytes`
 * arrived; then throws what `tooLarge(received)` returns. Declared lengths (Content-Length) may be
 * absent or wrong, so the cap is enforced on the bytes actually received.
 */
export async function readCappedStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: (receivedBytes: number) => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(total);
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}
