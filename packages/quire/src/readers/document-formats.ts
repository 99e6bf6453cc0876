// The one vocabulary of input formats, for the editor's import and for conversion: their names,
// what a file name or media type declares, and what text that declares nothing looks like.

/** The formats Quire reads: a Word document, Markdown, HTML. */
export type DocumentFormat = 'docx' | 'md' | 'html';

/** Every {@link DocumentFormat}, in the order they are listed to people. */
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['docx', 'md', 'html'];

const BY_EXTENSION: Readonly<Record<string, DocumentFormat>> = {
  docx: 'docx',
  docm: 'docx',
  md: 'md',
  markdown: 'md',
  mdown: 'md',
  mkd: 'md',
  mkdn: 'md',
  txt: 'md',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
};

const BY_MEDIA_TYPE: Readonly<Record<string, DocumentFormat>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/plain': 'md',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};

/** Returns the format a file name's extension stands for (`notes.md` is `md`), if any; a path's folders are ignored. */
export function formatFromFileName(fileName: string | undefined): DocumentFormat | undefined {
  if (!fileName) return undefined;
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return BY_EXTENSION[base.slice(dot + 1).toLowerCase()];
}

/** Returns the format a media type stands for (`text/markdown; charset=utf-8` is `md`), if any. */
export function formatFromMediaType(mediaType: string | undefined): DocumentFormat | undefined {
  const essence = mediaType?.split(';')[0]?.trim().toLowerCase();
  return essence ? BY_MEDIA_TYPE[essence] : undefined;
}

/** How many leading bytes of a file that declares no format tell it apart ({@link looksLikeHtml}). */
export const FORMAT_SNIFF_BYTES = 64 * 1024;

/** Whether `bytes` start as a zip archive does (a DOCX is one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

// Markdown may begin with raw HTML (a centred logo in a README), so a leading tag counts as HTML
// only when no Markdown block syntax follows.
const MARKDOWN_BLOCK = /^(#{1,6}[ \t]|```|~~~|[ \t]*[-*+][ \t]|[ \t]*\d{1,9}[.)][ \t]|>[ \t])/m;

/**
 * Whether text whose name says nothing is HTML rather than Markdown, from its first bytes: a
 * doctype or `<html>`, or a leading tag with `<html>`, `<head>` or `<body>` or no Markdown block
 * syntax after it. A byte order mark, white space, an XML declaration and comments are skipped.
 */
export function looksLikeHtml(sample: Uint8Array): boolean {
  let text = new TextDecoder('latin1').decode(sample);
  text = text.replace(/^\u00ef\u00bb\u00bf/, '');
  text = text.replace(/^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->)+/, '');
  if (/^<!doctype\s+html[\s>]/i.test(text) || /^<html[\s>]/i.test(text)) return true;
  if (!/^<[a-z][a-z0-9-]*[\s/>]/i.test(text)) return false;
  return /<(html|head|body)[\s>]/i.test(text) || !MARKDOWN_BLOCK.test(text);
}
