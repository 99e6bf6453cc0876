import { describe, expect, it } from 'vitest';
import { createLicenceKey } from '../../src/accounts/licence-key.js';

const fixedBytes = (n: number) => new Uint8Array(n).fill(7);

describe('createLicenceKey', () => {
  it('makes lk_, the organisation name as a readable slug, and 17 random base62 characters', () => {
    expect(createLicenceKey('Acme Corp.', fixedBytes)).toMatch(/^lk_acme-corp_[0-9A-Za-z]{17}$/);
    expect(createLicenceKey('Société Générale', fixedBytes)).toMatch(/^lk_societe-generale_/);
  });

  it('bounds the slug and falls back to "org" for a name without letters or digits', () => {
    expect(createLicenceKey('An organisation with a very long name indeed', fixedBytes)).toMatch(/^lk_an-organisation-with-a-v_[0-9A-Za-z]{17}$/);
    expect(createLicenceKey('***', fixedBytes)).toMatch(/^lk_org_/);
  });

  it('gives different keys for different random bytes, and never the shape of a secret sd_ key', () => {
    const one = createLicenceKey('Acme', (n) => new Uint8Array(n).fill(1));
    const two = createLicenceKey('Acme', (n) => new Uint8Array(n).fill(2));
    expect(one).not.toBe(two);
    expect(one.startsWith('sd_')).toBe(false);
    expect(one).toMatch(/^[\x21-\x7E]+$/);
  });
});
