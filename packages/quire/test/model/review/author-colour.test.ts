// One colour per author for the editor and the PDF: the style sheet's slots are AUTHOR_COLOURS.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHOR_COLOURS, authorColour, authorColourSlot } from '../../../src/model/index.js';

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
});
