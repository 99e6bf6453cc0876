import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inRanges, normalizeRanges, sfntCoverage } from '../../src/layout/sfnt-coverage.js';

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [...u16(n >>> 16), ...u16(n & 0xffff)];

/** An sfnt with one table, `cmap`, holding one subtable for `platform`/`encoding`. */
function fontWithCmap(platform: number, encoding: number, subtable: number[]): Uint8Array {
  const cmap = [...u16(0), ...u16(1), ...u16(platform), ...u16(encoding), ...u32(12), ...subtable];
  const directory = [...u32(0x00010000), ...u16(1), ...u16(16), ...u16(0), ...u16(0)];
  const record = [...u32(0x636d6170), ...u32(0), ...u32(12 + 16), ...u32(cmap.length)];
  return new Uint8Array([...directory, ...record, ...cmap]);
}

describe('sfntCoverage', () => {
  it('reads a format 4 subtable, leaving out characters mapped to .notdef', () => {
    // Segments: A-C by delta; x-z by glyph array (y unmapped); the final 0xFFFF segment.
    const segments = 3;
    const ends = [0x43, 0x7a, 0xffff];
    const starts = [0x41, 0x78, 0xffff];
    const deltas = [(1 - 0x41) & 0xffff, 0, 1];
    const rangeOffsets = [0, 4, 0];
    const glyphs = [5, 0, 6];
    const body = [...ends.flatMap(u16), 0, 0, ...starts.flatMap(u16), ...deltas.flatMap(u16), ...rangeOffsets.flatMap(u16), ...glyphs.flatMap(u16)];
    const subtable = [...u16(4), ...u16(14 + body.length), 0, 0, ...u16(segments * 2), 0, 0, 0, 0, 0, 0, ...body];
    expect(sfntCoverage(fontWithCmap(3, 1, subtable))).toEqual([
      [0x41, 0x43],
      [0x78, 0x78],
      [0x7a, 0x7a],
    ]);
  });

  it('reads a format 12 subtable, beyond the BMP', () => {
    const groups = [
      [0x4e00, 0x4e05, 1],
      [0x4e06, 0x4e07, 7],
      [0x20000, 0x20002, 9],
    ];
    const subtable = [...u16(12), 0, 0, ...u32(16 + groups.length * 12), 0, 0, 0, 0, ...u32(groups.length), ...groups.flat().flatMap(u32)];
    const ranges = sfntCoverage(fontWithCmap(3, 10, subtable));
    expect(ranges).toEqual([
      [0x4e00, 0x4e07],
      [0x20000, 0x20002],
    ]);
    expect(inRanges(ranges, 0x20001)).toBe(true);
    expect(inRanges(ranges, 0x4e08)).toBe(false);
  });

  it('covers Chinese, kana and Latin in Noto Sans SC, and not what it lacks', () => {
    const folder = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/package.json'));
    const ranges = sfntCoverage(readFileSync(join(folder, '400Regular/NotoSansSC_400Regular.ttf')));
    expect(ranges.reduce((sum, [from, to]) => sum + to - from + 1, 0)).toBeGreaterThan(30000);
    for (const char of '季い아A') expect(inRanges(ranges, char.codePointAt(0)!), char).toBe(char !== '아');
    expect(inRanges(ranges, 0x2794)).toBe(false);
  });

  it('covers nothing in bytes that are not a font', () => {
    expect(sfntCoverage(new Uint8Array(8))).toEqual([]);
  });

  it('sorts and merges ranges', () => {
    expect(normalizeRanges([[0x100, 0x17f], [0x20, 0x7e], [0x7f, 0xff], [0x250, 0x240]])).toEqual([[0x20, 0x17f], [0x240, 0x250]]);
  });
});
