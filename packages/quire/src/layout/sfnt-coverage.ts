/** Inclusive code point ranges, sorted and not overlapping. */
export type CodePointRanges = readonly (readonly [number, number])[];

/**
 * Returns the code points a TrueType/OpenType (sfnt) font maps to a glyph, as sorted inclusive
 * ranges, from its `cmap` table (OpenType spec, cmap): the full-repertoire Unicode subtable
 * (format 12) where there is one, else the BMP one (format 4). An unreadable font covers nothing.
 */
export function sfntCoverage(font: Uint8Array): CodePointRanges {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const cmap = tableOffset(view, 0x636d6170); // 'cmap'
  if (cmap === null) return [];
  const count = view.getUint16(cmap + 2);
  const subtables = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + view.getUint32(record + 4);
    if (offset + 4 > view.byteLength) continue;
    subtables.set(`${view.getUint16(record)}/${view.getUint16(record + 2)}/${view.getUint16(offset)}`, offset);
  }
  const full = subtables.get('3/10/12') ?? subtables.get('0/4/12') ?? subtables.get('0/6/12');
  if (full !== undefined) return merge(format12(view, full));
  const bmp = subtables.get('3/1/4') ?? subtables.get('0/3/4') ?? subtables.get('0/4/4');
  return bmp === undefined ? [] : merge(format4(view, bmp));
}

/** Returns whether `codePoint` lies in one of `ranges` (sorted, as {@link sfntCoverage} and {@link normalizeRanges} return them). */
export function inRanges(ranges: CodePointRanges, codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to] = ranges[middle]!;
    if (codePoint < from) high = middle - 1;
    else if (codePoint > to) low = middle + 1;
    else return true;
  }
  return false;
}

/** Sorts ranges and merges those that overlap or touch. */
export function normalizeRanges(ranges: readonly (readonly [number, number])[]): CodePointRanges {
  return merge([...ranges].map(([from, to]): [number, number] => [Math.min(from, to), Math.max(from, to)]));
}

function tableOffset(view: DataView, tag: number): number | null {
  if (view.byteLength < 12) return null;
  const count = view.getUint16(4);
  for (let i = 0; i < count; i += 1) {
    const record = 12 + i * 16;
    if (record + 16 > view.byteLength) return null;
    if (view.getUint32(record) === tag) {
      const offset = view.getUint32(record + 8);
      return offset + 4 <= view.byteLength ? offset : null;
    }
  }
  return null;
}

function format12(view: DataView, offset: number): [number, number][] {
  const groups = view.getUint32(offset + 12);
  const ranges: [number, number][] = [];
  for (let i = 0; i < groups; i += 1) {
    const group = offset + 16 + i * 12;
    if (group + 12 > view.byteLength) break;
    const from = view.getUint32(group);
    const to = view.getUint32(group + 4);
    // A group mapping its first character to glyph 0 (.notdef) starts with an unmapped one.
    const start = view.getUint32(group + 8) === 0 ? from + 1 : from;
    if (start <= to) ranges.push([start, to]);
  }
  return ranges;
}

function format4(view: DataView, offset: number): [number, number][] {
  const segments = view.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const ranges: [number, number][] = [];
  for (let i = 0; i < segments; i += 1) {
    const end = view.getUint16(ends + i * 2);
    const start = view.getUint16(starts + i * 2);
    const delta = view.getUint16(deltas + i * 2);
    const rangeOffset = view.getUint16(rangeOffsets + i * 2);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const at = rangeOffsets + i * 2 + rangeOffset + (code - start) * 2;
        const raw = at + 2 <= view.byteLength ? view.getUint16(at) : 0;
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) ranges.push([code, code]);
    }
  }
  return ranges;
}

function merge(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}
