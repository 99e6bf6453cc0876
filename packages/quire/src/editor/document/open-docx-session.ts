import { identifyPackage } from '../../identity/identify-document.js';
import { readDocumentInput, type DocumentInput } from '../../input/read-document-input.js';
import { openPackage } from '../../package/open-package.js';
import { readDocxPackage } from '../../readers/docx/read-docx.js';
import { downloadNameOf, type DocumentSession } from './document-session.js';

/** I/O the open path can be given. */
export interface OpenDocxSessionOptions {
  /** Loads URL inputs; default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch | undefined;
}

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
  const [identity, read] = await Promise.all([identifyPackage(pkg), readDocxPackage(pkg, { keepSources: true, images: 'reference' })]);
  // The session keeps the package for pictures and exports; the parsed parts go, being the bulk
  // of its memory (an export parses the few parts it changes again).
  pkg.releaseParsedParts();
  return {
    doc: read.value,
    original: read.sources ? { package: pkg, doc: read.value, sources: read.sources } : null,
    identity: { documentId: identity.documentId, guid: identity.guid, createdAt: identity.createdAt },
    paragraphStyles: read.paragraphStyles,
    fileName: downloadNameOf(input),
    reported: true,
    messages: read.messages,
  };
}
