// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorMarkup } from '../../src/editor/editor-options.js';
import { documentElement, mountFixture } from './editor-harness.js';
import { schema } from '../../src/model/schema.js';
import { SanitizingClipboardParser, parsePlainText } from '../../src/editor/view/clipboard.js';

function parse(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  return new SanitizingClipboardParser(schema).parseSlice(container);
}

function linksOf(slice: ReturnType<typeof parse>): string[] {
  const hrefs: string[] = [];
  slice.content.descendants((node) => {
    for (const mark of node.marks) if (mark.type.name === 'link') hrefs.push(String(mark.attrs['href']));
  });
  return hrefs;
}

describe('pasting HTML', () => {
  it('reads HTML from other pages through the HTML reader: scripts, styles and unsafe links go', () => {
    const slice = parse('<p>Keep <b>this</b> <a href="javascript:alert(1)">and this</a> <a href="https://example.com/">link</a></p><script>alert(1)</script><style>p{}</style>');
    expect(slice.content.textBetween(0, slice.content.size)).toBe('Keep this and this link');
    expect(linksOf(slice)).toEqual(['https://example.com/']);
    let bold = false;
    slice.content.descendants((node) => void (bold ||= node.marks.some((mark) => mark.type.name === 'bold')));
    expect(bold).toBe(true);
  });

  it('opens the slice so that pasted inline text joins the paragraph at the cursor', () => {
    const slice = parse('just text');
    expect(slice.openStart).toBeGreaterThan(0);
    expect(slice.openEnd).toBeGreaterThan(0);
  });

  it('keeps the structure of a slice copied from an editor, but not its unsafe links', () => {
    const slice = parse('<ul data-pm-slice="1 1 []"><li><p>item <a href="vbscript:x">bad</a></p></li></ul>');
    expect(slice.content.firstChild?.type.name).toBe('bullet_list');
    expect(linksOf(slice)).toEqual([]);
  });

  it('drops remote images, which nothing in Quire fetches', () => {
    const slice = parse('<p>before<img src="https://tracker.example/pixel.gif">after</p>');
    let images = 0;
    slice.content.descendants((node) => void (node.type.name === 'image' && images++));
    expect(images).toBe(0);
  });
});

describe('pasting plain text', () => {
  it('makes a paragraph of each line, keeping white space', () => {
    const doc = schema.node('doc', null, [schema.node('section', null, [schema.node('paragraph', null, [schema.text('x')])])]);
    const slice = parsePlainText('one  two\r\nthree', doc.resolve(3), schema);
    expect(slice.content.childCount).toBe(2);
    expect(slice.content.firstChild?.textContent).toBe('one  two');
  });
});

describe('copying text with tracked changes', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  // The text a copy of the whole document puts on the clipboard, as a user's Ctrl+A, Ctrl+C does.
  async function copiedText(markup: EditorMarkup): Promise<string> {
    const { editor, element } = await mountFixture('superdoc-msword-tracked-changes.docx', { layout: 'flow', markup });
    const range = document.createRange();
    range.selectNodeContents(documentElement(element));
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    documentElement(element).focus();
    document.dispatchEvent(new Event('selectionchange'));
    const copy = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    documentElement(element).dispatchEvent(copy);
    editor.destroy();
    return copy.clipboardData!.getData('text/plain');
  }

  it('leaves deleted text out, as the document reads, and in original markup leaves inserted text out', async () => {
    const simple = await copiedText('simple');
    expect(simple).toContain('Here is a MS Word cool sentence');
    expect(simple).not.toContain('Delete me');
    expect(await copiedText('all')).toBe(simple);
    const original = await copiedText('original');
    expect(original).toContain('Here is a MS Word basic sentence');
    expect(original).toContain('Delete me');
    expect(original).not.toContain('New text');
  });
});
