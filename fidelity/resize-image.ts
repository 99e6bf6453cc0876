import type { RgbaImage } from './rgba-image.js';

/**
 * Returns `image` scaled to `width` × `height` by bilinear interpolation (pixel centres aligned,
 * edges clamped); the same image when it already has that size. Throws for a size below 1 × 1.
 */
export function resizeImage(image: RgbaImage, width: number, height: number): RgbaImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`resizeImage: cannot scale to ${width} × ${height}.`);
  }
  if (image.width === width && image.height === height) return image;
  const data = new Uint8ClampedArray(width * height * 4);
  const scaleX = image.width / width;
  const scaleY = image.height / height;
  for (let y = 0; y < height; y++) {
    const sourceY = clamp((y + 0.5) * scaleY - 0.5, 0, image.height - 1);
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(y0 + 1, image.height - 1);
    const fy = sourceY - y0;
    for (let x = 0; x < width; x++) {
      const sourceX = clamp((x + 0.5) * scaleX - 0.5, 0, image.width - 1);
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(x0 + 1, image.width - 1);
      const fx = sourceX - x0;
      for (let channel = 0; channel < 4; channel++) {
        const top = lerp(sample(image, x0, y0, channel), sample(image, x1, y0, channel), fx);
        const bottom = lerp(sample(image, x0, y1, channel), sample(image, x1, y1, channel), fx);
        data[(y * width + x) * 4 + channel] = Math.round(lerp(top, bottom, fy));
      }
    }
  }
  return { width, height, data };
}

function sample(image: RgbaImage, x: number, y: number, channel: number): number {
  return image.data[(y * image.width + x) * 4 + channel] ?? 0;
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
