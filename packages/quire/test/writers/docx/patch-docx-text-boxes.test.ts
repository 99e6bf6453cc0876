import { describe, expect, it } from 'vitest';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import { buildTestDocx, paragraph, run } from '../../../../../test/support/docx-package.js';
import {
  bodyTextblocks,
  changedEntries,
  edited,
  elementsOf,
  entryName,
  exportDocx,
  findAll,
  openDocx,
  openFixture,
  partText,
  positionOf,
  sourceOf,
  textOf,
  xmlOf,
  type Located,
} from './patch-fixtures.js';

// One paragraph anchors two text boxes (DrawingML with a VML fallback each): the first box's
// paragraph is the same XML in both, the second box's three paragraphs differ in the fallback
// (other bookmark ids, smart tags).
const BOXES = 'pandoc-text_in_shape_format.docx';
const TYPED = 'QZX';
const BOX_TAGS = ['w:drawing', 'w:pict', 'w:txbxContent', 'mc:AlternateContent', 'wp:docPr', 'v:shape'];

function textblock(original: DocxOriginal, text: string): Located {
  const found = bodyTextblocks(original.doc).find(({ node }) => node.textContent === text);
  if (!found) throw new Error(`no textblock reads ${JSON.stringify(text)}`);
  return found;
}

function countTags(xml: string): Record<string, number> {
  return Object.fromEntries(BOX_TAGS.map((tag) => [tag, findAll(xml, new RegExp(`<${tag}[\\s/>]`, 'g')).length]));
}

// The XML of the anchor paragraph after export (everything around it is checked unchanged).
async function anchorAfter(original: DocxOriginal, block: Located, bytes: Uint8Array): Promise<string> {
  const element = sourceOf(original.sources, block.node);
  const before = original.sources.text;
  const after = (await partText(bytes, original.sources.partName))!;
  expect(after.slice(0, element.start)).toBe(before.slice(0, element.start));
  expect(after.slice(after.length - (before.length - element.end))).toBe(before.slice(element.end));
  return after.slice(element.start, after.length - (before.length - element.end));
}

// The paragraphs of every text box content in `xml`, box by box.
function boxParagraphs(xml: string): string[][] {
  return elementsOf(xml, 'w:txbxContent').map((content) => elementsOf(content.slice(content.indexOf('>') + 1), 'w:p'));
}

describe('patchDocx on a paragraph the reader split around text boxes', () => {
  it('writes text typed into a box paragraph into that paragraph and its identical fallback copy, and changes nothing else of the anchor paragraph', async () => {
    const original = await openFixture(BOXES);
    const block = textblock(original, 'Valter Kiisk');
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, positionOf(block, 'Kiisk')));
    const bytes = await exportDocx(original, doc);
    const xml = await anchorAfter(original, block, bytes);
    const oldXml = xmlOf(original.sources, sourceOf(original.sources, block.node));
    const oldParagraph = boxParagraphs(oldXml)[2]!.find((p) => textOf(p) === 'Valter Kiisk')!;
    const newParagraphs = boxParagraphs(xml).flat().filter((p) => textOf(p) === `Valter ${TYPED}Kiisk`);
    expect(newParagraphs).toHaveLength(2);
    expect(newParagraphs[1]).toBe(newParagraphs[0]);
    expect(xml.split(newParagraphs[0]!).join(oldParagraph)).toBe(oldXml);
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(original.sources.partName)]);
    const reread = await openDocx(bytes);
    expect(bodyTextblocks(reread.doc).map(({ node }) => node.textContent)).toEqual(bodyTextblocks(doc).map(({ node }) => node.textContent));
  });

  it('keeps both boxes when text is typed into a box paragraph whose fallback copy differs, and leaves that copy as written', async () => {
    const original = await openFixture(BOXES);
    const block = textblock(original, 'Institute of Physics, University of Tartu');
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, positionOf(block, 'Physics')));
    const xml = await anchorAfter(original, block, await exportDocx(original, doc));
    const oldXml = xmlOf(original.sources, sourceOf(original.sources, block.node));
    expect(countTags(xml)).toEqual(countTags(oldXml));
    expect(findAll(xml, new RegExp(TYPED, 'g'))).toHaveLength(1);
    const [choice, fallback] = [boxParagraphs(xml)[2]!, boxParagraphs(xml)[3]!];
    expect(choice.map(textOf)).toEqual(['Using Microsoft Word 2007/2010for Writing Technical Documents', 'Valter Kiisk', `Institute of ${TYPED}Physics, University of Tartu`]);
    expect(fallback).toEqual(boxParagraphs(oldXml)[3]);
  });

  it('writes a box paragraph split with Enter as two paragraphs of the same box, keeping the boxes', async () => {
    const original = await openFixture(BOXES);
    const block = textblock(original, 'Valter Kiisk');
    const doc = edited(original.doc, (state) => state.tr.split(positionOf(block, 'Kiisk')));
    const bytes = await exportDocx(original, doc);
    const xml = await anchorAfter(original, block, bytes);
    const oldXml = xmlOf(original.sources, sourceOf(original.sources, block.node));
    expect(countTags(xml)).toEqual(countTags(oldXml));
    expect(boxParagraphs(xml)[2]!.map(textOf)).toEqual(['Using Microsoft Word 2007/2010for Writing Technical Documents', 'Valter ', 'Kiisk', 'Institute of Physics, University of Tartu']);
    const reread = await openDocx(bytes);
    expect(bodyTextblocks(reread.doc).map(({ node }) => node.textContent)).toEqual(bodyTextblocks(doc).map(({ node }) => node.textContent));
  });

  it('removes a box paragraph joined to the one before it from its box, keeping the boxes', async () => {
    const original = await openFixture(BOXES);
    const block = textblock(original, 'Valter Kiisk');
    const doc = edited(original.doc, (state) => state.tr.join(block.pos));
    const bytes = await exportDocx(original, doc);
    const xml = await anchorAfter(original, block, bytes);
    expect(countTags(xml)).toEqual(countTags(xmlOf(original.sources, sourceOf(original.sources, block.node))));
    expect(boxParagraphs(xml)[2]!.map(textOf)).toEqual(['Using Microsoft Word 2007/2010for Writing Technical DocumentsValter Kiisk', 'Institute of Physics, University of Tartu']);
    const reread = await openDocx(bytes);
    expect(bodyTextblocks(reread.doc).map(({ node }) => node.textContent)).toEqual(bodyTextblocks(doc).map(({ node }) => node.textContent));
  });
});

// A paragraph with text of its own before and after a text box of two paragraphs.
const BOX = (content: string): string =>
  '<w:r><w:drawing><wp:anchor><wp:extent cx="914400" cy="457200"/><wp:docPr id="1" name="Text Box 1"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">' +
  `<wps:wsp><wps:txbx><w:txbxContent>${content}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>`;
const ANCHOR = `<w:p><w:pPr><w:jc w:val="center"/></w:pPr>${run('Hello')}${BOX(paragraph('one') + paragraph('two'))}${run(' world')}</w:p>`;

describe('patchDocx on a paragraph with text of its own around a text box', () => {
  const open = (): Promise<DocxOriginal> => openDocx(buildTestDocx({ body: paragraph('first') + ANCHOR + paragraph('last') }));
  const paragraphsAfter = async (original: DocxOriginal, doc: DocxOriginal['doc']): Promise<string[]> => {
    const part = (await partText(await exportDocx(original, doc), original.sources.partName))!;
    return elementsOf(part.slice(part.indexOf('<w:body>')), 'w:p');
  };

  it('patches the runs typed into before the box and keeps the box and the runs after it as written', async () => {
    const original = await open();
    const block = textblock(original, 'Hello');
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, positionOf(block, 'llo')));
    const [, anchor] = await paragraphsAfter(original, doc);
    expect(anchor).toBe(ANCHOR.replace(run('Hello'), run(`He${TYPED}llo`)));
  });

  it('writes the part split off with Enter before the box as a paragraph of its own before the anchor, with its properties', async () => {
    const original = await open();
    const block = textblock(original, 'Hello');
    const doc = edited(original.doc, (state) => state.tr.split(positionOf(block, 'llo')));
    const paragraphs = await paragraphsAfter(original, doc);
    expect(paragraphs.map(textOf)).toEqual(['first', 'He', 'lloonetwo world', 'last']);
    expect(paragraphs[1]).toBe(`<w:p><w:pPr><w:jc w:val="center"/></w:pPr>${run('He')}</w:p>`);
    expect(paragraphs[2]).toBe(ANCHOR.replace(run('Hello'), run('llo')));
  });

  it('writes the part split off with Enter after the box as a paragraph of its own after the anchor', async () => {
    const original = await open();
    const block = textblock(original, ' world');
    const doc = edited(original.doc, (state) => state.tr.split(positionOf(block, 'rld')));
    const paragraphs = await paragraphsAfter(original, doc);
    expect(paragraphs.map(textOf)).toEqual(['first', 'Helloonetwo wo', 'rld', 'last']);
    expect(paragraphs[1]).toBe(ANCHOR.replace(run(' world'), run(' wo')));
    const reread = await openDocx(await exportDocx(original, doc));
    expect(bodyTextblocks(reread.doc).map(({ node }) => node.textContent)).toEqual(bodyTextblocks(doc).map(({ node }) => node.textContent));
  });

  it('moves the text before the box into the paragraph before when they are joined with Backspace, and keeps the box', async () => {
    const original = await open();
    const block = textblock(original, 'Hello');
    const doc = edited(original.doc, (state) => state.tr.join(block.pos));
    const paragraphs = await paragraphsAfter(original, doc);
    expect(paragraphs.map(textOf)).toEqual(['firstHello', 'onetwo world', 'last']);
    expect(paragraphs[1]).toBe(ANCHOR.replace(run('Hello'), ''));
    const reread = await openDocx(await exportDocx(original, doc));
    expect(bodyTextblocks(reread.doc).map(({ node }) => node.textContent)).toEqual(bodyTextblocks(doc).map(({ node }) => node.textContent));
  });
});

describe('patchDocx on a tracked insertion typed into', () => {
  it('keeps the insertion with its author and date, holding the typed text, under an id of its own', async () => {
    const original = await openFixture('superdoc-gdocs-tracked-changes.docx');
    // The deleted word is text of the model too, shown only in a markup view.
    const block = textblock(original, 'Here is a coolbasic sentence');
    const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, positionOf(block, 'ool')));
    const xml = await anchorAfter(original, block, await exportDocx(original, doc));
    const [insertion] = elementsOf(xml, 'w:ins');
    // Google Docs gave the insertion and the deletion beside it one id: the insertion written again gets its own.
    expect(insertion!.slice(0, insertion!.indexOf('>') + 1)).toMatch(/^<w:ins w:id="(\d+)" w:author="Nick Bernal" w:date="2025-09-30T16:21:26Z">$/);
    expect(insertion).not.toContain('w:id="0"');
    expect(textOf(insertion!)).toBe(`c${TYPED}ool`);
    expect(elementsOf(xml, 'w:del')).toEqual(elementsOf(xmlOf(original.sources, sourceOf(original.sources, block.node)), 'w:del'));
  });
});
