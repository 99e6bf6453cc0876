import { describe, expect, it } from 'vitest';
import type { DocxOriginal } from '../../../src/writers/docx/index.js';
import {
  bodyTextblocks,
  carriersOf,
  changedEntries,
  edited,
  entryName,
  exportDocx,
  FIXTURE_NAMES,
  openDocx,
  openFixture,
  partText,
  sourceOf,
  xmlOf,
  type Located,
} from './patch-fixtures.js';

// The first paragraph with text directly in a section that is not its section's last block, holds
// no section break and is the only node read from its element: deleting it changes nothing else.
function deletable(original: DocxOriginal): Located | undefined {
  let found: Located | undefined;
  original.doc.forEach((section, sectionOffset) => {
    if (found || section.type.name !== 'section') return;
    section.forEach((block, offset, index) => {
      const id = block.attrs['sourceId'] as string | null;
      if (found || block.type.name !== 'paragraph' || id === null || index === section.childCount - 1 || !/\S/.test(block.textContent)) return;
      if (carriersOf(original.doc, id) !== 1 || xmlOf(original.sources, sourceOf(original.sources, block)).includes('<w:sectPr')) return;
      found = { node: block, pos: sectionOffset + 1 + offset };
    });
  });
  return found;
}

const cases: { name: string; original: DocxOriginal }[] = [];
for (const name of FIXTURE_NAMES) {
  const original = await openFixture(name);
  if (deletable(original)) cases.push({ name, original });
}

describe('patchDocx after a whole paragraph is deleted', () => {
  it.each(cases)('removes exactly the XML of the paragraph from the main part of $name and changes no other entry', async ({ original }) => {
    const paragraph = deletable(original)!;
    const element = sourceOf(original.sources, paragraph.node);
    const doc = edited(original.doc, (state) => state.tr.delete(paragraph.pos, paragraph.pos + paragraph.node.nodeSize));
    const bytes = await exportDocx(original, doc);
    const before = original.sources.text;
    expect(await partText(bytes, original.sources.partName)).toBe(before.slice(0, element.start) + before.slice(element.end));
    expect(changedEntries(original.package.bytes, bytes)).toEqual([entryName(original.sources.partName)]);
  });

  it.each(cases)('re-reads $name without the paragraph and with every other one', async ({ original }) => {
    const paragraph = deletable(original)!;
    const doc = edited(original.doc, (state) => state.tr.delete(paragraph.pos, paragraph.pos + paragraph.node.nodeSize));
    const reread = await openDocx(await exportDocx(original, doc));
    const texts = bodyTextblocks(reread.doc).map(({ node }) => node.textContent);
    expect(texts).toEqual(bodyTextblocks(doc).map(({ node }) => node.textContent));
    expect(texts).toHaveLength(bodyTextblocks(original.doc).length - 1);
  });
});
