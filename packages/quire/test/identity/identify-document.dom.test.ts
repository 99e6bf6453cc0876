// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifyDocument } from '../../src/identity/identify-document.js';
import { writeDocumentMetadata } from '../../src/identity/write-document-metadata.js';
import { buildDocx } from '../../../../test/support/docx-builder.js';

const sha = (data: string): string => createHash('sha256').update(data).digest('hex');

describe('identifyDocument in a browser-like environment', () => {
  it('identifies a File from the page, and its export after generating metadata', async () => {
    const bytes = buildDocx({ settings: false, core: false });
    const file = new window.File([bytes], 'upload.docx');
    const opened = await identifyDocument(file, { now: () => new Date('2025-01-01T00:00:30Z') });
    expect(opened.source).toBe('content');
    expect(opened.createdAt).toBe('2025-01-01T00:00:00Z');
    const exported = await writeDocumentMetadata(opened.bytes, opened);
    const reopened = await identifyDocument(new window.Blob([new Uint8Array(exported)]));
    expect(reopened.documentId).toBe(sha(`${opened.guid}|2025-01-01T00:00:00Z`));
  });
});
