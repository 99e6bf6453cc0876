let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** Returns the CRC-32 (ISO 3309, as used by zip) of `data`, continuing from `previous` when given. */
export function crc32(data: Uint8Array, previous = 0): number {
  const t = crcTable();
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) crc = (t[(crc ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return ~crc >>> 0;
}
