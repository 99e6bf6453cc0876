import { FORMAT_SNIFF_BYTES, formatFromFileName, formatFromMediaType, looksLikeHtml, looksLikeZip, type DocumentFormat } from '../../readers/document-formats.js';

/** Returns the format a file's name (extension) or media type declares, or undefined when neither says. */
export function declaredImportFormat(file: Blob): DocumentFormat | undefined {
  const name = typeof (file as File).name === 'string' ? (file as File).name : undefined;
  return formatFromFileName(name) ?? formatFromMediaType(typeof file.type === 'string' ? file.type : undefined);
}

/**
 * Returns the format of a file to import: from its name's extension, else its media type, else
 * its first bytes (a zip is a DOCX, text that starts like an HTML document is HTML, other text
 * Markdown), as conversion tells them apart.
 */
export async function detectImportFormat(file: Blob): Promise<DocumentFormat> {
  const declared = declaredImportFormat(file);
  if (declared) return declared;
  const head = new Uint8Array(await file.slice(0, FORMAT_SNIFF_BYTES).arrayBuffer());
  if (looksLikeZip(head)) return 'docx';
  return looksLikeHtml(head) ? 'html' : 'md';
}
