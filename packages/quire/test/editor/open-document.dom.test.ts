// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDocumentError } from '../../src/document-error.js';
import { identifyDocument } from '../../src/identity/identify-document.js';
import { readDocx } from '../../src/readers/docx/read-docx.js';
import { buildTestDocx, paragraph as testParagraph, paragraphStyle } from '../../../../test/support/docx-package.js';
import { documentElement, mount, mountFixture, readFixture, settle } from './editor-harness.js';

const fixtures = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/docx')).filter((name) => name.endsWith('.docx'));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

afterEach(() => {
  document.body.replaceChildren();
});

describe('Editor opening a DOCX', () => {
  it('shows the text of the document once ready resolves', async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    const text = documentElement(element).textContent ?? '';
    expect(text).toContain('Bullets');
    expect(text).toContain('Nested numbering');
    expect(element.querySelectorAll('.quire-sheet').length).toBeGreaterThan(0);
    expect(element.querySelectorAll('ol, ul').length).toBeGreaterThan(5);
    editor.destroy();
  });

  it('draws a sheet of the page width and margins of each section', async () => {
    const { editor, element } = await mountFixture('pandoc-tables.docx');
    const sheet = element.querySelector<HTMLElement>('.quire-sheet')!;
    // US Letter, 12240 twips wide; left margin 1800 twips (120 px at 15 twips a pixel).
    expect(sheet.style.getPropertyValue('--quire-page-width')).toBe('816px');
    expect(sheet.style.getPropertyValue('--quire-margin-left')).toBe('120px');
    editor.destroy();
  });

  it('shows headers and footers read-only', async () => {
    const { editor, element } = await mountFixture('docxjs-header-footer.docx');
    const parts = element.querySelectorAll<HTMLElement>('.quire-header-footer');
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.contentEditable).toBe('false');
    editor.destroy();
  });

  it('shows notes read-only after the text, numbered like their references', async () => {
    const { editor, element } = await mountFixture('docxjs-footnote.docx');
    const notes = element.querySelectorAll<HTMLElement>('aside.quire-note');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]!.contentEditable).toBe('false');
    expect(element.querySelector('.quire-note-reference')?.textContent).toBe(notes[0]!.querySelector('.quire-note-number')?.textContent);
    editor.destroy();
  });

  it('applies the document defaults to its own element only', async () => {
    const first = await mountFixture('pandoc-tables.docx');
    const second = await mountFixture('superdoc-hummingbird.docx');
    const font = (element: HTMLElement) => documentElement(element).style.getPropertyValue('--quire-body-font');
    expect(font(first.element)).toBe('"quire-laid-out cambria", "Cambria", "Caladea", serif');
    expect(font(second.element)).toContain('"Liberation Serif"');
    first.editor.destroy();
    second.editor.destroy();
  });

  it('sizes each long block by the lines it is estimated to take, which keep the document about its height while blocks are off screen', async () => {
    const { editor, element } = await mountFixture('superdoc-40-pages.docx');
    const blocks = [...element.querySelectorAll<HTMLElement>('.quire-sheet > p')];
    const lines = blocks.map((block) => Number(block.style.getPropertyValue('--quire-lines') || '1'));
    const longest = blocks[lines.indexOf(Math.max(...lines))]!;
    expect(Math.max(...lines)).toBeGreaterThan(3);
    expect(longest.textContent!.length).toBeGreaterThan(300);
    const short = blocks.find((block) => block.textContent!.length < 40);
    expect(short?.style.getPropertyValue('--quire-lines')).toBe('');
    editor.destroy();
  });

  it("shows quoted paragraphs in their quote style's look: italic, colour, centring, borders and spacing, at the style's own indent", async () => {
    const { editor, element } = await mountFixture('pandoc-block_quotes.docx');
    const paragraph = (text: string) => [...documentElement(element).querySelectorAll<HTMLElement>('blockquote > p')].find((p) => p.textContent!.startsWith(text))!;
    const quote = paragraph('I don’t know why');
    expect(quote.style.getPropertyValue('font-style')).toBe('italic');
    // Word's Quote style has no indent: the paragraph stands at the margin, not half an inch in.
    expect(quote.style.getPropertyValue('margin-left')).toBe('-48px');
    const intense = paragraph('This is called the Intense Quote style');
    expect(intense.style.getPropertyValue('font-style')).toBe('italic');
    expect(intense.style.getPropertyValue('color')).toBe('#4F81BD');
    expect(intense.style.getPropertyValue('text-align')).toBe('center');
    expect(intense.style.getPropertyValue('border-top')).toBe('0.75pt solid #4F81BD');
    expect(intense.style.getPropertyValue('padding-top')).toBe('10pt');
    expect(intense.style.getPropertyValue('margin-top')).toBe('24px');
    expect(intense.style.getPropertyValue('margin-right')).toBe('57.6px');
    editor.destroy();
  });

  it('gives automatic spacing 14 pt as margins, which meet the next paragraph\'s as the larger, not the sum', async () => {
    const auto = '<w:spacing w:before="100" w:beforeAutospacing="1" w:after="100" w:afterAutospacing="1"/>';
    const styles =
      paragraphStyle('Normal', '<w:pPr><w:spacing w:after="160"/></w:pPr>', { isDefault: true }) +
      paragraphStyle('NormalWeb', `<w:pPr>${auto}</w:pPr>`, { name: 'Normal (Web)', basedOn: 'Normal' });
    const body =
      testParagraph('Web', '<w:pStyle w:val="NormalWeb"/><w:spacing w:after="210" w:afterAutospacing="0"/>') +
      testParagraph('Direct', auto) +
      testParagraph('Plain');
    const mounted = mount({ document: buildTestDocx({ styles, body }) });
    await mounted.editor.ready;
    const paragraph = (text: string) => [...documentElement(mounted.element).querySelectorAll<HTMLElement>('p')].find((p) => p.textContent === text)!;
    const spaces = (text: string) =>
      ['margin-top', 'padding-top', 'margin-bottom', 'padding-bottom'].map((property) => paragraph(text).style.getPropertyValue(property));
    // 14 pt is 18.67 px; 210 twips (10.5 pt) 14 px. CSS margins meet as the larger, as Word's automatic spaces do.
    expect(spaces('Web')).toEqual(['18.67px', '0px', '14px', '0px']);
    expect(spaces('Direct')).toEqual(['18.67px', '0px', '18.67px', '0px']);
    expect(spaces('Plain')).toEqual(['', '', '', '']);
    mounted.editor.destroy();
  });

  it("draws each list's bullet from the document, a Wingdings arrow as ➔, and numbers lists from their start in their format", async () => {
    const { editor, element } = await mountFixture('docxjs-numbering.docx');
    const bullets = [...documentElement(element).querySelectorAll<HTMLElement>('ul')].map((list) => list.style.getPropertyValue('--quire-bullet'));
    expect(bullets).toContain('"➔"');
    expect(bullets).toContain('initial');
    const lists = [...documentElement(element).querySelectorAll<HTMLElement>('ol')];
    expect(lists.map((list) => list.dataset['format'])).toContain('upperRoman');
    expect(lists[0]!.style.getPropertyValue('--quire-start')).toBe('1');
    editor.destroy();
  });

  it.each(fixtures)('opens %s without an error', async (name) => {
    const errors: Error[] = [];
    const { editor, element } = mount({ document: readFixture(name), onError: ({ error }) => errors.push(error) });
    await editor.ready;
    expect(errors).toEqual([]);
    expect(element.querySelector('.quire-document .quire-sheet')).not.toBeNull();
    expect(element.querySelector('.quire-status')).toBeNull();
    editor.destroy();
  });

  it('rejects ready with a DocumentError, calls onError and says why in the container for unreadable input', async () => {
    const onError = vi.fn();
    const { editor, element } = mount({ document: new TextEncoder().encode('not a zip at all'), onError });
    const failure = await editor.ready.then(() => undefined, (error: unknown) => error);
    expect(isDocumentError(failure)).toBe(true);
    expect((failure as { code: string }).code).toBe('DOCX_NOT_ZIP');
    expect(onError).toHaveBeenCalledTimes(1);
    const message = element.querySelector('[role="alert"]');
    expect(message?.textContent).toMatch(/^This document could not be opened\. .+/);
    expect(element.querySelector('.quire-document')).toBeNull();
    expect(editor.getDocumentId()).toBeUndefined();
    // The editor still works: another document opens in its place.
    await editor.open(readFixture('docxjs-text.docx'));
    expect(element.querySelector('[role="alert"]')).toBeNull();
    expect(documentElement(element).textContent).not.toBe('');
    editor.destroy();
  });

  it('reports the same documentId after export and re-open, once the identity is written', async () => {
    const { editor } = await mountFixture('pandoc-lists.docx');
    const first = editor.getDocumentId();
    const exported = await editor.export();
    expect(exported.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const bytes = new Uint8Array(await exported.arrayBuffer());
    await editor.open(bytes);
    const second = editor.getDocumentId();
    // The file had no GUID: the first id came from its bytes, the second from the GUID written on export.
    expect(second).not.toBe(first);
    await editor.open(new Uint8Array(await (await editor.export()).arrayBuffer()));
    expect(editor.getDocumentId()).toBe(second);
    editor.destroy();
  });

  it('keeps the documentId of a file that has its identity', async () => {
    const { editor } = await mountFixture('superdoc-blank.docx');
    const id = editor.getDocumentId();
    await editor.open(new Uint8Array(await (await editor.export()).arrayBuffer()));
    expect(editor.getDocumentId()).toBe(id);
    editor.destroy();
  });

  it('resolves ready for the last of two opens and rejects the one it replaced', async () => {
    const { editor, element } = mount({ document: readFixture('docxjs-text.docx') });
    const replaced = editor.ready;
    const last = editor.open(readFixture('docxjs-numbering.docx'));
    await expect(replaced).rejects.toMatchObject({ name: 'AbortError' });
    await last;
    expect(documentElement(element).textContent).toContain('Bullets');
    editor.destroy();
  });
});

describe('Editor importing Markdown and HTML', () => {
  it('reads Markdown into a new document with a fresh identity', async () => {
    const { editor, element } = await mountFixture('docxjs-text.docx');
    const before = editor.getDocumentId();
    await editor.import(new File(['# Title\n\nSome *text*.\n\n- one\n- two\n'], 'notes.md', { type: 'text/markdown' }));
    const shown = documentElement(element);
    expect(shown.querySelector('h1')?.textContent).toBe('Title');
    expect(shown.querySelector('em')?.textContent).toBe('text');
    expect(shown.querySelectorAll('li')).toHaveLength(2);
    expect(editor.getDocumentId()).not.toBe(before);
    editor.destroy();
  });

  it('reads HTML through the HTML reader, dropping scripts and unsafe links', async () => {
    const { editor, element } = await mountFixture('docxjs-text.docx');
    await editor.import(new File(['<p>Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>'], 'page.html'));
    const shown = documentElement(element);
    expect(shown.textContent).toBe('Hi there');
    expect(shown.querySelector('a')).toBeNull();
    expect(shown.querySelector('script')).toBeNull();
    editor.destroy();
  });

  it('tells the formats apart by content when a file has no name', async () => {
    const { editor, element } = await mountFixture('docxjs-text.docx');
    await editor.import(new Blob(['<h2>From HTML</h2>']));
    expect(documentElement(element).querySelector('h2')?.textContent).toBe('From HTML');
    await editor.import(new Blob([readFixture('docxjs-numbering.docx') as Uint8Array<ArrayBuffer>]));
    expect(documentElement(element).textContent).toContain('Bullets');
    editor.destroy();
  });

  it('reads nameless Markdown that starts with an HTML tag as Markdown, as conversion does', async () => {
    const { editor, element } = await mountFixture('docxjs-text.docx');
    await editor.import(new Blob(['<p align="center">A centred logo</p>\n\n# Read me\n\n- one\n- two\n']));
    expect(documentElement(element).querySelector('h1')?.textContent).toBe('Read me');
    expect(documentElement(element).querySelectorAll('li')).toHaveLength(2);
    editor.destroy();
  });

  it('exports an imported document as a DOCX whose identity survives a re-open', async () => {
    const { editor } = await mountFixture('docxjs-text.docx');
    await editor.import(new File(['# Exported\n\nFrom Markdown.'], 'notes.md'));
    const id = editor.getDocumentId();
    const bytes = new Uint8Array(await (await editor.export()).arrayBuffer());
    const read = await readDocx(bytes);
    expect(read.value.textContent).toContain('From Markdown.');
    await editor.open(bytes);
    expect(editor.getDocumentId()).toBe(id);
    await settle();
    editor.destroy();
  });

  it('derives the documentId of an import from the GUID and creation time it exports with', async () => {
    const { editor } = await mountFixture('docxjs-text.docx');
    await editor.import(new File(['text'], 'a.md'));
    const identity = await identifyDocument(new Uint8Array(await (await editor.export()).arrayBuffer()));
    expect(identity.source).toBe('metadata');
    expect(editor.getDocumentId()).toBe(sha256(`${identity.guid}|${identity.createdAt}`));
    editor.destroy();
  });
});

describe('Editor given a Markdown or HTML file to open', () => {
  it('imports it when its name or type says so, and reads anything else as a DOCX', async () => {
    const { editor, element } = mount({ document: new File(['# Notes'], 'notes.md') });
    await editor.ready;
    expect(documentElement(element).querySelector('h1')?.textContent).toBe('Notes');
    await editor.open(new File(['<h2>Page</h2>'], 'page', { type: 'text/html' }));
    expect(documentElement(element).querySelector('h2')?.textContent).toBe('Page');
    await expect(editor.open(new Blob(['# not a docx']))).rejects.toMatchObject({ code: 'DOCX_NOT_ZIP' });
    editor.destroy();
  });
});
