import { describe, expect, it } from 'vitest';
import { writeDocumentMetadata } from '../../src/index.js';
import { writeDocumentMetadata as writeDocumentMetadataNow } from '../../src/identity/write-document-metadata.js';
import { buildDocx } from '../../../../test/support/docx-builder.js';

const metadata = { guid: 'E63FBCC5-AC71-4D9C-AE5E-01AAE9557B09', createdAt: '2023-10-09T10:28:00Z' };

describe('writeDocumentMetadata as quire exports it, its writer loaded on the first call', () => {
  it('resolves to the same bytes as the writer itself, with the same options', async () => {
    const bytes = buildDocx({ settings: {}, core: {} });
    expect(await writeDocumentMetadata(bytes, metadata)).toEqual(await writeDocumentMetadataNow(bytes, metadata));
    const limits = { limits: { maxEntries: 1 } };
    await expect(writeDocumentMetadata(bytes, metadata, limits)).rejects.toEqual(await writeDocumentMetadataNow(bytes, metadata, limits).catch((error: unknown) => error));
  });

  it('rejects with INPUT_INVALID for a malformed GUID, as the writer does', async () => {
    await expect(writeDocumentMetadata(buildDocx({}), { ...metadata, guid: 'not a guid' })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});
