import { readFileSync } from 'node:fs';
import { Transform } from 'prosemirror-transform';
import { describe, expect, it, vi } from 'vitest';
import { isDocumentError } from '../../src/document-error.js';
import { identifyDocument } from '../../src/identity/identify-document.js';
import { exportDocx } from '../../src/editor/document/export-docx.js';
import type { DocumentSession } from '../../src/editor/document/document-session.js';
import { openPackage } from '../../src/package/open-package.js';
import * as zipRewriter from '../../src/package/rewrite-zip.js';
import { readDocx } from '../../src/readers/docx/read-docx.js';

// Every zip rewrite of the package layer, counted through its module.
vi.mock('../../src/package/rewrite-zip.js', async (importOriginal) => {
  const original = await importOriginal<typeof zipRewriter>();
  return { ...original, rewriteZip: vi.fn(original.rewriteZip) };
});

async function sessionOf(maxLength?: number): Promise<DocumentSession> {
  const bytes = new Uint8Array(readFileSync(new URL('../../../../test/fixtures/docx/pandoc-headers.docx', import.meta.url)));
  const read = await readDocx(bytes, { keepSources: true, images: 'reference', ...(maxLength === undefined ? {} : { maxLength }) });
  const { documentId, guid, createdAt } = await identifyDocument(bytes);
  const identity = { documentId, guid, createdAt };
  return { doc: read.value, original: { package: openPackage(bytes), doc: read.value, sources: read.sources! }, identity, paragraphStyles: [], fileName: 'x.docx', reported: true, messages: read.messages };
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

  it('writes the edits and the identity metadata in one rewrite of the package', async () => {
    const session = await sessionOf();
    let at = -1;
    session.doc.descendants((node, pos) => {
      if (at < 0 && node.isTextblock && node.textContent !== '') at = pos + 1;
      return at < 0;
    });
    const edited = new Transform(session.doc).insert(at, session.doc.type.schema.text('Edited: ')).doc;
    vi.mocked(zipRewriter.rewriteZip).mockClear();
    const bytes = await exportDocx(session, edited);
    expect(vi.mocked(zipRewriter.rewriteZip)).toHaveBeenCalledTimes(1);
    expect((await readDocx(bytes)).value.textContent).toContain('Edited: ');
    const written = await identifyDocument(bytes);
    expect([written.source, written.guid, written.createdAt]).toEqual(['metadata', session.identity.guid, session.identity.createdAt]);
  });
});
