import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../../quire/src/readers/index.js';
import { writePdf } from '../../../src/writers/pdf/index.js';
import { buildTestDocx, paragraph } from '../../../../../test/support/docx-package.js';
import { placedWords } from '../../../../../test/support/pdf-tools.js';
import { pageDrawings } from './pdf-drawings.js';
import { makeGif } from './raster-images.js';

const GIF = makeGif(4, 2, () => 0xff0000);
const EMU_PER_POINT = 12700;
// Letter paper with one-inch margins.
const SECTION = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';

/** A 100 × 50 pt picture anchored at `horizontal` and `vertical` (the content of `wp:positionH` and `wp:positionV`), with no text wrapping. */
function picture(horizontal: string, vertical: string, behind = false): string {
  return (
    `<w:r><w:drawing><wp:anchor simplePos="0" behindDoc="${behind ? 1 : 0}" relativeHeight="1" locked="0" layoutInCell="1" allowOverlap="1">` +
    `<wp:simplePos x="0" y="0"/>${horizontal}${vertical}<wp:extent cx="${100 * EMU_PER_POINT}" cy="${50 * EMU_PER_POINT}"/><wp:wrapNone/><wp:docPr id="1" name="Picture 1"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
    '<pic:blipFill><a:blip r:embed="rIdPng"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  );
}

const offset = (points: number): string => `<wp:posOffset>${points * EMU_PER_POINT}</wp:posOffset>`;

async function render(anchored: string): Promise<Uint8Array> {
  const body = paragraph('First') + `<w:p>${anchored}<w:r><w:t>Anchor</w:t></w:r></w:p>` + paragraph('After') + SECTION;
  const docx = buildTestDocx({ body, media: { 'media/image1.gif': GIF }, relationships: [{ id: 'rIdPng', type: 'image', target: 'media/image1.gif' }] });
  return writePdf((await readDocx(docx)).value);
}

function topOf(pdf: Uint8Array, text: string): number | undefined {
  return placedWords(pdf, 1).find((word) => word.text === text)?.yMin;
}

describe('writePdf pictures placed relative to the page with no text wrapping', () => {
  it('draws a picture offset from the page at its position on the page, taking no room in the text', async () => {
    const pdf = await render(picture(`<wp:positionH relativeFrom="page">${offset(216)}</wp:positionH>`, `<wp:positionV relativeFrom="page">${offset(360)}</wp:positionV>`));
    const [image] = pageDrawings(pdf)[0]!.images;
    expect(image?.x).toBeCloseTo(216, 0);
    expect(image?.y).toBeCloseTo(360, 0);
    expect(image?.width).toBeCloseTo(100, 0);
    expect(image?.height).toBeCloseTo(50, 0);
    const plain = await render('');
    expect(topOf(pdf, 'Anchor')).toBeCloseTo(topOf(plain, 'Anchor')!, 1);
    expect(topOf(pdf, 'After')).toBeCloseTo(topOf(plain, 'After')!, 1);
  });

  it('aligns a picture in the margins and offsets it from the top margin, behind the text too', async () => {
    const pdf = await render(
      picture('<wp:positionH relativeFrom="margin"><wp:align>center</wp:align></wp:positionH>', `<wp:positionV relativeFrom="margin">${offset(72)}</wp:positionV>`, true),
    );
    const [image] = pageDrawings(pdf)[0]!.images;
    // Centred between one-inch margins on a page 612 pt wide; 72 pt below the top margin.
    expect(image?.x).toBeCloseTo(72 + (468 - 100) / 2, 0);
    expect(image?.y).toBeCloseTo(144, 0);
    const plain = await render('');
    expect(topOf(pdf, 'After')).toBeCloseTo(topOf(plain, 'After')!, 1);
  });

  it('aligns a picture to the bottom of the page', async () => {
    const pdf = await render(
      picture(`<wp:positionH relativeFrom="page">${offset(36)}</wp:positionH>`, '<wp:positionV relativeFrom="page"><wp:align>bottom</wp:align></wp:positionV>'),
    );
    const [image] = pageDrawings(pdf)[0]!.images;
    expect(image?.x).toBeCloseTo(36, 0);
    expect(image?.y).toBeCloseTo(792 - 50, 0);
  });
});
