import { splitBlock } from 'prosemirror-commands';
import { describe, expect, it } from 'vitest';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import {
  bodyTextblocks,
  carriersOf,
  exportDocx,
  findAll,
  FIXTURE_NAMES,
  firstElement,
  inList,
  middleOfText,
  openDocx,
  openFixture,
  paragraphsOf,
  partText,
  positionOf,
  runCommand,
  sourceOf,
  startTag,
  xmlOf,
  type Located,
} from './patch-fixtures.js';

const SECT_PR = /<w:sectPr[\s/>]/g;

// A paragraph's properties without its section break, '' when it has none.
function propertiesWithoutSection(paragraph: string): string {
  const pPr = firstElement(paragraph, 'w:pPr') ?? '';
  const sectPr = firstElement(pPr, 'w:sectPr');
  return sectPr ? pPr.replace(sectPr, '') : pPr;
}

// Tags side by side: a paragraph written anew has no white space between its properties.
function compact(xml: string): string {
  return xml.replace(/>\s+</g, '><');
}

// The first paragraph of the body with text, outside lists (splitting in a list starts an
// unnumbered paragraph), that is the only node read from its element (not one around a text
// box, nor one the reader split at a page break).
function splittable(original: DocxOriginal): Located | undefined {
  return bodyTextblocks(original.doc).find(
    ({ node, pos }) =>
      node.type.name === 'paragraph' && /\S/.test(node.textContent) && node.attrs['sourceId'] !== null && !inList(original.doc, pos) && carriersOf(original.doc, node.attrs['sourceId'] as string) === 1,
  );
}

interface SplitResult {
  /** The XML that took the place of the split paragraph's. */
  readonly replacement: string;
  readonly before: string;
  readonly after: string;
}

async function split(original: DocxOriginal, block: Located, at: number): Promise<SplitResult & { readonly bytes: Uint8Array }> {
  const element = sourceOf(original.sources, block.node);
  const bytes = await exportDocx(original, runCommand(original.doc, splitBlock, at));
  const before = original.sources.text;
  const after = (await partText(bytes, original.sources.partName))!;
  expect(after.slice(0, element.start)).toBe(before.slice(0, element.start));
  expect(after.slice(after.length - (before.length - element.end))).toBe(before.slice(element.end));
  return { replacement: after.slice(element.start, after.length - (before.length - element.end)), before, after, bytes };
}

const cases: { name: string; original: DocxOriginal }[] = [];
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  if (splittable(original)) cases.push({ name, original });
}

describe('patchDocx after a paragraph is split (Enter in the middle)', () => {
  it.each(cases)('writes two paragraphs in place of one in $name: the first with the original start tag, both with its properties', async ({ original }) => {
    const block = splittable(original)!;
    const xml = xmlOf(original.sources, sourceOf(original.sources, block.node));
    const { replacement } = await split(original, block, middleOfText(block));
    const paragraphs = paragraphsOf(replacement);
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs.join('')).toBe(replacement);
    expect(startTag(paragraphs[0]!)).toBe(startTag(xml).replace(/\s*\/>$/, '>'));
    expect(propertiesWithoutSection(paragraphs[0]!)).toBe(propertiesWithoutSection(xml));
    expect(compact(propertiesWithoutSection(paragraphs[1]!))).toBe(compact(propertiesWithoutSection(xml)));
    // A section break the paragraph held goes with its second half, the last of the section.
    const breaks = findAll(xml, SECT_PR).length;
    expect(paragraphs.map((paragraph) => findAll(paragraph, SECT_PR).length)).toEqual([0, breaks]);
  });

  it.each(cases)('re-reads $name with the two halves of the text as two paragraphs', async ({ original }) => {
    const block = splittable(original)!;
    const at = middleOfText(block);
    const { bytes } = await split(original, block, at);
    const text = block.node.textContent;
    const offset = block.node.textBetween(0, at - block.pos - 1, '', '').length;
    const index = bodyTextblocks(original.doc).findIndex(({ node }) => node === block.node);
    const reread = bodyTextblocks((await openDocx(bytes)).doc).map(({ node }) => node.textContent);
    expect(reread.slice(index, index + 2)).toEqual([text.slice(0, offset), text.slice(offset)]);
    expect(reread).toHaveLength(bodyTextblocks(original.doc).length + 1);
  });

  it('keeps the runs before the split of the first half verbatim', async () => {
    const original = await openFixture('pandoc-inline_formatting.docx');
    const block = bodyTextblocks(original.doc).find(({ node }) => node.textContent === 'Regular text italics bold bold italics.')!;
    const inline = sourceOf(original.sources, block.node).inline!;
    const { replacement, before } = await split(original, block, positionOf(block, 'bold '));
    const [first] = paragraphsOf(replacement);
    // "Regular text ", "italics" and " " end before "bold ".
    const kept = inline.filter((child) => child.to <= 21 && child.start < child.end).map((child) => before.slice(child.start, child.end));
    expect(kept).toHaveLength(3);
    expect(first).toContain(kept.join(''));
  });

  it('moves the section break of docxjs-page-layout.docx to the second half of a split paragraph, the last of its section', async () => {
    const original = await openFixture('docxjs-page-layout.docx');
    const block = bodyTextblocks(original.doc).find(({ node }) => node.textContent === 'page1')!;
    const xml = xmlOf(original.sources, sourceOf(original.sources, block.node));
    const sectPr = firstElement(xml, 'w:sectPr')!;
    expect(sectPr).toBeDefined();
    const { replacement, bytes } = await split(original, block, positionOf(block, 'ge1'));
    const [first, second] = paragraphsOf(replacement) as [string, string];
    expect(first).not.toContain('<w:sectPr');
    expect(firstElement(second, 'w:sectPr')).toBe(sectPr);
    const reread = (await openDocx(bytes)).doc;
    const sections: string[][] = [];
    reread.forEach((section) => {
      const texts: string[] = [];
      section.forEach((child) => texts.push(child.textContent));
      sections.push(texts);
    });
    expect(sections).toEqual([['pa', 'ge1'], ['page2']]);
  });

  it('moves the section break of python-docx-sct-section-props.docx to the second of two empty paragraphs when Enter is pressed in the empty paragraph holding it', async () => {
    const original = await openFixture('python-docx-sct-section-props.docx');
    const holders = bodyTextblocks(original.doc).filter(({ node }) => xmlOf(original.sources, sourceOf(original.sources, node)).includes('<w:sectPr'));
    expect(holders.length).toBeGreaterThan(1);
    const block = holders[1]!;
    const xml = xmlOf(original.sources, sourceOf(original.sources, block.node));
    const { replacement, bytes } = await split(original, block, block.pos + 1);
    const [first, second] = paragraphsOf(replacement) as [string, string];
    expect(paragraphsOf(replacement)).toHaveLength(2);
    expect(startTag(first)).toBe(startTag(xml));
    expect(first).not.toContain('<w:sectPr');
    expect(firstElement(second, 'w:sectPr')).toBe(firstElement(xml, 'w:sectPr'));
    // The section keeps its blocks, one more empty paragraph among them, and the others are as they were.
    const counts = (doc: typeof original.doc): number[] => {
      const found: number[] = [];
      doc.forEach((section) => found.push(section.childCount));
      return found;
    };
    const expected = counts(original.doc);
    const index = original.doc.resolve(block.pos).index(0);
    expected[index]! += 1;
    expect(counts((await openDocx(bytes)).doc)).toEqual(expected);
  });

  it('keeps the section break of python-docx-sct-section-props.docx in one paragraph, the last of its section, when Enter is pressed at the end of the paragraph before it', async () => {
    const original = await openFixture('python-docx-sct-section-props.docx');
    const block = bodyTextblocks(original.doc).find(({ node }) => node.textContent === 'Section 2 paragraph.')!;
    const section = original.doc.resolve(block.pos).node(1);
    const at = block.pos + block.node.nodeSize - 1;
    const doc = runCommand(original.doc, splitBlock, at);
    const bytes = await exportDocx(original, doc);
    const after = (await partText(bytes, original.sources.partName))!;
    expect(findAll(after, SECT_PR)).toHaveLength(findAll(original.sources.text, SECT_PR).length);
    const reread = (await openDocx(bytes)).doc;
    const counts: number[] = [];
    reread.forEach((child) => counts.push(child.childCount));
    const before: number[] = [];
    original.doc.forEach((child) => before.push(child.childCount + (child === section ? 1 : 0)));
    expect(counts).toEqual(before);
  });
});
