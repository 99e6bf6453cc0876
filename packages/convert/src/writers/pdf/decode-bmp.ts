/** Pixels of a decoded raster image: 8-bit RGBA rows, top row first. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
const MAX_PIXELS = 50_000_000;

/**
 * Decodes an uncompressed Windows bitmap (BITMAPINFOHEADER or later; 1, 4, 8, 16, 24 or 32 bits per
 * pixel, bottom-up or top-down, with bit-field masks). Returns null for other files (OS/2 headers,
 * RLE or embedded JPEG/PNG compression) and for truncated or oversized ones.
 */
export function decodeBmp(bytes: Uint8Array): RgbaImage | null {
  if (bytes.length < 54 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40) return null;
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bits = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width * height > MAX_PIXELS) return null;
  const masks = readMasks(view, headerSize, bits, compression);
  if (!masks) return null;
  const paletteSize = bits <= 8 ? view.getUint32(46, true) || 1 << bits : 0;
  const palette: number[] = [];
  for (let i = 0; i < paletteSize && 14 + headerSize + i * 4 + 3 < bytes.length; i += 1) palette.push(view.getUint32(14 + headerSize + i * 4, true));
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) return null;
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    // Rows are stored bottom-up unless the height is negative (BITMAPINFOHEADER biHeight).
    const source = dataOffset + stride * (rawHeight > 0 ? height - 1 - row : row);
    for (let column = 0; column < width; column += 1) {
      const target = (row * width + column) * 4;
      if (bits <= 8) {
        const bit = column * bits;
        const index = (bytes[source + (bit >> 3)]! >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
        const color = palette[index] ?? 0;
        data.set([(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff, 255], target);
      } else {
        const offset = source + column * (bits / 8);
        const value = bits === 16 ? view.getUint16(offset, true) : bits === 24 ? bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) : view.getUint32(offset, true);
        data.set([channel(value, masks.red), channel(value, masks.green), channel(value, masks.blue), masks.alpha ? channel(value, masks.alpha) : 255], target);
      }
    }
  }
  return { width, height, data };
}

interface Masks {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;
}

function readMasks(view: DataView, headerSize: number, bits: number, compression: number): Masks | null {
  if (![1, 4, 8, 16, 24, 32].includes(bits)) return null;
  if (compression === BI_RGB) {
    if (bits === 16) return { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 };
    // The fourth byte of a 32-bit BI_RGB pixel is unused (often zero), not alpha.
    return { red: 0xff0000, green: 0x00ff00, blue: 0x0000ff, alpha: 0 };
  }
  if ((compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) || (bits !== 16 && bits !== 32)) return null;
  // The masks follow a 40-byte header, or are the first fields after it in a BITMAPV4HEADER/V5HEADER.
  const at = 54;
  const alpha = headerSize >= 56 || compression === BI_ALPHABITFIELDS ? view.getUint32(at + 12, true) : 0;
  return { red: view.getUint32(at, true), green: view.getUint32(at + 4, true), blue: view.getUint32(at + 8, true), alpha };
}

// Scales the bits under `mask` to 0-255.
function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  const shift = 31 - Math.clz32(mask & -mask);
  const max = mask >>> shift;
  return Math.round((((value & mask) >>> shift) * 255) / max);
}
