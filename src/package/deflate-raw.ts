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
  let total = 0;
  for (let result = await reader.read(); !result.done; result = await reader.read()) {
    chunks.push(result.value);
    total += result.value.length;
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const output = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    output.set(chunk, offset);
    offset += chunk.length;
  }
  return output;
}

function ignore(): void {}
