import type { EditorView } from 'prosemirror-view';
import { findPart, partKeyAt, type PartKey } from './part-key.js';

/** A header, footer or note that a double-click asks to edit, and where it is shown. */
export interface PartTarget {
  readonly key: PartKey;
  /** Finds the element the part is shown in now (the pages are painted anew as the document changes); null once it is gone. */
  readonly locate: () => HTMLElement | null;
  /** What each page field of the part shows on the page double-clicked, in document order (null: its saved result); none in `flow`. */
  readonly fieldTexts: readonly (string | null)[];
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
    const key = region ? partKeyOfRegion(region) : null;
    if (!region || !key) return null;
    const selector = regionSelector(region);
    return { key, locate: () => view.dom.querySelector<HTMLElement>(selector), fieldTexts: fieldTextsOf(region) };
  }
  const shown = element.closest<HTMLElement>('.quire-header-footer, aside.quire-note');
  const key = shown ? partKeyAt(view.state.doc, view.posAtDOM(shown, 0)) : null;
  if (!key) return null;
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
