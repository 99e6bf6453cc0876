import { describe, expect, it } from 'vitest';
import { formatFromFileName, formatFromMediaType, looksLikeHtml, looksLikeZip } from '../../src/readers/document-formats.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('formatFromFileName', () => {
  it('names a format by the extension alone, in any case, ignoring the folders of a path', () => {
    expect(formatFromFileName('a.MARKDOWN')).toBe('md');
    expect(formatFromFileName('notes.txt')).toBe('md');
    expect(formatFromFileName('dir.v2/file.docx')).toBe('docx');
    expect(formatFromFileName('C:\\docs\\page.HTM')).toBe('html');
  });

  it('names none for a dot file, a name without extension or another extension', () => {
    expect(formatFromFileName('.md')).toBeUndefined();
    expect(formatFromFileName('README')).toBeUndefined();
    expect(formatFromFileName('slides.pptx')).toBeUndefined();
    expect(formatFromFileName(undefined)).toBeUndefined();
  });
});

describe('formatFromMediaType', () => {
  it('reads the essence of a media type, parameters and case aside', () => {
    expect(formatFromMediaType('text/markdown; charset=utf-8')).toBe('md');
    expect(formatFromMediaType('TEXT/HTML')).toBe('html');
    expect(formatFromMediaType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
    expect(formatFromMediaType('application/octet-stream')).toBeUndefined();
    expect(formatFromMediaType('')).toBeUndefined();
  });
});

describe('looksLikeHtml', () => {
  it('takes a doctype, an html element or a leading tag without Markdown after it for HTML', () => {
    expect(looksLikeHtml(bytes('\uFEFF  <!DOCTYPE html><p>x</p>'))).toBe(true);
    expect(looksLikeHtml(bytes('<?xml version="1.0"?><!-- c --><html><body>x</body></html>'))).toBe(true);
    expect(looksLikeHtml(bytes('<h2>From HTML</h2>'))).toBe(true);
  });

  it('takes Markdown that starts with raw HTML, and plain text, for Markdown', () => {
    expect(looksLikeHtml(bytes('<p align="center"><img src="logo.png"></p>\n\n# Title\n'))).toBe(false);
    expect(looksLikeHtml(bytes('# Title\n\nText <b>bold</b>.'))).toBe(false);
    expect(looksLikeHtml(bytes('1 < 2'))).toBe(false);
  });
});

describe('looksLikeZip', () => {
  it('knows a zip by its first two bytes', () => {
    expect(looksLikeZip(new Uint8Array([0x50, 0x4b, 3, 4]))).toBe(true);
    expect(looksLikeZip(bytes('PDF'))).toBe(false);
    expect(looksLikeZip(new Uint8Array())).toBe(false);
  });
});
