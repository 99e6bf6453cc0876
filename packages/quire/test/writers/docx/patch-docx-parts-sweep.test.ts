import { describe, expect, it } from 'vitest';
import { changedEntries, containerAt, edited, entryName, exportDocx, FIXTURE_NAMES, openDocx, openFixture, partTextblocks, typingPosition } from './patch-fixtures.js';

const TYPED = 'Quiretyped';

describe('patchDocx of a typed header, footer or note in every fixture', () => {
  it('writes only the part of each typed header, footer and note, which reads back with the text typed', async () => {
    const wrong: string[] = [];
    let typed = 0;
    for (const name of FIXTURE_NAMES) {
      const original = await openFixture(name);
      for (const { place, block, story } of partTextblocks(original.doc, original.sources)) {
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
