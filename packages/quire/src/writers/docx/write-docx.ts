import type { Node } from 'prosemirror-model';
import { addDocumentMetadata } from '../../identity/write-document-metadata.js';
import { formatCreatedAt, generateDocumentMetadata, type DocumentMetadata } from '../../identity/generate-document-metadata.js';
import type { PaperSize } from '../../model/section-types.js';
import { editPackage } from '../../package/edit-package.js';
import { createBlankDocx } from './blank-docx.js';
import { addDocumentEdits } from './patch-docx.js';

/** Options of {@link writeDocx}. */
export interface WriteDocxOptions {
  /** Paper of sections that do not give their page size. Default `A4`. */
  readonly paperSize?: PaperSize;
  /** The clock for the modification time (and a new creation time). Default `() => new Date()`. */
  readonly now?: () => Date;
  /** Random source for a new document GUID. Default `crypto.getRandomValues`. */
  readonly getRandomValues?: (array: Uint8Array) => Uint8Array;
  /** Author written to the core properties (`dc:creator`). Default none. */
  readonly creator?: string;
  /** The GUID and creation time to write (a document the editor already identified); default new ones. */
  readonly metadata?: DocumentMetadata;
}

/**
 * Writes a document that was not read from a DOCX (Markdown, HTML, a new one) as a new DOCX, with
 * the one writer that also writes edits back into a DOCX: its blocks are written anew into a
 * blank package (`createBlankDocx`) by `addDocumentEdits`, so a document converted on the server
 * and one opened in the editor and exported are the same file. Word's styles (Heading 1 to 6,
 * Block Text, Source Code, Table Grid...), numbering for lists and numbered headings, links,
 * embedded `data:` images, footnotes, each section's page, headers and footers, the title in the
 * core properties, and the identity metadata (ARCHITECTURE.md, Document identity), all in one
 * write of the package. Throws a `TypeError` for invalid options or when `doc` is not a `doc` node.
 */
export async function writeDocx(doc: Node, options: WriteDocxOptions = {}): Promise<Uint8Array> {
  if (doc?.type?.name !== 'doc') throw new TypeError('writeDocx: `doc` must be a `doc` node of the Quire schema.');
  if (typeof options !== 'object' || options === null) throw new TypeError('writeDocx: `options` must be an object.');
  const paperSize = options.paperSize ?? 'A4';
  if (paperSize !== 'A4' && paperSize !== 'Letter') throw new TypeError('writeDocx: `paperSize` must be "A4" or "Letter".');
  for (const name of ['now', 'getRandomValues'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw new TypeError(`writeDocx: \`${name}\` must be a function.`);
  }
  if (options.creator !== undefined && typeof options.creator !== 'string') throw new TypeError('writeDocx: `creator` must be a string.');
  const now = (options.now ?? (() => new Date()))();
  const title = typeof doc.attrs['title'] === 'string' ? doc.attrs['title'] : null;
  const original = await createBlankDocx({ title, ...(options.creator !== undefined ? { creator: options.creator } : {}), modified: formatCreatedAt(now) });
  const edit = editPackage(original.package);
  await addDocumentEdits(edit, original, doc, { paperSize });
  const metadata = options.metadata ?? generateDocumentMetadata({ now: () => now, ...(options.getRandomValues ? { getRandomValues: options.getRandomValues } : {}) });
  await addDocumentMetadata(edit, metadata);
  return edit.toBytes();
}
