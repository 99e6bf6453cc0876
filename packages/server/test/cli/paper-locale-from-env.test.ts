import { describe, expect, it } from 'vitest';
import { paperLocaleFromEnv } from '../../src/cli/paper-locale-from-env.js';

describe('paperLocaleFromEnv', () => {
  it('reads LC_ALL, then LC_PAPER, then LANG, as a BCP 47 tag', () => {
    expect(paperLocaleFromEnv({ LANG: 'en_US.UTF-8' })).toBe('en-US');
    expect(paperLocaleFromEnv({ LANG: 'en_US.UTF-8', LC_PAPER: 'de_DE.UTF-8' })).toBe('de-DE');
    expect(paperLocaleFromEnv({ LANG: 'en_US.UTF-8', LC_PAPER: 'de_DE', LC_ALL: 'fr_CA.UTF-8@euro' })).toBe('fr-CA');
  });

  it('gives nothing for the C and POSIX locales, empty values or junk', () => {
    expect(paperLocaleFromEnv({})).toBeUndefined();
    expect(paperLocaleFromEnv({ LANG: 'C.UTF-8' })).toBeUndefined();
    expect(paperLocaleFromEnv({ LC_ALL: '', LANG: 'POSIX' })).toBeUndefined();
    expect(paperLocaleFromEnv({ LANG: '!!' })).toBeUndefined();
  });
});
