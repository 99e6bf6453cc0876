import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Resolves to the SHA-256 digest of `bytes` computed in JavaScript (`@noble/hashes`),
 * `chunkSize` bytes at a time with a yield to the event loop between chunks, so a large file
 * does not freeze the page.
 */
export async function sha256InChunks(bytes: Uint8Array, chunkSize: number): Promise<Uint8Array> {
  const hash = sha256.create();
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    if (offset > 0) await yieldToEventLoop();
    hash.update(bytes.subarray(offset, offset + chunkSize));
  }
  return hash.digest();
}

function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
