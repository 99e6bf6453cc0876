import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveDocumentId } from '../../src/identity/derive-document-id.js';
import { normalizeGuid } from '../../src/identity/normalize-guid.js';

const sha = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
const bytes = new TextEncoder().encode('PK fake bytes');

describe('deriveDocumentId', () => {
  it('hashes GUID|timestamp when both exist', async () => {
    const id = await deriveDocumentId({ guid: 'ABC', createdAt: '2020-01-01T00:00:00Z', bytes });
    expect(id).toEqual({ documentId: sha('ABC|2020-01-01T00:00:00Z'), source: 'metadata' });
  });

  it('returns the same id when only the bytes changed', async () => {
    const a = await deriveDocumentId({ guid: 'ABC', createdAt: 'T', bytes });
    const b = await deriveDocumentId({ guid: 'ABC', createdAt: 'T', bytes: new Uint8Array([1]) });
    expect(a.documentId).toBe(b.documentId);
  });

  it('hashes the raw bytes when the GUID or the timestamp is missing', async () => {
    for (const input of [{ guid: 'ABC' }, { createdAt: 'T' }, {}, { guid: '', createdAt: 'T' }]) {
      expect(await deriveDocumentId({ ...input, bytes })).toEqual({ documentId: sha(bytes), source: 'content' });
    }
  });
});

describe('normalizeGuid', () => {
  it('strips braces and white space and upper-cases', () => {
    expect(normalizeGuid(' {e63fbcc5-ac71-4d9c-ae5e-01aae9557b09}\n')).toBe('E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09');
  });

  it('treats anything that is not an 8-4-4-4-12 GUID as missing', () => {
    for (const value of ['', '{}', '0872B0DA', 'E63FBCC5AC714D9CAE5E01AAE9557B09', 'not-a-guid', undefined, null]) {
      expect(normalizeGuid(value)).toBeUndefined();
    }
  });
});
