import type { RgbaImage } from '../../fidelity/rgba-image.js';

/** A filled rectangle in the coordinates of a page `width` × `height`. */
export interface Block {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Grey level 0 (black) to 255 (white). */
  grey: number;
}

/**
 * Draws a white page of `width` × `height` pixels with grey blocks, like lines of text; block
 * coordinates are given for a `designWidth` × `designHeight` page and scaled, so one design drawn at
 * two sizes gives the same picture at two resolutions.
 */
export function drawPage(width: number, height: number, blocks: readonly Block[], designWidth = width, designHeight = height): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const sx = width / designWidth;
  const sy = height / designHeight;
  for (const block of blocks) {
    for (let y = Math.round(block.y * sy); y < Math.round((block.y + block.height) * sy) && y < height; y++) {
      for (let x = Math.round(block.x * sx); x < Math.round((block.x + block.width) * sx) && x < width; x++) {
        const at = (y * width + x) * 4;
        data[at] = data[at + 1] = data[at + 2] = block.grey;
      }
    }
  }
  return { width, height, data };
}

/** Lines of "text": dark bars 4 px high every 10 px, of varying length, starting at `top`. */
export function textLines(top: number, count: number, left = 10): Block[] {
  return Array.from({ length: count }, (_, i) => ({ x: left, y: top + i * 10, width: 40 + ((i * 37) % 50), height: 4, grey: 20 }));
}
