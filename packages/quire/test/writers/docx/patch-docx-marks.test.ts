import type { Mark } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/model/schema.js';
import { relationshipsPartNameFor } from '../../../src/package/part-names.js';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';
import {
  bodyTextblocks,
  carriersOf,
  changedEntries,
  edited,
  elementsOf,
  entryName,
  exportDocx,
  FIXTURE_NAMES,
  markMask,
  openDocx,
  openFixture,
  partText,
  relationshipsOf,
  sourceOf,
  textOf,
  wordWithout,
  xmlOf,
  type Located,
} from './patch-fixtures.js';

const URL_TARGET = 'https://example.com/quire?patch=1&mark=link';
const bold = schema.marks['bold']!.create();
const link = (href: string): Mark => schema.marks['link']!.create({ href });

interface Target {
  readonly block: Located;
  readonly word: string;
  readonly from: number;
  readonly to: number;
}

// The first word without `markName` (nor a link) in a paragraph of the body that is the only
// node read from its element, so that the writer keeps the runs the edit did not touch. Headings
// are left out: their style's look (bold, often) is not in their marks.
function targetWord(original: DocxOriginal, markName: string): Target | undefined {
  for (const block of bodyTextblocks(original.doc)) {
    const id = block.node.attrs['sourceId'] as string | null;
    if (block.node.type.name !== 'paragraph' || id === null || carriersOf(original.doc, id) !== 1) continue;
    const word = wordWithout(block, markName);
    if (word) return { block, ...word };
  }
  return undefined;
}

interface MarkCase {
  readonly name: string;
  readonly original: DocxOriginal;
  readonly target: Target;
}

async function casesFor(markName: string): Promise<MarkCase[]> {
  const found: MarkCase[] = [];
  for (const name of FIXTURE_NAMES) {
    const original = await openFixture(name);
    const target = targetWord(original, markName);
    if (target) found.push({ name, original, target });
  }
  return found;
}

const boldCases = await casesFor('bold');
const linkCases = await casesFor('link');

// The XML that took the place of a recorded element's in the new text of the main part.
function replacementOf(original: DocxOriginal, after: string, block: Located): string {
  const element = sourceOf(original.sources, block.node);
  return after.slice(element.start, after.length - (original.sources.text.length - element.end));
}

describe('patchDocx after a word is made bold', () => {
  it.each(boldCases)('writes <w:b/> in $name only in the run that holds the word', async ({ original, target }) => {
    const doc = edited(original.doc, (state) => state.tr.addMark(target.from, target.to, bold));
    const bytes = await exportDocx(original, doc);
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(original.sources.partName)]);
    const before = xmlOf(original.sources, sourceOf(original.sources, target.block.node));
    const runs = elementsOf(replacementOf(original, (await partText(bytes, original.sources.partName))!, target.block), 'w:r');
    const newlyBold = runs.filter((run) => /<w:b\s*\/>/.test(run) && !before.includes(run));
    expect(newlyBold.map(textOf)).toEqual([target.word]);
  });

  it.each(boldCases)('re-reads $name with the bold mark on exactly that word', async ({ original, target }) => {
    const doc = edited(original.doc, (state) => state.tr.addMark(target.from, target.to, bold));
    const reread = await openDocx(await exportDocx(original, doc));
    const index = bodyTextblocks(original.doc).findIndex(({ node }) => node === target.block.node);
    const isBold = (mark: Mark): boolean => mark.type.name === 'bold';
    const expected = markMask(bodyTextblocks(doc)[index]!.node, isBold);
    const offset = target.block.node.textBetween(0, target.from - target.block.pos - 1, '', '').length;
    expect(expected.slice(offset, offset + target.word.length)).toBe('1'.repeat(target.word.length));
    expect(markMask(bodyTextblocks(original.doc)[index]!.node, isBold).slice(offset, offset + target.word.length)).toBe('0'.repeat(target.word.length));
    expect(markMask(bodyTextblocks(reread.doc)[index]!.node, isBold)).toBe(expected);
  });
});

describe('patchDocx after a link is added to a word', () => {
  it.each(linkCases)('adds one external hyperlink relationship to $name and a w:hyperlink with its id around the word', async ({ original, target }) => {
    const source = original.sources.partName;
    const doc = edited(original.doc, (state) => state.tr.addMark(target.from, target.to, link(URL_TARGET)));
    const bytes = await exportDocx(original, doc);
    const oldIds = new Set((await relationshipsOf(original.package.bytes, source)).map((r) => r.id));
    const added = (await relationshipsOf(bytes, source)).filter((r) => !oldIds.has(r.id));
    expect(added).toEqual([{ id: expect.any(String), type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink', target: URL_TARGET, external: true }]);
    const rels = (await partText(bytes, relationshipsPartNameFor(source)))!;
    expect(rels).toMatch(new RegExp(`<Relationship [^>]*Id="${added[0]!.id}"[^>]*TargetMode="External"`));
    const xml = replacementOf(original, (await partText(bytes, source))!, target.block);
    const hyperlinks = elementsOf(xml, 'w:hyperlink').filter((element) => new RegExp(`^<w:hyperlink [^>]*\\br:id="${added[0]!.id}"`).test(element));
    expect(hyperlinks.map(textOf)).toEqual([target.word]);
    expect(changedEntries(original.package.bytes, bytes).sort()).toEqual([entryName(source), entryName(relationshipsPartNameFor(source))].sort());
  });

  it.each(linkCases)('re-reads $name with the link on exactly that word', async ({ original, target }) => {
    const doc = edited(original.doc, (state) => state.tr.addMark(target.from, target.to, link(URL_TARGET)));
    const reread = await openDocx(await exportDocx(original, doc));
    const index = bodyTextblocks(original.doc).findIndex(({ node }) => node === target.block.node);
    const isOurLink = (mark: Mark): boolean => mark.type.name === 'link' && mark.attrs['href'] === URL_TARGET;
    const expected = markMask(bodyTextblocks(doc)[index]!.node, isOurLink);
    expect(expected).toContain('1');
    expect(markMask(bodyTextblocks(reread.doc)[index]!.node, isOurLink)).toBe(expected);
  });

  it('adds one relationship for two words linked to the same new URL', async () => {
    const original = await openFixture('pandoc-inline_formatting.docx');
    const blocks = bodyTextblocks(original.doc).filter(({ node }) => /\S/.test(node.textContent)).slice(0, 2);
    const words = blocks.map((block) => wordWithout(block, 'link')!);
    const doc = edited(original.doc, (state) => words.reduce((tr, word) => tr.addMark(word.from, word.to, link(URL_TARGET)), state.tr));
    const bytes = await exportDocx(original, doc);
    const source = original.sources.partName;
    const oldIds = new Set((await relationshipsOf(original.package.bytes, source)).map((r) => r.id));
    const added = (await relationshipsOf(bytes, source)).filter((r) => !oldIds.has(r.id));
    expect(added.map((r) => r.target)).toEqual([URL_TARGET]);
    const xml = (await partText(bytes, source))!;
    expect(elementsOf(xml, 'w:hyperlink').filter((element) => element.includes(`r:id="${added[0]!.id}"`)).map(textOf)).toEqual(words.map((word) => word.word));
  });

  it('uses the relationship the package already has for a URL it links to', async () => {
    const original = await openFixture('pandoc-links.docx');
    const source = original.sources.partName;
    const existing = (await relationshipsOf(original.package.bytes, source)).find((r) => r.external && r.type.endsWith('/hyperlink'))!;
    expect(existing).toBeDefined();
    const target = targetWord(original, 'link')!;
    const doc = edited(original.doc, (state) => state.tr.addMark(target.from, target.to, link(existing.target)));
    const bytes = await exportDocx(original, doc);
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(source)]);
    const xml = replacementOf(original, (await partText(bytes, source))!, target.block);
    expect(elementsOf(xml, 'w:hyperlink').filter((element) => element.includes(`r:id="${existing.id}"`)).map(textOf)).toContain(target.word);
  });

  it('declares the relationships namespace on the link when the main part does not', async () => {
    const documentXml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      '<w:p><w:r><w:t>Plain words here</w:t></w:r></w:p></w:body></w:document>';
    const original = await openDocx(buildTestDocx({ body: '', raw: { 'word/document.xml': documentXml } }));
    const target = targetWord(original, 'link')!;
    const doc = edited(original.doc, (state) => state.tr.addMark(target.from, target.to, link(URL_TARGET)));
    const bytes = await exportDocx(original, doc);
    const added = (await relationshipsOf(bytes, original.sources.partName)).filter((r) => r.target === URL_TARGET);
    expect(added).toHaveLength(1);
    const [hyperlink] = elementsOf((await partText(bytes, original.sources.partName))!, 'w:hyperlink');
    expect(hyperlink).toMatch(new RegExp(`^<w:hyperlink xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="${added[0]!.id}"`));
    const reread = await openDocx(bytes);
    const isOurLink = (mark: Mark): boolean => mark.type.name === 'link' && mark.attrs['href'] === URL_TARGET;
    expect(markMask(bodyTextblocks(reread.doc)[0]!.node, isOurLink)).toBe(markMask(bodyTextblocks(doc)[0]!.node, isOurLink));
  });
});
