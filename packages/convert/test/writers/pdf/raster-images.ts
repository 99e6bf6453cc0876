import omggif from 'omggif';

/** Returns a GIF of `width` × `height` pixels whose pixel (x, y) has palette colour `color(x, y)` (0xRRGGBB). */
export function makeGif(width: number, height: number, color: (x: number, y: number) => number, extraFrame = false): Uint8Array {
  const palette = [0x000000, 0xff0000, 0x00ff00, 0x0000ff];
  const indices: number[] = [];
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) indices.push(Math.max(palette.indexOf(color(x, y)), 0));
  const bytes = new Uint8Array(1024 + width * height * 4);
  const writer = new omggif.GifWriter(bytes, width, height, { palette });
  writer.addFrame(0, 0, width, height, indices);
  if (extraFrame) writer.addFrame(0, 0, width, height, indices.map(() => 0));
  return bytes.slice(0, writer.end());
}

/** Returns a 24-bit bottom-up BMP (BITMAPINFOHEADER, BI_RGB) whose pixel (x, y), top row first, is `color(x, y)` (0xRRGGBB). */
export function makeBmp24(width: number, height: number, color: (x: number, y: number) => number): Uint8Array {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const bytes = new Uint8Array(54 + stride * height);
  const view = new DataView(bytes.buffer);
  writeHeader(view, width, height, 24, 54, bytes.length);
  for (let y = 0; y < height; y += 1) {
    const row = 54 + stride * (height - 1 - y);
    for (let x = 0; x < width; x += 1) {
      const value = color(x, y);
      bytes.set([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff], row + x * 3);
    }
  }
  return bytes;
}

/** Returns an 8-bit top-down BMP with a palette, whose pixel (x, y) is palette entry `index(x, y)`. */
export function makeBmp8TopDown(width: number, height: number, palette: readonly number[], index: (x: number, y: number) => number): Uint8Array {
  const stride = Math.ceil(width / 4) * 4;
  const offset = 54 + palette.length * 4;
  const bytes = new Uint8Array(offset + stride * height);
  const view = new DataView(bytes.buffer);
  writeHeader(view, width, -height, 8, offset, bytes.length);
  view.setUint32(46, palette.length, true);
  palette.forEach((value, i) => view.setUint32(54 + i * 4, value, true));
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) bytes[offset + stride * y + x] = index(x, y);
  return bytes;
}

function writeHeader(view: DataView, width: number, height: number, bits: number, offset: number, size: number): void {
  view.setUint8(0, 0x42);
  view.setUint8(1, 0x4d);
  view.setUint32(2, size, true);
  view.setUint32(10, offset, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, bits, true);
  view.setUint32(30, 0, true);
}

/** Returns a `data:` URI of `bytes` with media type `type`. */
export function dataUri(type: string, bytes: Uint8Array): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
