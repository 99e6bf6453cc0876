import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, run } from '../../../../../test/support/docx-package.js';
import { placedWords, type PlacedWord } from '../../../../../test/support/pdf-tools.js';
import { pageDrawings } from './pdf-drawings.js';
import { makeGif } from './raster-images.js';

const GIF = makeGif(4, 2, () => 0xff0000);
const EMU_PER_POINT = 12700;
// Letter paper with one-inch margins: a text column 468 pt wide, from 72 pt.
const SECTION = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
const COLUMN_LEFT = 72;
const TEXT = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');

/**
 * A 100 × 80 pt picture anchored `x` pt from the column's left and `y` pt below the paragraph's
 * top, wrapped as `wrap` says, text kept `distance` pt from its sides (none by default).
 */
function picture(x: number, y: number, wrap: string, distance = { top: 0, right: 0, bottom: 0, left: 0 }): string {
  const dist = (['top', 'bottom', 'left', 'right'] as const).map((side) => `dist${side[0]!.toUpperCase()}="${distance[side] * EMU_PER_POINT}"`).join(' ');
  const position =
    `<wp:positionH relativeFrom="column"><wp:posOffset>${x * EMU_PER_POINT}</wp:posOffset></wp:positionH>` +
    `<wp:positionV relativeFrom="paragraph"><wp:posOffset>${y * EMU_PER_POINT}</wp:posOffset></wp:positionV>`;
  return (
    `<w:r><w:drawing><wp:anchor ${dist} simplePos="0" behindDoc="0" relativeHeight="1" locked="0" layoutInCell="1" allowOverlap="1">` +
    `<wp:simplePos x="0" y="0"/>${position}<wp:extent cx="${100 * EMU_PER_POINT}" cy="${80 * EMU_PER_POINT}"/>${wrap}<wp:docPr id="1" name="Picture 1"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdPng"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  );
}

async function render(anchored: string): Promise<{ words: PlacedWord[]; image: { x: number; y: number; width: number; height: number } }> {
  const body = `<w:p>${anchored}${run(TEXT)}</w:p>${SECTION}`;
  const docx = buildTestDocx({ body, media: { 'media/image1.gif': GIF }, relationships: [{ id: 'rIdPng', type: 'image', target: 'media/image1.gif' }] });
  const pdf = await writePdf((await readDocx(docx)).value);
  return { words: placedWords(pdf, 1).filter((word) => word.text.startsWith('word')), image: pageDrawings(pdf)[0]!.images[0]! };
}

// The words set beside the picture, on lines whose middle is within its height.
function besideImage(words: readonly PlacedWord[], image: { y: number; height: number }): PlacedWord[] {
  return words.filter((word) => {
    const middle = (word.yMin + word.yMax) / 2;
    return middle > image.y && middle < image.y + image.height;
  });
}

describe('writePdf text wrapped around floating pictures', () => {
  it('sets text on both sides of a square-wrapped picture that has room on both, the left part of a line first', async () => {
    // 184 pt free on either side of the picture.
    const { words, image } = await render(picture(184, 0, '<wp:wrapSquare wrapText="bothSides"/>'));
    const beside = besideImage(words, image);
    const left = beside.filter((word) => word.xMax <= image.x + 0.5);
    const right = beside.filter((word) => word.xMin >= image.x + image.width - 0.5);
    expect(left.length).toBeGreaterThan(0);
    expect(right.length).toBeGreaterThan(0);
    expect(left.length + right.length).toBe(beside.length);
    // On one row, the text beside the picture's left goes on at its right.
    const row = left[0]!.yMin;
    const lastLeft = Math.max(...left.filter((word) => word.yMin === row).map((word) => Number(word.text.slice(4))));
    const firstRight = Math.min(...right.filter((word) => Math.abs(word.yMin - row) < 0.5).map((word) => Number(word.text.slice(4))));
    expect(firstRight).toBe(lastLeft + 1);
  });

  it('runs text up to the contour of a tightly wrapped picture, inside the picture\u2019s box where the contour is narrow', async () => {
    // A triangle with its point at the middle of the top edge and its base along the bottom edge.
    const polygon = '<wp:wrapPolygon edited="0"><wp:start x="10800" y="0"/><wp:lineTo x="21600" y="21600"/><wp:lineTo x="0" y="21600"/><wp:lineTo x="10800" y="0"/></wp:wrapPolygon>';
    const { words, image } = await render(picture(184, 0, `<wp:wrapTight wrapText="bothSides">${polygon}</wp:wrapTight>`));
    const inBox = besideImage(words, image).filter((word) => word.xMax > image.x + 1 && word.xMin < image.x + image.width - 1);
    expect(inBox.length).toBeGreaterThan(0);
    // Near the top, where the triangle is narrow, but never over its point.
    expect(inBox.every((word) => word.xMax <= image.x + image.width / 2 + 0.5 || word.xMin >= image.x + image.width / 2 - 0.5)).toBe(true);
  });

  it('keeps the text beside and below a square-wrapped picture the distances the picture asks from its sides', async () => {
    const distance = { top: 0, right: 24, bottom: 30, left: 12 };
    const { words, image } = await render(picture(184, 0, '<wp:wrapSquare wrapText="bothSides"/>', distance));
    const beside = besideImage(words, image);
    const left = beside.filter((word) => word.xMax <= image.x + 0.5);
    const right = beside.filter((word) => word.xMin >= image.x + image.width - 0.5);
    expect(Math.max(...left.map((word) => word.xMax))).toBeLessThanOrEqual(image.x - distance.left + 0.5);
    // The right part of each row starts where the room kept on the picture's right ends.
    expect(Math.min(...right.map((word) => word.xMin))).toBeCloseTo(image.x + image.width + distance.right, 0);
    // The rows below the picture, beside the room kept under it, still leave that room empty.
    const besideRoomBelow = words.filter((word) => word.yMin > image.y + image.height && word.yMin < image.y + image.height + distance.bottom);
    expect(besideRoomBelow.length).toBeGreaterThan(0);
    const overRoom = words.filter((word) => word.yMax > image.y && word.yMin < image.y + image.height + distance.bottom && word.xMax > image.x - distance.left && word.xMin < image.x + image.width + distance.right);
    expect(overRoom).toEqual([]);
  });

  it('keeps the lines above a picture wrapped top and bottom above it, and sets the rest right below it', async () => {
    const { words, image } = await render(picture(184, 30, '<wp:wrapTopAndBottom/>'));
    expect(image.x).toBeCloseTo(COLUMN_LEFT + 184, 0);
    const above = words.filter((word) => word.yMax <= image.y + 0.5);
    const below = words.filter((word) => word.yMin >= image.y + image.height - 0.5);
    expect(above.map((word) => word.text)).toContain('word0');
    expect(above.length + below.length).toBe(words.length);
    expect(Math.min(...below.map((word) => word.yMin)) - (image.y + image.height)).toBeLessThan(6);
  });
});
