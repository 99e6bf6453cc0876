import type { Node } from 'prosemirror-model';
import { describe, expect, it, vi } from 'vitest';
import { readDocx, type ReadDocxOptions } from '../../../../quire/src/readers/index.js';
import { readImageSize } from '../../../../quire/src/model/image-size.js';
import { decodeDataUriImage } from '../../../../quire/src/model/data-uri.js';
import { buildTestDocx, type TestDocx, type TestRelationship } from '../../../../../test/support/docx-package.js';
import { recordNetworkRequests } from '../../../../../test/support/record-network-requests.js';

const requests = recordNetworkRequests();

// 2 × 1 pixel PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII='), (c) => c.charCodeAt(0));
// A GIF header (logical screen 3 × 2) is enough for the reader, which trusts signatures only.
const GIF = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 3, 0, 2, 0, 0, 0, 0, 0x3b]);
// An EMF starts with an EMR_HEADER record whose signature at offset 40 is " EMF".
const EMF = new Uint8Array(88);
EMF.set([1, 0, 0, 0, 88, 0, 0, 0]);
EMF.set([0x20, 0x45, 0x4d, 0x46], 40);
// A placeable WMF header.
const WMF = Uint8Array.from([0xd7, 0xcd, 0xc6, 0x9a, 0, 0, 0, 0, 0, 0, 0xe8, 0x03, 0xe8, 0x03]);

function picture(relationshipId: string, size: [number, number], docPr = 'descr="A chart of sales" title="Sales"', attribute = 'r:embed'): string {
  return (
    `<w:r><w:drawing><wp:inline><wp:extent cx="${size[0]}" cy="${size[1]}"/><wp:docPr id="1" name="Picture 1" ${docPr}/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr>' +
    `<pic:blipFill><a:blip ${attribute}="${relationshipId}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

function images(docNode: Node): Node[] {
  const found: Node[] = [];
  docNode.descendants((node) => {
    if (node.type.name === 'image') found.push(node);
    return true;
  });
  return found;
}

async function read(body: string, media: Record<string, Uint8Array>, relationships: TestRelationship[], options: ReadDocxOptions = {}) {
  const spec: TestDocx = { body: `<w:p>${body}</w:p>`, media, relationships };
  return readDocx(buildTestDocx(spec), options);
}

const image = (id: string, target: string, external = false): TestRelationship => ({ id, type: 'image', target, external });

describe('readDocx pictures', () => {
  it('embeds PNG pictures as data URIs sized from the drawing extent, with alt text and title from its properties', async () => {
    const result = await read(picture('rIdPng', [1270000, 635000]), { 'media/image1.png': PNG }, [image('rIdPng', 'media/image1.png')]);
    const [node] = images(result.value);
    expect(node?.attrs).toEqual({ src: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`, alt: 'A chart of sales', title: 'Sales', width: 2000, height: 1000, float: null });
    expect(result.messages).toEqual([]);
  });

  it('recognises the format from the bytes, not from the part name', async () => {
    const result = await read(picture('rIdGif', [635000, 635000], ''), { 'media/image1.png': GIF }, [image('rIdGif', 'media/image1.png')]);
    expect(decodeDataUriImage(String(images(result.value)[0]?.attrs['src']))).toEqual({ type: 'gif', bytes: GIF });
  });

  it('shows EMF and WMF pictures as placeholders of their size, with a warning', async () => {
    const result = await read(
      picture('rIdEmf', [914400, 457200]) + picture('rIdWmf', [457200, 914400], ''),
      { 'media/image1.emf': EMF, 'media/image2.wmf': WMF },
      [image('rIdEmf', 'media/image1.emf'), image('rIdWmf', 'media/image2.wmf')],
    );
    const [emf, wmf] = images(result.value);
    expect(emf?.attrs).toMatchObject({ alt: 'A chart of sales', width: 1440, height: 720 });
    expect(wmf?.attrs).toMatchObject({ alt: null, width: 720, height: 1440 });
    // The placeholder is a real image, which writers can embed and stretch to the picture's size.
    const placeholder = decodeDataUriImage(String(emf?.attrs['src']));
    expect(placeholder && readImageSize(placeholder.type, placeholder.bytes)).toEqual({ width: 1, height: 1 });
    expect(wmf?.attrs['src']).toBe(emf?.attrs['src']);
    expect(result.messages.map((message) => message.message)).toEqual([
      expect.stringMatching(/image1\.emf is in EMF format/),
      expect.stringMatching(/image2\.wmf is in WMF format/),
    ]);
  });

  it('never fetches external or linked pictures, keeping a placeholder and warning', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const body =
      picture('rIdRemote', [635000, 635000]) +
      picture('rIdLinked', [635000, 635000], '', 'r:link') +
      '<w:r><w:pict><v:shape style="width:10pt;height:20pt"><v:imagedata r:id="rIdVml"/></v:shape></w:pict></w:r>';
    const result = await read(body, {}, [
      image('rIdRemote', 'https://attacker.example/track.png', true),
      image('rIdLinked', 'file:///etc/passwd', true),
      image('rIdVml', '//cdn.example/pixel.gif', true),
    ]);
    // Give any stray asynchronous request the chance to start before asserting that none did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(images(result.value).map((node) => [node.attrs['width'], node.attrs['height']])).toEqual([[1000, 1000], [1000, 1000], [200, 400]]);
    expect(result.messages.filter((message) => message.code === 'READER_IMAGE_NOT_FETCHED')).toHaveLength(3);
  });

  it('reads VML pictures (v:imagedata) sized from their shape style', async () => {
    const body = '<w:r><w:pict><v:shape style="position:absolute;width:1in;height:36pt" alt="logo"><v:imagedata r:id="rIdPng" o:title="Logo"/></v:shape></w:pict></w:r>';
    const result = await read(body, { 'media/image1.png': PNG }, [image('rIdPng', 'media/image1.png')]);
    expect(images(result.value)[0]?.attrs).toMatchObject({ alt: 'logo', title: 'Logo', width: 1440, height: 720 });
  });

  it.each(['embed', 'reference'] as const)('keeps a placeholder, with a warning, for a picture whose part is missing (images: %s)', async (mode) => {
    const missing = await read(picture('rIdGone', [635000, 635000], ''), {}, [image('rIdGone', 'media/gone.png')], { images: mode });
    expect(images(missing.value).map((node) => node.attrs['src'])).toEqual([expect.stringMatching(/^data:/)]);
    expect(missing.messages.map((message) => message.code)).toContain('READER_PART_UNREADABLE');
  });

  it('keeps a placeholder for a picture past the image budget', async () => {
    const budget = await read(picture('rIdPng', [635000, 635000], ''), { 'media/image1.png': PNG }, [image('rIdPng', 'media/image1.png')], { maxImageBytes: 10 });
    expect(String(images(budget.value)[0]?.attrs['src'])).not.toContain(btoa(String.fromCharCode(...PNG)));
    expect(budget.messages.map((message) => message.message).join(' ')).toMatch(/exceed 10 bytes/);
  });

  it('does not read an image part whose relationship climbs out of the package', async () => {
    const result = await read(picture('rIdEscape', [635000, 635000], ''), {}, [image('rIdEscape', '../../../../etc/passwd')]);
    expect(images(result.value)).toHaveLength(1);
    expect(result.messages.map((message) => message.message).join(' ')).toMatch(/points outside the package/);
  });
});
