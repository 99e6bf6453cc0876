import { deriveDocumentId } from '../../identity/derive-document-id.js';
import { generateDocumentMetadata } from '../../identity/generate-document-metadata.js';
import { parseHtmlWithDom } from '../../readers/html/parse-html-with-dom.js';
import { readHtmlWithParser } from '../../readers/html/read-html-with-parser.js';
import type { ReadResult } from '../../model/read-result.js';
import { downloadNameOf, type DocumentSession } from './document-session.js';

/**
 * Reads a Markdown or HTML file into a new document. It has no DOCX original, so it gets a fresh
 * GUID and creation time, and its `documentId` derives from them (ARCHITECTURE.md, Document
 * identity). The Markdown reader loads on first use: pages that never import Markdown never
 * download it. HTML, raw HTML in Markdown included, is parsed by the browser (see
 * `parseHtmlWithDom`).
 */
export async function importTextSession(file: Blob, format: 'md' | 'html'): Promise<DocumentSession> {
  const text = await file.text();
  let read: ReadResult;
  if (format === 'md') {
    const { readMarkdownWithHtmlParser } = await import('../../readers/markdown/read-markdown-with-html-parser.js');
    read = readMarkdownWithHtmlParser(text, parseHtmlWithDom);
  } else {
    read = readHtmlWithParser(text, parseHtmlWithDom);
  }
  return createdSession(read, downloadNameOf(file), true);
}

/** Returns a session for a document made in the editor (imported, or empty), identified by fresh metadata. */
export async function createdSession(read: ReadResult, fileName: string, reported: boolean): Promise<DocumentSession> {
  const metadata = generateDocumentMetadata();
  const { documentId } = await deriveDocumentId({ ...metadata, bytes: new Uint8Array(0) });
  return {
    doc: read.value,
    original: null,
    identity: { documentId, guid: metadata.guid, createdAt: metadata.createdAt },
    paragraphStyles: [],
    fileName,
    reported,
    messages: read.messages,
  };
}
