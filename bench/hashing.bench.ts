// The bytes-hash fallback (files without metadata): WebCrypto, the chunked JS fallback used on
// plain-http pages, and node:crypto as the native ceiling.
import { createHash, randomBytes } from 'node:crypto';
import { sha256Hex, sha256HexFallback } from '../packages/quire/src/identity/sha256.js';
import { measure } from './support/measure.js';
import { formatMs, formatRatio, printTable } from './support/table.js';

/** Prints SHA-256 times at 1, 10 and 50 MB for the three implementations. */
export async function run(): Promise<void> {
  const rows: string[][] = [];
  for (const megabytes of [1, 10, 50]) {
    const data = new Uint8Array(randomBytes(megabytes * 1024 * 1024));
    const expected = createHash('sha256').update(data).digest('hex');
    if ((await sha256Hex(data)) !== expected || (await sha256HexFallback(data)) !== expected) {
      throw new Error('a SHA-256 implementation disagrees with node:crypto');
    }
    const times = await measure({
      webcrypto: () => sha256Hex(data),
      fallback: () => sha256HexFallback(data),
      node: () => createHash('sha256').update(data).digest('hex'),
    }, { timeMs: 1_500, iterations: 5 });
    const web = times.webcrypto?.medianMs ?? Number.NaN;
    const js = times.fallback?.medianMs ?? Number.NaN;
    const node = times.node?.medianMs ?? Number.NaN;
    rows.push([`${megabytes} MB`, formatMs(web), formatMs(js), formatMs(node), formatRatio(js, web), formatRatio(node, web)]);
  }
  printTable(['input', 'WebCrypto', 'JS fallback (@noble, chunked)', 'node:crypto', 'fallback ÷ WebCrypto (time)', 'node:crypto ÷ WebCrypto (time)'], rows);
}
