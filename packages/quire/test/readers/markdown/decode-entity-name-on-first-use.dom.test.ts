// @vitest-environment happy-dom
import { characterEntities } from 'character-entities';
import { describe, expect, it } from 'vitest';
import { decodeNamedCharacterReference } from '../../../src/readers/markdown/decode-entity-name-on-first-use.js';

describe('decodeNamedCharacterReference (the script-tag build, decoding through the DOM)', () => {
  it('decodes entity names as the table of decode-named-character-reference does', () => {
    for (const name of ['copy', 'amp', 'Aacute', 'hellip', 'NotNestedGreaterGreater', 'semi', 'fjlig']) {
      expect(decodeNamedCharacterReference(name), name).toBe(characterEntities[name as keyof typeof characterEntities]);
    }
  });

  it('returns false for unknown names and for legacy prefixes of longer names', () => {
    expect(decodeNamedCharacterReference('nosuchname')).toBe(false);
    expect(decodeNamedCharacterReference('notit')).toBe(false);
  });
});
