// One colour per author for the editor and the PDF: the style sheet's slots are AUTHOR_COLOURS.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHOR_COLOURS, authorColour, authorColourSlot, AuthorColourSlots, build, documentAuthors } from '../../../src/model/index.js';

const { doc, section, p, ins, del } = build;
const change = (author: string) => ({ id: author, author, date: null, move: null });

describe('author colours', () => {
  it('are the colours the editor\'s style sheet gives the author slots, in slot order', () => {
    const css = readFileSync(join(import.meta.dirname, '../../../src/editor/style.css'), 'utf8');
    const slots = [...css.matchAll(/--quire-author-(\d+):\s*#([0-9a-f]{6})/gi)].map((match) => [Number(match[1]), match[2]!.toUpperCase()] as const);
    expect(slots.map(([slot]) => slot)).toEqual(AUTHOR_COLOURS.map((_, slot) => slot));
    expect(slots.map(([, colour]) => colour)).toEqual(AUTHOR_COLOURS);
  });

  it('give an author the colour of the author\'s slot, the same every time', () => {
    for (const author of ['Ada Lovelace', 'Grace Hopper', '', 'Nick Bernal']) {
      expect(authorColour(author)).toBe(AUTHOR_COLOURS[authorColourSlot(author)]);
      expect(authorColour(author)).toBe(authorColour(`${author}`));
    }
  });

  it('list a document\'s reviewers in the order they first come: changes in the text, paragraph marks, then comments', () => {
    const model = doc(
      section(
        p(ins(change('Bo'), 'new'), ' text ', del(change('Ann'), 'old')),
        p({ markChange: { kind: 'insertion', id: '9', author: 'Cy', date: null } }, ins(change('Bo'), 'again')),
      ),
    );
    const commented = model.type.create({ ...model.attrs, comments: [{ id: '1', author: 'Dee', paragraphs: [] }, { id: '2', author: 'Ann', paragraphs: [] }] }, model.content);
    expect(documentAuthors(commented)).toEqual(['Bo', 'Ann', 'Cy', 'Dee']);
  });

  it('give the first eight authors eight colours in order, then repeat, and each new author the next one', () => {
    const slots = new AuthorColourSlots(['A', 'B', 'C']);
    expect(['A', 'B', 'C'].map((author) => slots.slotOf(author))).toEqual([0, 1, 2]);
    expect(slots.colourOf('New')).toBe(AUTHOR_COLOURS[3]);
    expect(slots.slotOf('A')).toBe(0);
    for (const author of ['E', 'F', 'G', 'H']) slots.slotOf(author);
    expect(slots.slotOf('Ninth')).toBe(0);
    expect(slots.entries().map(([author]) => author)).toEqual(['A', 'B', 'C', 'New', 'E', 'F', 'G', 'H', 'Ninth']);
  });
});
