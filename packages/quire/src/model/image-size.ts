import type { EmbeddableImageType } from './data-uri.js';

/** Pixel size of an image, read from its header. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Returns the pixel size stored in the header of a PNG, JPEG, GIF or BMP image, or `undefined`
 * when the bytes are not an image of `type` (the caller then leaves the image out rather than
 * embed something Word would show as broken).
 */
export function readImageSize(type: EmbeddableImageType, bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = (() => {
    switch (type) {
      case 'png':
        return readPngSize(bytes, view);
      case 'gif':
        return readGifSize(bytes, view);
      case 'bmp':
        return readBmpSize(bytes, view);
      case 'jpg':
        return readJpegSize(bytes, view);
    }
  })();
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

// PNG: the IHDR chunk follows the signature; width and height are big-endian (RFC 2083, 4.1.1).
function readPngSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.length < 24 || !startsWith(bytes, PNG_SIGNATURE)) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// GIF: "GIF87a"/"GIF89a", then the logical screen width and height, little-endian.
function readGifSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.length < 10 || !startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return undefined;
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

// BMP: "BM", then a BITMAPINFOHEADER whose height is negative for top-down images.
function readBmpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.length < 26 || !startsWith(bytes, [0x42, 0x4d])) return undefined;
  return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

// JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT 0xC4, JPG 0xC8
// and DAC 0xCC), which holds height then width, big-endian (ITU T.81, B.2.2).
function readJpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}
