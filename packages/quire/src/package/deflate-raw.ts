import { concatBytes } from '../streams/concat-bytes.js';

/**
 * Resolves to `data` compressed as raw deflate (RFC 1951, the zip method 8 payload) by the
 * platform's `CompressionStream`, at its default level.
 */
export async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  // Streams refuse views of a SharedArrayBuffer, so such content is copied first. A write
  // failure errors the readable side too, where it is reported.
  const input = (data.buffer instanceof ArrayBuffer ? data : data.slice()) as Uint8Array<ArrayBuffer>;
  writer.write(input).catch(ignore);
  writer.close().catch(ignore);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  for (let result = await reader.read(); !result.done; result = await reader.read()) chunks.push(result.value);
  return concatBytes(chunks);
}

function ignore(): void {}
