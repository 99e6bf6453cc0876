import type { EditorView } from 'prosemirror-view';
import { findPart, partKeyAt, type PartKey } from './part-key.js';

/** A header, footer or note to edit (double-clicked, or asked for from the keyboard), and where it is shown. */
export interface PartTarget {
  readonly key: PartKey;
  /** Finds the element the part is shown in now (the pages are painted anew as the document changes); null once it is gone. */
  readonly locate: () => HTMLElement | null;
  /** What each page field of the part shows on the page double-clicked, in document order (null: its saved result); none in `flow`. */
  readonly fieldTexts: readonly (string | null)[];
  /** The page (from 0) the part is painted on, in the `pages` layout. */
  readonly page?: number;
  /** The page's section has no such header or footer: opening it adds one (see `addPart`). */
  readonly missing?: boolean;
}

/**
 * Returns the part shown under `target` in `view`: in the `pages` layout a header, footer or
 * footnote painted on a page (see `partRegions`; a point of a page's head means its header, of
 * its foot the region nearest to `clientY`), in `flow` a header or footer shown on its section's
 * sheet or a note at the end. Null elsewhere.
 */
export function partTargetAt(view: EditorView, target: EventTarget | null, clientY: number): PartTarget | null {
  const element = target !== null && typeof (target as Element).closest === 'function' ? (target as Element) : null;
  if (!element || !view.dom.contains(element)) return null;
  const window = element.closest<HTMLElement>('.quire-page-part');
  if (window) {
    const region = element.closest<HTMLElement>('.quire-part-region') ?? nearestRegion(window, clientY);
    return region ? regionTarget(view, region) : null;
  }
  const shown = element.closest<HTMLElement>('.quire-header-footer, aside.quire-note');
  const key = shown ? partKeyAt(view.state.doc, view.posAtDOM(shown, 0)) : null;
  return key ? nodeTarget(view, key) : null;
}

/**
 * Returns the header or footer of the page that holds the caret of `view`, as a double-click on
 * it would: in the `pages` layout the one painted on that page (the variant it shows; one to add
 * where the page has none), in `flow` the one shown on the sheet of the caret's section (first
 * page or default). Null where that section has none in `flow`.
 */
export function partTargetAtCaret(view: EditorView, kind: 'header' | 'footer'): PartTarget | null {
  if (view.dom.dataset['layout'] === 'pages') return targetOnPage(view, kind, pageAtCaret(view));
  const { $head } = view.state.selection;
  const section = $head.depth > 0 ? $head.node(1) : null;
  if (section?.type.name !== 'section') return null;
  const key: PartKey = { kind, section: $head.index(0), variant: section.attrs['titlePage'] === true ? 'first' : 'default' };
  return findPart(view.state.doc, key) ? nodeTarget(view, key) : null;
}

/**
 * Returns the header or footer of the page `target` is shown on (in `flow`, of its section, in
 * the variant shown), as {@link partTargetAtCaret} finds it; for a note in `flow`, of the caret's page.
 */
export function partTargetBeside(view: EditorView, target: PartTarget, kind: 'header' | 'footer'): PartTarget | null {
  if (target.page !== undefined) return targetOnPage(view, kind, target.page);
  if (target.key.kind === 'footnote') return partTargetAtCaret(view, kind);
  const key: PartKey = { ...target.key, kind };
  return findPart(view.state.doc, key) ? nodeTarget(view, key) : null;
}

function targetOnPage(view: EditorView, kind: 'header' | 'footer', page: number): PartTarget | null {
  const region = view.dom.querySelector<HTMLElement>(`.quire-part-region[data-part="${kind}"][data-page="${page}"]`);
  return region ? regionTarget(view, region) : null;
}

// The page whose head stands last before the caret (the page heads are widgets in the text, in
// document order; each window onto a page says which page it shows).
function pageAtCaret(view: EditorView): number {
  const { node, offset } = view.domAtPos(view.state.selection.head);
  const caret = view.dom.ownerDocument.createRange();
  caret.setStart(node, offset);
  let page = 0;
  for (const head of view.dom.querySelectorAll<HTMLElement>('.quire-page-head')) {
    if (caret.comparePoint(head, 0) > 0) break;
    page = Number(head.dataset['page'] ?? page);
  }
  return page;
}

function regionTarget(view: EditorView, region: HTMLElement): PartTarget | null {
  const key = partKeyOfRegion(region);
  if (!key) return null;
  const selector = regionSelector(region);
  const missing = region.dataset['missing'] === 'true';
  return { key, locate: () => view.dom.querySelector<HTMLElement>(selector), fieldTexts: fieldTextsOf(region), page: Number(region.dataset['page']), missing };
}

// A part shown as its own node: a header or footer on its sheet in `flow`, a note after the last sheet.
function nodeTarget(view: EditorView, key: PartKey): PartTarget {
  return {
    key,
    fieldTexts: [],
    locate: () => {
      const found = findPart(view.state.doc, key);
      const dom = found ? view.nodeDOM(found.pos) : null;
      return dom && (dom as HTMLElement).isConnected ? (dom as HTMLElement) : null;
    },
  };
}

function nearestRegion(window: HTMLElement, clientY: number): HTMLElement | null {
  let nearest: HTMLElement | null = null;
  let distance = Infinity;
  for (const region of window.querySelectorAll<HTMLElement>('.quire-part-region')) {
    const box = region.getBoundingClientRect();
    const away = clientY < box.top ? box.top - clientY : clientY > box.bottom ? clientY - box.bottom : 0;
    if (away < distance) [nearest, distance] = [region, away];
  }
  return nearest;
}

function fieldTextsOf(region: HTMLElement): (string | null)[] {
  try {
    const texts: unknown = JSON.parse(region.dataset['fields'] ?? '[]');
    return Array.isArray(texts) ? texts.map((text) => (typeof text === 'string' ? text : null)) : [];
  } catch {
    return [];
  }
}

function partKeyOfRegion(region: HTMLElement): PartKey | null {
  const { part, section, variant, noteId } = region.dataset;
  if (part === 'footnote' && noteId !== undefined) return { kind: 'footnote', id: noteId };
  if ((part === 'header' || part === 'footer') && section !== undefined && variant !== undefined) return { kind: part, section: Number(section), variant };
  return null;
}

// The region of the same part on the same page, in whichever turn paints it after the next layout.
function regionSelector(region: HTMLElement): string {
  const { part = '', page = '', noteId } = region.dataset;
  const quoted = (value: string) => `"${value.replace(/["\\]/gu, '\\$&')}"`;
  return `.quire-part-region[data-part=${quoted(part)}][data-page=${quoted(page)}]${noteId === undefined ? '' : `[data-note-id=${quoted(noteId)}]`}`;
}
