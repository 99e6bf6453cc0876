import type { InputFormat } from '../../engine.js';
import { disableRefreshBytes, HTML_CONTENT_SECURITY_POLICY, restrictHtmlResources } from './restrict-html-resources.js';

/** A Gotenberg 8 request: the route (relative to the base URL) and its multipart form. */
export interface GotenbergForm {
  /** Route path, e.g. `/forms/libreoffice/convert`. */
  path: string;
  form: FormData;
}

// File names Gotenberg sees. Its LibreOffice route picks the import filter by extension, and its
// Chromium routes require the page to be called index.html.
const DOCX_NAME = 'document.docx';
const MARKDOWN_NAME = 'document.md';

/**
 * Returns the Gotenberg 8 route and form for converting `input` to PDF: `files=document.docx` to
 * `/forms/libreoffice/convert`; `files=index.html` to `/forms/chromium/convert/html`; and
 * `files=index.html` (a template calling `toHTML`) plus `files=document.md` to
 * `/forms/chromium/convert/markdown`. HTML pages carry a policy that blocks every fetch.
 */
export function buildGotenbergForm(input: Uint8Array, from: InputFormat): GotenbergForm {
  const form = new FormData();
  if (from === 'docx') {
    form.append('files', blobOf(input, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), DOCX_NAME);
    return { path: '/forms/libreoffice/convert', form };
  }
  if (from === 'html') {
    form.append('files', blobOf(restrictHtmlResources(input), 'text/html'), 'index.html');
    return { path: '/forms/chromium/convert/html', form };
  }
  form.append('files', new Blob([markdownTemplate()], { type: 'text/html' }), 'index.html');
  form.append('files', blobOf(disableRefreshBytes(input), 'text/markdown'), MARKDOWN_NAME);
  return { path: '/forms/chromium/convert/markdown', form };
}

/** Returns the `index.html` of a Markdown conversion: Gotenberg's Go template renders the file into it. */
export function markdownTemplate(): string {
  return (
    '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n' +
    `<meta http-equiv="Content-Security-Policy" content="${HTML_CONTENT_SECURITY_POLICY}">\n` +
    `</head>\n<body>\n{{ toHTML "${MARKDOWN_NAME}" }}\n</body>\n</html>\n`
  );
}

function blobOf(bytes: Uint8Array, type: string): Blob {
  // Copy into a fresh ArrayBuffer: a view into a larger or shared buffer is not a BlobPart.
  return new Blob([bytes.slice()], { type });
}
