import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../quire/src/model/index.js';
import { decodeBmp } from '../../../src/writers/pdf/decode-bmp.js';
import { toEmbeddableImage } from '../../../src/writers/pdf/embeddable-image.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import type { PdfWarning } from '../../../src/writers/pdf/index.js';
import { runPoppler } from '../../../../../test/support/pdf-tools.js';
import { dataUri, makeBmp24, makeBmp8TopDown, makeGif } from './raster-images.js';

const { doc, p, img } = build;

/** The width and height of each image that `pdfimages -list` reports, in drawing order. */
function listImageSizes(pdf: Uint8Array): { width: number; height: number }[] {
  return runPoppler('pdfimages', ['-list', '$PDF'], pdf)
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => ({ width: Number(columns[3]), height: Number(columns[4]) }));
}

function pixel(png: Uint8Array, x: number, y: number): number[] {
  const decoded = decodePng(png);
  const at = (y * decoded.width + x) * decoded.channels;
  return [...decoded.data.slice(at, at + decoded.channels)];
}

const left = (x: number): number => (x < 2 ? 0xff0000 : 0x0000ff);

describe('writePdf images', () => {
  it('embeds GIF and BMP images at their pixel size, without warnings', async () => {
    const warnings: PdfWarning[] = [];
    const pdf = await writePdf(
      doc(p(img({ src: dataUri('image/gif', makeGif(7, 5, left)) })), p(img({ src: dataUri('image/bmp', makeBmp24(6, 3, left)) })), p('after')),
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(listImageSizes(pdf)).toEqual([
      { width: 7, height: 5 },
      { width: 6, height: 3 },
    ]);
    expect(warnings).toEqual([]);
  });

  it('shows a BMP it cannot decode as a placeholder with a warning', async () => {
    const warnings: PdfWarning[] = [];
    const broken = makeBmp24(4, 4, left).slice(0, 70);
    const pdf = await writePdf(doc(p(img({ src: dataUri('image/bmp', broken) }))), { onWarning: (warning) => warnings.push(warning) });
    expect(listImageSizes(pdf)).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual(['PDF_IMAGE_UNREADABLE']);
  });
});

describe('toEmbeddableImage', () => {
  it('turns the first frame of a GIF into a PNG with the same colours', () => {
    const png = toEmbeddableImage({ type: 'gif', bytes: makeGif(4, 2, left, true) });
    expect(png).not.toBeNull();
    expect(pixel(png!, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(png!, 3, 1)).toEqual([0, 0, 255, 255]);
  });

  it('passes PNG and JPEG bytes through unchanged', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(toEmbeddableImage({ type: 'jpg', bytes })).toBe(bytes);
  });
});

describe('decodeBmp', () => {
  it('reads a bottom-up 24-bit bitmap top row first', () => {
    const image = decodeBmp(makeBmp24(3, 2, (x, y) => (y === 0 ? 0x00ff00 : x === 2 ? 0xff0000 : 0x000000)));
    expect(image).toMatchObject({ width: 3, height: 2 });
    expect([...image!.data.slice(0, 4)]).toEqual([0, 255, 0, 255]);
    expect([...image!.data.slice(20, 24)]).toEqual([255, 0, 0, 255]);
  });

  it('reads a top-down 8-bit bitmap through its palette', () => {
    const image = decodeBmp(makeBmp8TopDown(3, 2, [0x123456, 0xabcdef], (x, y) => (x + y) % 2));
    expect(image).toMatchObject({ width: 3, height: 2 });
    expect([...image!.data.slice(0, 8)]).toEqual([0x12, 0x34, 0x56, 255, 0xab, 0xcd, 0xef, 255]);
    expect([...image!.data.slice(12, 16)]).toEqual([0xab, 0xcd, 0xef, 255]);
  });

  it('returns null for a file that is not a bitmap or is cut short', () => {
    expect(decodeBmp(new Uint8Array(80))).toBeNull();
    expect(decodeBmp(makeBmp24(8, 8, left).slice(0, 100))).toBeNull();
  });
});
