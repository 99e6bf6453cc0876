import { PNG } from 'pngjs';

/** A decoded image: 4 bytes (red, green, blue, alpha) per pixel, rows top to bottom. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** Decodes PNG bytes of any bit depth and colour type to RGBA; throws when the bytes are not a valid PNG. */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}

/** Encodes an RGBA image as PNG bytes. */
export function encodePng(image: RgbaImage): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data.set(image.data);
  return new Uint8Array(PNG.sync.write(png));
}

/** Reads width and height from a PNG's IHDR chunk without decoding it; throws when the bytes do not start like a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG spec §5.2/§11.2.2: the 8-byte signature, then IHDR (length, type) with width and height as big-endian uint32.
  if (bytes.byteLength < 24 || signature.some((byte, i) => bytes[i] !== byte)) throw new Error('Not a PNG image.');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
