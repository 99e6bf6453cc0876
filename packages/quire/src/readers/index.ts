// `quire/readers`: the readers that turn DOCX, HTML and Markdown into the document model. The HTML
// and Markdown readers take the HTML parser as a parameter (the browser's DOMParser through
// `parseHtmlWithDom`, or a Node parser such as @quire/convert's), so that this entry needs no DOM.
export { DOCUMENT_FORMATS, FORMAT_SNIFF_BYTES, formatFromFileName, formatFromMediaType, looksLikeHtml, looksLikeZip } from './document-formats.js';
export type { DocumentFormat } from './document-formats.js';
export { readDocx, readDocxPackage } from './docx/read-docx.js';
export type { DocxReadResult } from './docx/read-docx.js';
export type { DocxSources, SourceElement, SourceKind } from '../model/docx-source-map.js';
export type { ReadDocxOptions } from './docx/normalize-read-docx-options.js';
export { readHtmlWithParser } from './html/read-html-with-parser.js';
export type { ReadHtmlOptions } from './html/read-html-with-parser.js';
export { MAX_PARSER_DEPTH } from './html/html-parser.js';
export type { HtmlHandler, HtmlParser, ParseHtmlOptions } from './html/html-parser.js';
export { parseHtmlWithDom } from './html/parse-html-with-dom.js';
export { readMarkdownWithHtmlParser } from './markdown/read-markdown-with-html-parser.js';
export type { ReadMarkdownOptions } from './markdown/read-markdown-with-html-parser.js';
export { createMarkdownParser } from './markdown/create-markdown-parser.js';
export { DocumentError, isDocumentError } from '../document-error.js';
export type { DocumentErrorCode } from '../document-error.js';
