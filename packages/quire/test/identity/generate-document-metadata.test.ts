import { describe, expect, it } from 'vitest';
import { formatCreatedAt, generateDocumentMetadata } from '../../src/identity/generate-document-metadata.js';

describe('generateDocumentMetadata', () => {
  it('builds an upper-case UUID v4 from the injected random bytes', () => {
    const { guid } = generateDocumentMetadata({
      getRandomValues: (array) => array.fill(0xff),
      now: () => new Date(0),
    });
    // Version nibble 4 and variant bits 10 are forced (RFC 9562 §5.4).
    expect(guid).toBe('FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF');
    const zeros = generateDocumentMetadata({ getRandomValues: (array) => array.fill(0) }).guid;
    expect(zeros).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('gives different GUIDs from the real random source and never calls randomUUID', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: () => { throw new Error('randomUUID used'); }, configurable: true });
    try {
      const a = generateDocumentMetadata().guid;
      const b = generateDocumentMetadata().guid;
      expect(a).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('stamps the current UTC time at minute precision', () => {
    const { createdAt } = generateDocumentMetadata({ now: () => new Date('2025-03-04T05:06:59.999+02:00') });
    expect(createdAt).toBe('2025-03-04T03:06:00Z');
  });
});

describe('formatCreatedAt', () => {
  it('drops seconds and milliseconds and writes Z', () => {
    expect(formatCreatedAt(new Date(Date.UTC(1999, 11, 31, 23, 59, 30)))).toBe('1999-12-31T23:59:00Z');
  });
});
