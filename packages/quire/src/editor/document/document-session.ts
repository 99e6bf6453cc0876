import type { Node } from 'prosemirror-model';
import type { DocumentReview } from '../../model/review/document-review.js';
import type { ReaderWarning } from '../../model/read-result.js';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import type { DocxOriginal } from '../../writers/docx/patch-docx.js';

/** The identity a document is reported and exported with. */
export interface SessionIdentity {
  readonly documentId: string;
  readonly guid: string;
  readonly createdAt: string;
}

/**
 * One document as the editor holds it from open (or import) to the next: what was read, where it
 * came from and who it is. The edited document lives in the view's state, never here.
 */
export interface DocumentSession {
  /** The document as read, before any edit. */
  readonly doc: Node;
  /** The DOCX it was read from, for writing edits back into; null for Markdown, HTML and new documents. */
  readonly original: DocxOriginal | null;
  readonly identity: SessionIdentity;
  /** The document's paragraph styles; empty for documents that have none of their own. */
  readonly paragraphStyles: readonly ParagraphStyleInfo[];
  /** The name a download gets by default, ending in `.docx`. */
  readonly fileName: string;
  /** Whether the document was opened or imported (and therefore reported), rather than started empty. */
  readonly reported: boolean;
  /** What the reader could not keep. */
  readonly messages: readonly ReaderWarning[];
  /** Only the first pages of a long document, shown while the whole is read: never exported or reported. */
  readonly partial?: boolean;
  /** The comments and reviewers read with the document (their ranges are `comment` marks in `doc`); absent: none. */
  readonly review?: DocumentReview;
}

/** The name a download of a document read from `input` gets: its own base name with `.docx`, else `document.docx`. */
export function downloadNameOf(input: unknown): string {
  let name = '';
  if (typeof input === 'object' && input !== null && typeof (input as File).name === 'string') name = (input as File).name;
  else if (typeof input === 'string' || (typeof input === 'object' && input !== null && typeof (input as URL).pathname === 'string')) {
    try {
      const url = new URL(String(input), 'http://name.invalid/');
      name = url.protocol === 'data:' ? '' : decodeURIComponent(url.pathname.split('/').pop() ?? '');
    } catch {
      name = '';
    }
  }
  const base = name.replace(/\.[^.]*$/, '').trim();
  return `${base === '' ? 'document' : base}.docx`;
}
