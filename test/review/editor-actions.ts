// Drives the editor in happy-dom as a person would for the review tests: the caret and the
// selection set through the DOM, keys pressed as keydown events (ProseMirror's keymap runs on
// them), text typed as a plain-text paste at the caret (happy-dom has no text input events).
import { Editor, type EditorOptions } from 'quire/editor';

/** A mounted editor and the element it fills. */
export interface MountedEditor {
  readonly editor: Editor;
  readonly element: HTMLElement;
}

/** Mounts an editor on `bytes` (telemetry and web fonts off) and waits until the document is shown. */
export async function openInEditor(bytes: Uint8Array, options: Omit<EditorOptions, 'element' | 'selector' | 'document'> = {}): Promise<MountedEditor> {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ telemetry: { enabled: false }, fonts: false, ...options, element, document: bytes });
  await editor.ready;
  return { editor, element };
}

/** The exported DOCX's bytes. */
export async function exportBytes(editor: Editor): Promise<Uint8Array> {
  return new Uint8Array(await (await editor.export()).arrayBuffer());
}

function documentRoot(element: HTMLElement): HTMLElement {
  const root = element.querySelector<HTMLElement>('.quire-document');
  if (!root) throw new Error('No document is shown.');
  return root;
}

const CHANGE_ELEMENTS = new Set(['INS', 'DEL']);

/** Whether `node` stands in a paragraph of the body, outside any tracked change and any uneditable island. */
function isPlainText(node: Node, root: HTMLElement): boolean {
  for (let parent = node.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (CHANGE_ELEMENTS.has(parent.tagName) || parent.getAttribute('contenteditable') === 'false') return false;
  }
  return true;
}

// The longest text node of the document outside any tracked change, in a paragraph without
// comment ranges if `uncommentedParagraph` (the first of equals).
function findLongestPlainText(element: HTMLElement, uncommentedParagraph: boolean): Text | undefined {
  const root = documentRoot(element);
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  let longest: Text | undefined;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!isPlainText(node, root) || (uncommentedParagraph && node.parentElement?.closest('p')?.querySelector('.quire-comment'))) continue;
    if ((node.textContent ?? '').length > (longest?.textContent ?? '').length) longest = node as Text;
  }
  return longest;
}

/** The longest text node of the document outside any tracked change (the first of equals). */
export function longestPlainText(element: HTMLElement): Text {
  const longest = findLongestPlainText(element, false);
  if (!longest) throw new Error('The document shows no text outside tracked changes.');
  return longest;
}

/**
 * Where to press Enter: the middle of the longest text outside tracked changes in a paragraph
 * without comment ranges, else the end of the last paragraph's text. (A range split by Enter is
 * exported with its end in the new paragraph but its reference run in the first, and LibreOffice
 * then reads the comment over no text.)
 */
export function splitPoint(element: HTMLElement): [Text, number] {
  const longest = findLongestPlainText(element, true);
  if (longest) return [longest, Math.ceil(longest.length / 2)];
  const texts = document.createTreeWalker(lastJoinableParagraph(element), 4);
  let last: Text | undefined;
  for (let node = texts.nextNode(); node; node = texts.nextNode()) last = node as Text;
  return [last!, last!.length];
}

/** The last paragraph (`p`) with text that follows another paragraph: Backspace at its start joins the two. */
export function lastJoinableParagraph(element: HTMLElement): HTMLElement {
  const paragraphs = [...documentRoot(element).querySelectorAll<HTMLElement>('p')];
  const last = paragraphs.reverse().find((paragraph) => (paragraph.textContent ?? '').length > 0 && paragraph.previousElementSibling?.tagName === 'P');
  if (!last) throw new Error('The document has no paragraph with text after another paragraph.');
  return last;
}

/** Selects from `offset` to `offset + length` of `text` (a caret when `length` is 0) and lets ProseMirror read it. */
export function select(element: HTMLElement, text: Text, offset: number, length = 0): void {
  const range = document.createRange();
  range.setStart(text, offset);
  range.setEnd(text, offset + length);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  documentRoot(element).focus();
  // ProseMirror reads the DOM selection on `selectionchange`, which happy-dom does not fire by itself.
  document.dispatchEvent(new Event('selectionchange'));
}

/** Puts the caret at the start of `paragraph`'s first text. */
export function caretAtStart(element: HTMLElement, paragraph: HTMLElement): void {
  const first = document.createTreeWalker(paragraph, 4).nextNode() as Text;
  select(element, first, 0);
}

const KEY_CODES = { Enter: 13, Backspace: 8, Delete: 46 } as const;

/** Presses `key` in the document. */
export function press(element: HTMLElement, key: keyof typeof KEY_CODES): void {
  const event = new KeyboardEvent('keydown', { key, code: key, keyCode: KEY_CODES[key], bubbles: true, cancelable: true });
  documentRoot(element).dispatchEvent(event);
}

/** Types `text` over the selection, as a plain-text paste. */
export function type(element: HTMLElement, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  documentRoot(element).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}
