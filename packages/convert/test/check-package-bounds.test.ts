import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkPackageBounds, DEFAULT_PACKAGE_BOUNDS } from '../src/check-package-bounds.js';
import { buildDocx } from '../../../test/support/docx-builder.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../test/fixtures/${path}`, import.meta.url)));

describe('checkPackageBounds', () => {
  it('accepts real DOCX files', async () => {
    expect(await checkPackageBounds(await fixture('docx/superdoc-300-pages.docx'))).toEqual({ ok: true });
    expect(await checkPackageBounds(await fixture('docx/pandoc-headers.docx'))).toEqual({ ok: true });
  });

  it('refuses an entry that inflates at a bomb-like ratio', async () => {
    const bomb = buildDocx({ extraEntries: { 'word/media/zeros.bin': new Uint8Array(8 * 1024 * 1024) } });
    expect(bomb.length).toBeLessThan(100_000);
    const check = await checkPackageBounds(bomb);
    expect(check.ok === false && check.reason).toMatch(/inflates more than 200 times/);
  });

  it('refuses an entry past the entry cap and a package past the total cap', async () => {
    const noise = (n: number) => new Uint8Array(randomBytes(n));
    const big = buildDocx({ extraEntries: { 'word/media/big.bin': noise(300_000) } });
    const entry = await checkPackageBounds(big, { ...DEFAULT_PACKAGE_BOUNDS, maxEntryBytes: 200_000 });
    expect(entry.ok === false && entry.reason).toMatch(/word\/media\/big\.bin inflates to more than the limit of 200000 bytes/);
    const many = buildDocx({ extraEntries: { 'word/media/a.bin': noise(150_000), 'word/media/b.bin': noise(150_000) } });
    expect((await checkPackageBounds(many, { ...DEFAULT_PACKAGE_BOUNDS, maxTotalBytes: 250_000 })).ok).toBe(false);
    expect(await checkPackageBounds(many, { ...DEFAULT_PACKAGE_BOUNDS, maxTotalBytes: 400_000 })).toEqual({ ok: true });
  });

  it('refuses a package with too many entries', async () => {
    const extraEntries = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`extra/${i}.xml`, '<x/>']));
    const check = await checkPackageBounds(buildDocx({ extraEntries }), { ...DEFAULT_PACKAGE_BOUNDS, maxEntries: 10 });
    expect(check.ok === false && check.reason).toMatch(/entries; at most 10 are accepted/);
  });
});
