import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import type { DocxSources } from '../../../src/readers/index.js';
import { changedEntries, edited, entryName, exportDocx, FIXTURE_NAMES, openDocx, openFixture, typingPosition, type Located } from './patch-fixtures.js';

const TYPED = 'Quiretyped';

interface PartBlock {
  /** Where the block's container sits: `section <n> <kind> <variant>`, or `note <id>`. */
  readonly place: string;
  readonly block: Located;
  readonly story: DocxSources;
}

// For each header, footer and notes part read with sources, the first textblock with text of the first container read from it.
function partBlocks(doc: Node, sources: DocxSources): PartBlock[] {
  const stories = [...(sources.stories?.values() ?? [])];
  const found = new Map<string, PartBlock>();
  const visit = (container: Node, at: number, place: string): void => {
    let done = false;
    container.descendants((node, pos) => {
      if (done || !node.isTextblock) return !done;
      const story = stories.find((candidate) => candidate.elements.has(node.attrs['sourceId'] as string));
      if (!story || !/\p{L}/u.test(node.textContent)) return false;
      done = true;
      if (!found.has(story.partName)) found.set(story.partName, { place, block: { node, pos: at + 1 + pos }, story });
      return false;
    });
  };
  let section = 0;
  doc.forEach((child, offset) => {
    if (child.type.name === 'footnote') visit(child, offset, `note ${String(child.attrs['id'])}`);
    if (child.type.name !== 'section') return;
    child.forEach((part, partOffset) => {
      if (part.type.name === 'header_footer') visit(part, offset + 1 + partOffset, `section ${section} ${String(part.attrs['kind'])} ${String(part.attrs['variant'])}`);
    });
    section++;
  });
  return [...found.values()];
}

// The container at `place` in a document (see `PartBlock.place`).
function containerAt(doc: Node, place: string): Node | undefined {
  const [what, first, kind, variant] = place.split(' ');
  if (what === 'note') return doc.children.find((child) => child.type.name === 'footnote' && child.attrs['id'] === first);
  const section = doc.children.filter((child) => child.type.name === 'section')[Number(first)];
  return section?.children.find((child) => child.attrs['kind'] === kind && child.attrs['variant'] === variant);
}

describe('patchDocx of a typed header, footer or note in every fixture', () => {
  it('writes only the part of each typed header, footer and note, which reads back with the text typed', async () => {
    const wrong: string[] = [];
    let typed = 0;
    for (const name of FIXTURE_NAMES) {
      const original = await openFixture(name);
      for (const { place, block, story } of partBlocks(original.doc, original.sources)) {
        typed++;
        const at = typingPosition(story, block);
        const doc = edited(original.doc, (state) => state.tr.insertText(TYPED, at));
        const bytes = await exportDocx(original, doc);
        const changed = changedEntries(original.package.bytes, bytes);
        if (changed.join() !== entryName(story.partName)) wrong.push(`${name}, ${place}: changed ${changed.join(', ')}`);
        const reread = containerAt((await openDocx(bytes)).doc, place)?.textContent;
        if (reread !== containerAt(doc, place)?.textContent) wrong.push(`${name}, ${place}: reads back ${JSON.stringify(reread)}`);
      }
    }
    expect(typed).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
