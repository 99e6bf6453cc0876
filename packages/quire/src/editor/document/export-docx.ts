import type { Node } from 'prosemirror-model';
import { DocumentError } from '../../document-error.js';
import type { DocumentSession } from './document-session.js';

/** The media type of a DOCX (ECMA-376 Part 1, 11.3.10 and its IANA registration). */
export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Writes `doc`, the edited state of `session`'s document, as DOCX bytes: the patch writer puts the
 * edits into the original package (untouched parts byte for byte), or, for a document that has
 * none (Markdown, HTML, new), the one DOCX writer writes it anew, as a conversion on the server
 * does; the identity metadata is added where it is missing, in the same rewrite of the package.
 * The writers load on the first export, so pages that never export never download them. Rejects
 * with `DOCX_TOO_LARGE` for a document the reader cut short, and with the writers' errors.
 */
export async function exportDocx(session: DocumentSession, doc: Node): Promise<Uint8Array> {
  // The reader stopped at its text limit: what it did not read is not on screen, and an export
  // written from the screen would drop it.
  if (session.messages.some((message) => message.code === 'READER_INPUT_TRUNCATED')) {
    throw new DocumentError('DOCX_TOO_LARGE', 'This document has more text than the editor reads, so exporting it would lose the rest; it can be viewed but not exported.');
  }
  const writers = await import('./docx-writers.js');
  const metadata = { guid: session.identity.guid, createdAt: session.identity.createdAt };
  if (!session.original) return writers.writeDocx(doc, { metadata });
  const edit = writers.editPackage(session.original.package);
  await writers.addDocumentEdits(edit, session.original, doc);
  await writers.addDocumentMetadata(edit, metadata);
  return edit.toBytes();
}
