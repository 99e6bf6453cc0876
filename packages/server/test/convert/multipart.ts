// Builds multipart/form-data bodies byte by byte, so tests can also send broken ones.

/** One part of a form. */
export interface FormPart {
  name: string;
  /** Sets `filename="..."` in the part's Content-Disposition. */
  fileName?: string;
  content: string | Uint8Array;
  contentType?: string;
  /** Extra header lines, written before Content-Disposition. */
  headersBefore?: string[];
}

export const TEST_BOUNDARY = 'quire-test-boundary-7MA4YWxkTrZu0gW';

/** Returns the body bytes and Content-Type of a form with `parts`. */
export function buildMultipart(parts: readonly FormPart[], boundary = TEST_BOUNDARY): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const headers = [...(part.headersBefore ?? []), `Content-Disposition: ${disposition}`, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : [])];
    chunks.push(encoder.encode(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`));
    chunks.push(typeof part.content === 'string' ? encoder.encode(part.content) : part.content);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Returns a stream that yields `body` in chunks of `chunkSize` bytes, so no Content-Length is known. */
export function streamOf(body: Uint8Array, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}
