import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * Returns a real DOCX from `test/fixtures/docx` grown to about `megabytes` by adding 1 MiB
 * images. Random bytes stored without compression model photos well: they are already compressed,
 * so Word stores them at about their own size.
 */
export function largeDocx(fixture: string, megabytes: number): Uint8Array {
  const base = readFileSync(new URL(`../../test/fixtures/docx/${fixture}`, import.meta.url));
  const files: Zippable = unzipSync(new Uint8Array(base));
  for (let i = 0; i < megabytes; i++) {
    files[`word/media/bench-image-${i}.jpeg`] = [new Uint8Array(randomBytes(1024 * 1024)), { level: 0 }];
  }
  return zipSync(files, { level: 6 });
}
