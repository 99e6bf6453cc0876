/** Decompresses zlib data (RFC 1950), as the tables of a WOFF file are stored. */
export type Inflate = (data: Uint8Array) => Uint8Array;

/**
 * Returns the TrueType/OpenType (sfnt) bytes of a WOFF 1.0 font (W3C WOFF File Format 1.0,
 * section 4), inflating its tables with `inflate`: in Node, native zlib's `inflateSync`, since
 * fontkit's pure-JS inflate is the slowest step of writing a PDF otherwise. Bytes that are not
 * WOFF are returned unchanged.
 */
export function woffToSfnt(woff: Uint8Array, inflate: Inflate): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < 44 || view.getUint32(0) !== 0x774f4646) return woff;
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i += 1) {
    const entry = 44 + i * 20;
    const offset = view.getUint32(entry + 4);
    const compressed = view.getUint32(entry + 8);
    const original = view.getUint32(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    const data = compressed < original ? inflate(raw) : raw;
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }
  const headerSize = 12 + 16 * count;
  const total = tables.reduce((sum, table) => sum + align4(table.data.byteLength), headerSize);
  const out = new Uint8Array(total);
  const writer = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(Math.max(count, 1)));
  writer.setUint32(0, flavor);
  writer.setUint16(4, count);
  writer.setUint16(6, power * 16);
  writer.setUint16(8, Math.log2(power));
  writer.setUint16(10, count * 16 - power * 16);
  let position = headerSize;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    writer.setUint32(entry, table.tag);
    writer.setUint32(entry + 4, table.checksum);
    writer.setUint32(entry + 8, position);
    writer.setUint32(entry + 12, table.data.byteLength);
    out.set(table.data, position);
    position += align4(table.data.byteLength);
  });
  return out;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
