// Mounts editors in happy-dom for the editor tests, and reads what they show.
import { Editor, type EditorOptions } from '../../src/editor/index.js';
import { readFixture } from '../../../../test/support/fixture-files.js';

export { readFixture };

/** A mounted editor and the element it fills. */
export interface Mounted {
  readonly editor: Editor;
  readonly element: HTMLElement;
}

/** Mounts an editor in a new element of the page, telemetry off unless the options say otherwise. */
export function mount(options: Omit<EditorOptions, 'element' | 'selector'> = {}): Mounted {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ telemetry: { enabled: false }, ...options, element });
  return { editor, element };
}

/** Mounts an editor on a fixture of test/fixtures/docx and waits until it is shown. */
export async function mountFixture(name: string, options: Omit<EditorOptions, 'element' | 'selector' | 'document'> = {}): Promise<Mounted> {
  const mounted = mount({ ...options, document: readFixture(name) });
  await mounted.editor.ready;
  return mounted;
}

/** The element the document is drawn in. */
export function documentElement(element: HTMLElement): HTMLElement {
  const found = element.querySelector<HTMLElement>('.quire-document');
  if (!found) throw new Error('No document is shown.');
  return found;
}

/** Puts the ProseMirror selection around the first occurrence of `text` in the editor, through the DOM, as a user would. */
export function selectText(element: HTMLElement, text: string): void {
  const root = documentElement(element);
  const walker = document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(text) ?? -1;
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + text.length);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    root.focus();
    // ProseMirror reads the DOM selection on `selectionchange`, which happy-dom does not fire by itself.
    document.dispatchEvent(new Event('selectionchange'));
    return;
  }
  throw new Error(`"${text}" is not shown.`);
}

/** Resolves after pending microtasks and one macrotask, when fire-and-forget work has run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the next frame has been drawn and the work the editor left for after it has run. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
