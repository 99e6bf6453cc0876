/** Options of {@link sha256Hex}. */
export interface Sha256Options {
  /**
   * The WebCrypto implementation; defaults to `globalThis.crypto.subtle`, which browsers only
   * provide in secure contexts. `null` forces the JavaScript fallback.
   */
  subtle?: Pick<SubtleCrypto, 'digest'> | null;
  /** Bytes hashed between two yields of the fallback; default 1 MiB. */
  chunkSize?: number;
}

const DEFAULT_CHUNK_SIZE = 1024 * 1024;

/**
 * Returns the lower-case hex SHA-256 of `data` (a string is hashed as UTF-8). Uses WebCrypto
 * when available and falls back to {@link sha256HexFallback} when it is missing or fails.
 */
export async function sha256Hex(data: Uint8Array | string, options: Sha256Options = {}): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const subtle = options.subtle === undefined ? globalThis.crypto?.subtle : options.subtle;
  if (subtle) {
    try {
      return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));
    } catch {
      // e.g. a SharedArrayBuffer view or a restricted context: the fallback gives the same digest.
    }
  }
  return sha256HexFallback(bytes, options);
}

/**
 * Returns the lower-case hex SHA-256 of `data` computed in JavaScript (`@noble/hashes`), in
 * chunks with a yield to the event loop between them so a large file does not freeze the page.
 */
export async function sha256HexFallback(
  data: Uint8Array | string,
  options: Pick<Sha256Options, 'chunkSize'> = {},
): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  // Loaded on demand: only plain-http pages (no WebCrypto) need it, and the others should not
  // download it.
  const { sha256InChunks } = await import('./sha256-in-chunks.js');
  return toHex(await sha256InChunks(bytes, options.chunkSize ?? DEFAULT_CHUNK_SIZE));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
