import { identifyPackage, type DocumentIdentity } from '../../identity/identify-document.js';
import { readDocumentInput, type DocumentInput } from '../../input/read-document-input.js';
import { findDocumentParts } from '../../package/find-document-parts.js';
import { openPackage, type OpcPackage } from '../../package/open-package.js';
import { readDocxPackage, readDocxStartFirst, type DocxReadResult } from '../../readers/docx/read-docx.js';
import { downloadNameOf, type DocumentSession } from './document-session.js';

/** I/O the open path can be given. */
export interface OpenDocxSessionOptions {
  /** Loads URL inputs; default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /**
   * Given the first pages of a long document before the whole is read (see `readDocxStartFirst`), to
   * show them at once; the whole read waits until the returned promise settles, so that they can
   * be painted first. Not called for a document read as quickly whole.
   */
  readonly onStart?: ((start: DocumentSession) => Promise<void>) | undefined;
}

// The first pages are read from about this much of the main part's XML (some 3 pages of text)...
const START_CHARACTERS = 32 * 1024;
// ...when the part is at least this long; a shorter one is read whole about as quickly.
const LONG_MAIN_PART_BYTES = 8 * START_CHARACTERS;

/**
 * Reads a DOCX for editing: its identity (GUID, creation time, `documentId`; missing metadata
 * generated) and its content with the sources a patch writer needs, pictures by part name so
 * that they are inflated only when shown. Identity, reader, pictures and the export share one
 * opened package: the zip directory is read once and no part is inflated twice while opening.
 * Rejects with a `DocumentError` for unreadable input.
 */
export async function openDocxSession(input: DocumentInput, options: OpenDocxSessionOptions = {}): Promise<DocumentSession> {
  const bytes = await readDocumentInput(input, options.fetch ? { fetch: options.fetch } : {});
  const pkg = openPackage(bytes);
  const identifying = identifyPackage(pkg);
  const { onStart } = options;
  const readOptions = { keepSources: true, images: 'reference' } as const;
  const reading = onStart && (await isLong(pkg))
    ? readDocxStartFirst(pkg, { maxCharacters: START_CHARACTERS, onStart: async (start) => onStart(sessionOf(input, pkg, await identifying, start, true)) }, readOptions)
    : readDocxPackage(pkg, readOptions);
  const [identity, read] = await Promise.all([identifying, reading]);
  // The session keeps the package for pictures and exports; the parsed parts go, being the bulk
  // of its memory (an export parses the few parts it changes again).
  pkg.releaseParsedParts();
  return sessionOf(input, pkg, identity, read, false);
}

// Whether the main part is long enough for its first pages to be worth showing first; errors are
// left for the whole read to report.
async function isLong(pkg: OpcPackage): Promise<boolean> {
  try {
    const { main } = await findDocumentParts(pkg);
    return (pkg.entryOf(main)?.uncompressedSize ?? 0) >= LONG_MAIN_PART_BYTES;
  } catch {
    return false;
  }
}

function sessionOf(input: DocumentInput, pkg: OpcPackage, identity: DocumentIdentity, read: DocxReadResult, partial: boolean): DocumentSession {
  return {
    doc: read.value,
    original: read.sources ? { package: pkg, doc: read.value, sources: read.sources } : null,
    identity: { documentId: identity.documentId, guid: identity.guid, createdAt: identity.createdAt },
    paragraphStyles: read.paragraphStyles,
    fileName: downloadNameOf(input),
    reported: true,
    messages: read.messages,
    partial,
    review: read.review,
  };
}
