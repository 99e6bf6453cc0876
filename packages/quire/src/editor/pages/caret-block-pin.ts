import type { EditorView } from 'prosemirror-view';
import { afterNextPaint } from '../ui/after-next-paint.js';

// The blocks the pages skip while off screen (style.css): each line is the layout's line height,
// and content-visibility already contains their layout and paint.
const PINNABLE = '.quire-sheet > .quire-laid-out.quire-laid-skippable';
const PINNED = 'quire-caret-block';
const HEIGHT = '--quire-caret-block-height';

/** Where the first line of a block starts and its last line ends, below the block's top, in its CSS pixels. */
interface LineSpan {
  readonly top: number;
  readonly bottom: number;
  readonly zoom: number;
}

/**
 * Keeps a keystroke from laying out the whole sheet. A section's blocks are all children of its
 * sheet (some 2,000 in a 300-page document), and when the text of one changes the browser lays
 * the sheet out again, every block of it, and then walks and paints them all. The block that
 * holds the caret is given the height it has and size containment (style.css), which makes it a
 * layout boundary: a key that leaves its lines as they were lays out that block alone. A key that
 * adds or removes a line moves the block's last line; the block's height follows by as much, at
 * once, and the sheet is laid out as before. Anything else that changes the block (its room from
 * a new layout, its paragraph style, the zoom) lets it go until after the next paint, when it is
 * measured again.
 */
export class CaretBlockPin {
  private block: HTMLElement | null = null;
  private lines: LineSpan | null = null;
  private waiting: HTMLElement | null = null;
  private cancelWait: (() => void) | null = null;

  /** The pinned block, if any. */
  get pinned(): HTMLElement | null {
    return this.block;
  }

  /**
   * Follows the caret and the edits of the block holding it; call after each view update. Returns
   * how much taller the pinned block was made, in its CSS pixels (negative: shorter; 0: unchanged).
   */
  update(view: EditorView): number {
    const target = caretBlock(view);
    if (target !== null && target === this.block) return this.follow(view, target);
    this.release();
    if (target === null || target === this.waiting) return 0;
    this.cancelWait?.();
    this.waiting = target;
    // Measured once laid out and painted: pinning on the way in would lay the sheet out twice.
    this.cancelWait = afterNextPaint(view.dom.ownerDocument.defaultView, () => {
      this.cancelWait = null;
      this.waiting = null;
      if (!view.isDestroyed && caretBlock(view) === target) this.pin(view, target);
    });
    return 0;
  }

  /** Gives the pinned block back its own height, and stops waiting to pin one. */
  release(): void {
    this.cancelWait?.();
    this.cancelWait = null;
    this.waiting = null;
    const block = this.block;
    if (!block) return;
    this.block = null;
    this.lines = null;
    block.classList.remove(PINNED);
    block.style.removeProperty(HEIGHT);
  }

  private pin(view: EditorView, block: HTMLElement): void {
    const lines = lineSpan(view, block);
    if (!lines) return;
    // The resolved height is in CSS pixels and of the box that box-sizing sizes, but rounded: set
    // back half a layout unit (1/64 px) higher, the browser's layout comes to the measured height.
    const height = parseFloat(getComputedStyle(block).height);
    if (Number.isNaN(height)) return;
    block.style.setProperty(HEIGHT, `${height + 1 / (128 * lines.zoom)}px`);
    block.classList.add(PINNED);
    this.block = block;
    this.lines = lines;
  }

  private follow(view: EditorView, block: HTMLElement): number {
    const before = this.lines;
    const now = lineSpan(view, block);
    const height = parseFloat(block.style.getPropertyValue(HEIGHT));
    // The block's style was set anew (a new room, another style), the zoom changed or the first line moved: measured again.
    if (!before || !now || Number.isNaN(height) || now.zoom !== before.zoom || Math.abs(now.top - before.top) > 0.01) {
      this.release();
      return this.update(view);
    }
    const grown = now.bottom - before.bottom;
    if (Math.abs(grown) <= 0.01) return 0;
    block.style.setProperty(HEIGHT, `${Math.max(height + grown, 0)}px`);
    this.lines = now;
    return grown;
  }
}

// The element of the textblock holding the selection, when it is one the pin applies to.
function caretBlock(view: EditorView): HTMLElement | null {
  const { $from, $to } = view.state.selection;
  if ($from.depth === 0 || !$from.parent.isTextblock || !$from.sameParent($to)) return null;
  const element = view.nodeDOM($from.before());
  return element instanceof HTMLElement && element.matches(PINNABLE) ? element : null;
}

function lineSpan(view: EditorView, block: HTMLElement): LineSpan | null {
  const { $from } = view.state.selection;
  try {
    const box = block.getBoundingClientRect();
    const zoom = (block as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? (box.width / block.offsetWidth || 1);
    const first = view.coordsAtPos($from.start(), 1);
    const last = view.coordsAtPos($from.end(), -1);
    return { top: (first.top - box.top) / zoom, bottom: (last.bottom - box.top) / zoom, zoom };
  } catch {
    return null;
  }
}
