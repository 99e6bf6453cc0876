import type { Node } from 'prosemirror-model';
import { DocumentError } from '../../document-error.js';
import { PAPER_SIZES } from '../../model/section-types.js';
import { openPackage } from '../../package/open-package.js';
import { readDocxPackage } from '../../readers/docx/read-docx.js';
import type { DocxOriginal } from '../../writers/docx-patch/patch-docx.js';
import type { DocumentSession } from './document-session.js';

/** The media type of a DOCX (ECMA-376 Part 1, 11.3.10 and its IANA registration). */
export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Writes `doc`, the edited state of `session`'s document, as DOCX bytes: the patch writer puts the
 * edits into the original package (untouched parts byte for byte), or into a blank DOCX with
 * Word's usual styles for a document that has none (Markdown, HTML, new), and the identity
 * metadata is added where it is missing, both in one rewrite of the package. The writers load on
 * the first export, so pages that never export never download them. Rejects with
 * `DOCX_TOO_LARGE` for a document the reader cut short, and with the writers' errors.
 */
export async function exportDocx(session: DocumentSession, doc: Node): Promise<Uint8Array> {
  // The reader stopped at its text limit: what it did not read is not on screen, and an export
  // written from the screen would drop it.
  if (session.messages.some((message) => message.code === 'READER_INPUT_TRUNCATED')) {
    throw new DocumentError('DOCX_TOO_LARGE', 'This document has more text than the editor reads, so exporting it would lose the rest; it can be viewed but not exported.');
  }
  const writers = await import('./docx-writers.js');
  const original = session.original ?? (await blankOriginal(writers.createBlankDocx, doc));
  const edit = writers.editPackage(original.package);
  await writers.addDocumentEdits(edit, original, doc);
  await writers.addDocumentMetadata(edit, { guid: session.identity.guid, createdAt: session.identity.createdAt });
  return edit.toBytes();
}

// The blank package is read like any DOCX, so that the patch writer finds its sources.
async function blankOriginal(createBlankDocx: (paper?: 'a4' | 'letter') => Promise<Uint8Array>, doc: Node): Promise<DocxOriginal> {
  const width = (doc.firstChild?.attrs['pageSize'] as { width?: unknown } | null | undefined)?.width;
  const pkg = openPackage(await createBlankDocx(width === PAPER_SIZES.Letter.width ? 'letter' : 'a4'));
  const read = await readDocxPackage(pkg, { keepSources: true });
  if (!read.sources) throw new Error('The blank DOCX has no main document part.');
  return { package: pkg, doc: read.value, sources: read.sources };
}
