import { characterEntities } from 'character-entities';
import { decodeHTMLStrict as decodeWithEntities } from 'entities';
import { describe, expect, it } from 'vitest';
import { decodeHTMLStrict } from '../../../src/readers/markdown/markdown-it-entities.js';

// The build gives markdown-it this module in place of `entities`; it must decode what markdown-it
// hands it (one `&name;` at a time) exactly as `entities` does.
describe('decodeHTMLStrict (markdown-it without the entity table)', () => {
  it('decodes every named reference as the entities package does', () => {
    for (const name of Object.keys(characterEntities)) {
      expect(decodeHTMLStrict(`&${name};`), name).toBe(decodeWithEntities(`&${name};`));
    }
  });

  it('leaves unknown names, references without their semicolon and numeric references as written', () => {
    for (const text of ['&nosuchname;', '&copy', '&#169;', '&#xA9;', '&;', 'plain']) expect(decodeHTMLStrict(text)).toBe(text);
  });
});
