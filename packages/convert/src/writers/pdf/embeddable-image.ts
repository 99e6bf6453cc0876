import { encode as encodePng } from 'fast-png';
import omggif from 'omggif';
import type { DataImage } from 'quire/model';
import { decodeBmp } from './decode-bmp.js';
import type { RgbaImage } from './decode-bmp.js';

/**
 * Returns the bytes of a `data:` image in a form pdfkit embeds: PNG and JPEG as they are; GIF (its
 * first frame) and BMP decoded and re-encoded as PNG, transparency kept. Returns null for a GIF or
 * BMP that does not decode.
 */
export function toEmbeddableImage(image: DataImage): Uint8Array | null {
  if (image.type === 'png' || image.type === 'jpg') return image.bytes;
  const pixels = image.type === 'gif' ? decodeGifFirstFrame(image.bytes) : decodeBmp(image.bytes);
  return pixels ? encodePng({ width: pixels.width, height: pixels.height, data: pixels.data, depth: 8, channels: 4 }) : null;
}

function decodeGifFirstFrame(bytes: Uint8Array): RgbaImage | null {
  try {
    const reader = new omggif.GifReader(bytes);
    if (reader.numFrames() === 0 || reader.width * reader.height > 50_000_000) return null;
    // Pixels the frame leaves out (or marks transparent) stay transparent black.
    const data = new Uint8Array(reader.width * reader.height * 4);
    reader.decodeAndBlitFrameRGBA(0, data);
    return { width: reader.width, height: reader.height, data };
  } catch {
    return null;
  }
}
