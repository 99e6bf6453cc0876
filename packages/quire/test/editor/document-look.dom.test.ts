// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLook, readDocumentLook } from '../../src/editor/view/document-look.js';
import type { TextblockLook } from '../../src/model/document-defaults.js';
import { schema } from '../../src/model/schema.js';
import { WORD_DEFAULT_STYLES } from '../../src/model/word-default-styles.js';
import { documentElement, mount, mountFixture } from './editor-harness.js';

const styleSheet = readFileSync(join(import.meta.dirname, '../../src/editor/style.css'), 'utf8');
const docOf = (defaults: unknown) => schema.node('doc', { defaults }, [schema.node('section', null, [schema.node('paragraph')])]);

async function showMarkdown(markdown: string): Promise<{ shown: HTMLElement; destroy: () => void }> {
  const { editor, element } = mount();
  await editor.ready;
  await editor.import(new File([markdown], 'notes.md', { type: 'text/markdown' }));
  return { shown: documentElement(element), destroy: () => editor.destroy() };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the look of a document without styles of its own', () => {
  it("shows a Markdown heading in Word's Heading 1 look: Calibri Light 16 pt in 2F5496, not bold, 12 pt before and nothing after", async () => {
    const { shown, destroy } = await showMarkdown('# Title\n\nText.\n');
    const property = (name: string) => shown.style.getPropertyValue(`--quire-h1-${name}`);
    expect(property('font')).toBe('"quire-laid-out calibri light", "Calibri Light", "Carlito", sans-serif');
    expect(property('size')).toBe('16pt');
    expect(property('weight')).toBe('400');
    expect(property('style')).toBe('normal');
    expect(property('color')).toBe('#2F5496');
    expect(property('before')).toBe('16px');
    expect(property('after')).toBe('0px');
    destroy();
  });

  it("gives the other levels Word's Heading 2 to 6: 13, 12 and 11 pt, 2 pt before, level 3 and 6 in 1F3763, level 4 in italics", async () => {
    const { shown, destroy } = await showMarkdown('## Two\n\n### Three\n\n#### Four\n');
    const property = (level: number, name: string) => shown.style.getPropertyValue(`--quire-h${level}-${name}`);
    expect([2, 3, 4, 5, 6].map((level) => property(level, 'size'))).toEqual(['13pt', '12pt', '11pt', '11pt', '11pt']);
    expect([2, 3, 4, 5, 6].map((level) => property(level, 'color'))).toEqual(['#2F5496', '#1F3763', '#2F5496', '#2F5496', '#1F3763']);
    expect([2, 3, 4, 5, 6].map((level) => property(level, 'style'))).toEqual(['normal', 'normal', 'italic', 'normal', 'normal']);
    expect([2, 3, 4, 5, 6].map((level) => property(level, 'before'))).toEqual(Array(5).fill(`${(40 / 15).toString()}px`));
    destroy();
  });

  it('reads its headings and body from the one table of Word styles the writers read', () => {
    const look = readDocumentLook(docOf(null));
    expect(look.body).toMatchObject({ family: WORD_DEFAULT_STYLES.body.fontFamily, size: WORD_DEFAULT_STYLES.body.fontSize, color: '000000', spacing: WORD_DEFAULT_STYLES.body.spacing });
    look.headings.forEach((heading, index) => {
      const word = WORD_DEFAULT_STYLES.headings[index]!;
      expect(heading).toEqual({ family: word.fontFamily, size: word.fontSize, bold: word.bold, italic: word.italic, color: word.color, spacing: word.spacing });
    });
  });

  it("shows a block quote's paragraphs as Block Text and a code block as Source Code, from the same table", async () => {
    const { shown, destroy } = await showMarkdown('> quoted\n\n```\ncode\n```\n\nSee [a link](https://example.com).\n');
    const property = (name: string) => shown.style.getPropertyValue(`--quire-${name}`);
    expect(property('quote-color')).toBe('#404040');
    expect(property('quote-indent')).toBe('48px');
    expect(property('quote-right')).toBe('48px');
    expect(property('quote-bar')).toBe('1.5pt solid #BFBFBF');
    expect(property('quote-bar-space')).toBe('8pt');
    expect(property('quote-bar-room')).toBe('9.5pt');
    expect(property('code-font')).toBe('"quire-laid-out courier new", "Courier New", "Cousine", monospace');
    expect(property('code-size')).toBe('10pt');
    expect(property('code-ground')).toBe('#F6F8FA');
    expect(property('code-after')).toBe('10.67px');
    expect(property('link-color')).toBe('#0563C1');
    expect(shown.querySelector('blockquote > p')?.textContent).toBe('quoted');
    expect(shown.querySelector('pre')?.textContent).toBe('code');
    destroy();
  });
});

describe('the look of a document with defaults of its own (DOCX)', () => {
  const arial: TextblockLook = { fontFamily: 'Arial', fontSize: 12, bold: false, italic: false, color: null, spacing: { after: 120 } };
  const boldHeading: TextblockLook = { fontFamily: 'Georgia', fontSize: 20, bold: true, italic: false, color: '112233', spacing: { before: 480, after: 200 } };

  it('keeps its own body and heading looks', () => {
    const look = readDocumentLook(docOf({ body: arial, headings: [boldHeading] }));
    expect(look.body).toMatchObject({ family: 'Arial', size: 12 });
    expect(look.headings[0]).toMatchObject({ family: 'Georgia', size: 20, bold: true, color: '112233', spacing: { before: 480, after: 200 } });
  });

  it("shows a paragraph in a quote style of its own without Block Text's bar and right indent", async () => {
    const { editor, element } = await mountFixture('pandoc-block_quotes.docx');
    const quote = [...documentElement(element).querySelectorAll<HTMLElement>('blockquote > p')].find((p) => p.textContent!.startsWith('I don’t know why'))!;
    expect(quote.style.getPropertyValue('border-left-style')).toBe('none');
    expect(quote.style.getPropertyValue('padding-left')).toBe('0px');
    expect(quote.style.getPropertyValue('margin-right')).toBe('0px');
    editor.destroy();
  });

  it("gives a heading level it leaves out Word's built-in look", () => {
    const look = readDocumentLook(docOf({ body: arial, headings: [boldHeading] }));
    expect(look.headings[1]).toMatchObject({ family: 'Calibri Light', size: 13, bold: false, color: '2F5496', spacing: { before: 40, after: 0 } });
  });
});

describe('style.css', () => {
  // Every value of the Word look comes from the table through custom properties, so none can drift.
  it('draws quotes, code blocks and links only from custom properties that the document look sets', () => {
    const element = document.createElement('div');
    applyDocumentLook(element, readDocumentLook(docOf(null)));
    const used = new Set([...styleSheet.matchAll(/var\((--quire-(?:quote|code|link)-[a-z-]+)/g)].map((match) => match[1]!));
    expect([...used].sort()).toEqual(
      ['--quire-code-after', '--quire-code-font', '--quire-code-ground', '--quire-code-line', '--quire-code-size', '--quire-link-color', '--quire-quote-bar', '--quire-quote-bar-room', '--quire-quote-bar-space', '--quire-quote-color', '--quire-quote-indent', '--quire-quote-right'],
    );
    for (const name of used) expect(element.style.getPropertyValue(name), name).not.toBe('');
    const rules = (selector: RegExp) => styleSheet.split('\n').filter((line) => selector.test(line)).join('\n');
    const quoteAndCode = rules(/^\.quire-document (?:blockquote|pre)\b/);
    expect(quoteAndCode).not.toMatch(/#[0-9a-f]{3,6}\b|Courier|\d+(?:\.\d+)?(?:in|pt|px)\b(?![^()]*\))/i);
  });
});
