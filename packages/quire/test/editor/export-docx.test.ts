import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDocumentError } from '../../src/document-error.js';
import { identifyDocument } from '../../src/identity/identify-document.js';
import { exportDocx } from '../../src/editor/document/export-docx.js';
import type { DocumentSession } from '../../src/editor/document/document-session.js';
import { readDocx } from '../../src/readers/docx/read-docx.js';

async function sessionOf(maxLength?: number): Promise<DocumentSession> {
  const bytes = new Uint8Array(readFileSync(new URL('../../../../test/fixtures/docx/pandoc-headers.docx', import.meta.url)));
  const read = await readDocx(bytes, { keepSources: true, images: 'reference', ...(maxLength === undefined ? {} : { maxLength }) });
  const { documentId, guid, createdAt } = await identifyDocument(bytes);
  const identity = { documentId, guid, createdAt };
  return { doc: read.value, original: { bytes, doc: read.value, sources: read.sources! }, identity, paragraphStyles: [], fileName: 'x.docx', reported: true, messages: read.messages };
}

describe('exportDocx', () => {
  it('refuses to export a document the reader cut short at its text limit, so that no text is lost', async () => {
    const session = await sessionOf(20);
    expect(session.messages.map((message) => message.code)).toContain('READER_INPUT_TRUNCATED');
    const error = await exportDocx(session, session.doc).catch((caught: unknown) => caught);
    expect(isDocumentError(error) && error.code).toBe('DOCX_TOO_LARGE');
  });

  it('exports a document read in full, with its identity written in', async () => {
    const session = await sessionOf();
    const bytes = await exportDocx(session, session.doc);
    const reread = await readDocx(bytes);
    expect(reread.value.textContent).toBe(session.doc.textContent);
    const written = await identifyDocument(bytes);
    expect(written.source).toBe('metadata');
    expect([written.guid, written.createdAt]).toEqual([session.identity.guid, session.identity.createdAt]);
  });
});
