import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/model/schema.js';
import { openPackage } from '../../../src/package/open-package.js';
import { relationshipsPartNameFor } from '../../../src/package/part-names.js';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import { buildTestDocx, run } from '../../../../../test/support/docx-package.js';
import {
  bodyNodes,
  bodyTextblocks,
  changedEntries,
  contentTypeOfPart,
  edited,
  elementsOf,
  entryName,
  exportDocx,
  findAll,
  FIXTURE_NAMES,
  firstTextParagraph,
  middleOfText,
  openDocx,
  openFixture,
  partText,
  relationshipsOf,
  removedEntries,
  sourceOf,
} from './patch-fixtures.js';

// 2 × 1 pixel PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAP/wH+ZcTEY4AAAAASUVORK5CYII=';
const PNG_URI = `data:image/png;base64,${PNG_BASE64}`;
const PNG_BYTES = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));
const IMAGE_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

const picture = (): ReturnType<typeof schema.node> => schema.node('image', { src: PNG_URI, alt: 'two dots', width: 600, height: 300 });

const cases: { name: string; original: DocxOriginal }[] = [];
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  if (firstTextParagraph(original.doc)) cases.push({ name, original });
}

describe('patchDocx after a picture is inserted', () => {
  it.each(cases)('adds to $name one media part with the picture, its content type and relationship, and a drawing that refers to it', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const doc = edited(original.doc, (state) => state.tr.insert(middleOfText(paragraph), picture()));
    const bytes = await exportDocx(original, doc);
    const source = original.sources.partName;
    const oldIds = new Set((await relationshipsOf(original.package.bytes, source)).map((r) => r.id));
    const added = (await relationshipsOf(bytes, source)).filter((r) => !oldIds.has(r.id));
    expect(added).toEqual([{ id: expect.any(String), type: IMAGE_TYPE, target: expect.stringMatching(/^media\/image\d*\.png$/), external: false, partName: expect.stringMatching(/^\/word\/media\/image\d*\.png$/) }]);
    const partName = added[0]!.partName!;
    const pkg = openPackage(bytes);
    expect(Buffer.from(await pkg.readPart(partName)).equals(Buffer.from(PNG_BYTES))).toBe(true);
    expect(await contentTypeOfPart(bytes, partName)).toBe('image/png');
    // Only the main part, its relationships, the content types and the new part differ.
    const changed = changedEntries(original.package.bytes, bytes);
    expect(changed).toEqual(expect.arrayContaining([entryName(source), entryName(relationshipsPartNameFor(source)), entryName(partName)]));
    expect(changed.filter((name) => ![entryName(source), entryName(relationshipsPartNameFor(source)), entryName(partName), '[Content_Types].xml'].includes(name))).toEqual([]);
    expect(removedEntries(original.package.bytes, bytes)).toEqual([]);
    const element = sourceOf(original.sources, paragraph.node);
    const after = (await partText(bytes, source))!;
    const xml = after.slice(element.start, after.length - (original.sources.text.length - element.end));
    const drawings = elementsOf(xml, 'w:drawing').filter((drawing) => new RegExp(`r:embed="${added[0]!.id}"`).test(drawing));
    expect(drawings).toHaveLength(1);
  });

  it.each(cases)('gives the new drawing of $name an id no other drawing of the part has, and keeps the others', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const doc = edited(original.doc, (state) => state.tr.insert(middleOfText(paragraph), picture()));
    const after = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    const ids = findAll(after, /<wp:docPr\s[^>]*?\bid="(\d+)"/g).map((tag) => /\bid="(\d+)"/.exec(tag)![1]);
    expect(ids.length).toBe(findAll(original.sources.text, /<wp:docPr\s/g).length + 1);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(cases)('re-reads $name with the picture where it was inserted, as the new part', async ({ original }) => {
    const paragraph = firstTextParagraph(original.doc)!;
    const doc = edited(original.doc, (state) => state.tr.insert(middleOfText(paragraph), picture()));
    const bytes = await exportDocx(original, doc);
    const reread = await openDocx(bytes);
    const index = bodyTextblocks(original.doc).findIndex(({ node }) => node === paragraph.node);
    const block = bodyTextblocks(reread.doc)[index]!.node;
    const images: string[] = [];
    block.forEach((child) => {
      if (child.type.name === 'image') images.push(String(child.attrs['src']));
    });
    const added = (await relationshipsOf(bytes, original.sources.partName)).find((r) => r.type === IMAGE_TYPE && !original.sources.text.includes(`"${r.id}"`));
    expect(images).toContain(added!.partName);
    expect(block.textContent).toBe(bodyTextblocks(doc)[index]!.node.textContent);
    expect(bodyNodes(reread.doc, 'image')).toHaveLength(bodyNodes(original.doc, 'image').length + 1);
  });

  it('adds one part for the same picture inserted twice', async () => {
    const original = await openFixture('pandoc-inline_formatting.docx');
    const [first, second] = bodyTextblocks(original.doc).filter(({ node }) => /\S/.test(node.textContent));
    const doc = edited(original.doc, (state) => state.tr.insert(middleOfText(second!), picture()).insert(middleOfText(first!), picture()));
    const bytes = await exportDocx(original, doc);
    const media = changedEntries(original.package.bytes, bytes).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const added = (await relationshipsOf(bytes, original.sources.partName)).filter((r) => r.type === IMAGE_TYPE);
    expect(added).toHaveLength(1);
    expect(findAll((await partText(bytes, original.sources.partName))!, new RegExp(`r:embed="${added[0]!.id}"`, 'g'))).toHaveLength(2);
  });
});

describe('patchDocx after an edit that covers a chart or a picture', () => {
  const CHART_RUN =
    '<w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="457200"/><wp:docPr id="7" name="Chart 1"/><a:graphic>' +
    '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId42"/></a:graphicData>' +
    '</a:graphic></wp:inline></w:drawing></w:r>';
  const PARAGRAPH = `<w:p>${run('Sales ')}${CHART_RUN}${run(' by month')}</w:p>`;

  it('writes the chart of a paragraph made bold as it was read, not as a placeholder picture, and adds no part', async () => {
    const original = await openDocx(buildTestDocx({ body: PARAGRAPH }));
    const [block] = bodyTextblocks(original.doc);
    expect(bodyNodes(original.doc, 'image')).toHaveLength(1);
    const doc = edited(original.doc, (state) => state.tr.addMark(block!.pos + 1, block!.pos + 1 + block!.node.content.size, schema.marks['bold']!.create()));
    const bytes = await exportDocx(original, doc);
    const xml = (await partText(bytes, original.sources.partName))!;
    expect(elementsOf(xml.slice(xml.indexOf('<w:body>')), 'w:p')).toEqual([`<w:p>${run('Sales ', '<w:b/><w:bCs/>')}${CHART_RUN}${run(' by month', '<w:b/><w:bCs/>')}</w:p>`]);
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(original.sources.partName)]);
  });

  it('writes a picture made italic with the text around it as it was read, drawing and all', async () => {
    const original = await openFixture('pandoc-inline_formatting.docx');
    const withPicture = bodyTextblocks(original.doc)[0]!;
    const doc = edited(original.doc, (state) => state.tr.insert(withPicture.pos + 1, picture()));
    const once = await openDocx(await exportDocx(original, doc));
    const block = bodyTextblocks(once.doc)[0]!;
    const twice = edited(once.doc, (state) => state.tr.addMark(block.pos + 1, block.pos + 1 + block.node.content.size, schema.marks['italic']!.create()));
    const before = (await partText(once.package.bytes, once.sources.partName))!;
    const after = (await partText(await exportDocx(once, twice), once.sources.partName))!;
    const drawingRun = (xml: string): string | undefined => elementsOf(xml, 'w:r').find((r) => r.includes('<w:drawing>') && r.includes('two dots'));
    expect(drawingRun(after)).toBe(drawingRun(before));
    expect(drawingRun(before)).toBeDefined();
  });
});
