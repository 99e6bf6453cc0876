import type { Node } from 'prosemirror-model';
import { fitWidthScale, widestPageWidth, type EditorZoom } from './zoom.js';

/** What {@link ViewportZoom} needs from its editor. */
export interface ViewportZoomOptions {
  /** The scrolling element that holds the document; the scale is set on it as `--quire-zoom` (style.css). */
  readonly viewport: HTMLElement;
  readonly zoom: EditorZoom;
  /** Called when the scale changes (not for the scale set at construction); `fitWidth` when it follows the viewport's width. */
  readonly onChange: (scale: number, fitWidth: boolean) => void;
}

/**
 * The zoom of one editor. The document is scaled with CSS `zoom`, not a transform: the browser
 * lays the text out again at the new size, so it stays crisp, and it reports boxes, caret places
 * and clicks in the scaled coordinates that ProseMirror and the pages measure with. In
 * `fit-width` the scale follows the viewport's width (a ResizeObserver, where the browser has
 * one) and the document's widest page. The point at the top of the viewport stays there when the
 * scale changes.
 */
export class ViewportZoom {
  readonly #viewport: HTMLElement;
  readonly #onChange: (scale: number, fitWidth: boolean) => void;
  #setting: EditorZoom;
  #scale = 1;
  #doc: Node | null = null;
  #observer: ResizeObserver | null = null;

  constructor(options: ViewportZoomOptions) {
    this.#viewport = options.viewport;
    this.#onChange = options.onChange;
    this.#setting = options.zoom;
    this.#update(false);
  }

  /** The scale the document is shown at, 1 being 100%; in `fit-width`, the one fitted last (1 before any). */
  get scale(): number {
    return this.#scale;
  }

  /** Shows the document at `zoom`, which the caller has validated (see `readZoom`). */
  set(zoom: EditorZoom): void {
    this.#setting = zoom;
    this.#update(true);
  }

  /** Takes the document on screen (after an open, or an edit), whose widest page `fit-width` fits. */
  show(doc: Node | null): void {
    if (doc === this.#doc) return;
    this.#doc = doc;
    if (this.#setting === 'fit-width') this.#update(true);
  }

  /** Stops following the viewport's width. */
  dispose(): void {
    this.#observer?.disconnect();
    this.#observer = null;
  }

  #update(notify: boolean): void {
    const fitting = this.#setting === 'fit-width';
    this.#watchWidth(fitting);
    // A vertical scroll bar that comes and goes as the scale changes would change the width to fit: its room is kept.
    if (fitting) this.#viewport.dataset['zoom'] = 'fit-width';
    else delete this.#viewport.dataset['zoom'];
    const scale = fitting ? (this.#fittedScale() ?? this.#scale) : (this.#setting as number);
    if (scale === this.#scale) return;
    this.#rescale(scale);
    if (notify) this.#onChange(scale, fitting);
  }

  // The width inside the viewport's padding and scroll bar, against the widest page with its gaps.
  #fittedScale(): number | null {
    if (!this.#doc) return null;
    const viewport = this.#viewport;
    const style = viewport.ownerDocument.defaultView?.getComputedStyle(viewport);
    const padding = (parseFloat(style?.paddingLeft ?? '') || 0) + (parseFloat(style?.paddingRight ?? '') || 0);
    return fitWidthScale(viewport.clientWidth - padding, widestPageWidth(this.#doc));
  }

  #rescale(scale: number): void {
    const viewport = this.#viewport;
    const content = viewport.querySelector<HTMLElement>('.quire-document');
    const before = this.#scale;
    // Where the document starts in the viewport's scrolled content, which the scale does not move.
    const box = content?.getBoundingClientRect();
    const frame = viewport.getBoundingClientRect();
    const top = box ? box.top - frame.top - viewport.clientTop + viewport.scrollTop : 0;
    const left = box ? box.left - frame.left - viewport.clientLeft + viewport.scrollLeft : 0;
    const anchorY = (viewport.scrollTop - top) / before;
    const anchorX = (viewport.scrollLeft + viewport.clientWidth / 2 - left) / before;
    this.#scale = scale;
    viewport.style.setProperty('--quire-zoom', String(scale));
    if (!content) return;
    if (anchorY > 0) viewport.scrollTop = top + anchorY * scale;
    if (viewport.scrollWidth > viewport.clientWidth) viewport.scrollLeft = left + anchorX * scale - viewport.clientWidth / 2;
  }

  #watchWidth(on: boolean): void {
    if (!on) {
      this.dispose();
      return;
    }
    if (this.#observer) return;
    const Observer = (this.#viewport.ownerDocument.defaultView as (Window & { ResizeObserver?: typeof ResizeObserver }) | null)?.ResizeObserver;
    if (!Observer) return;
    this.#observer = new Observer(() => this.#update(true));
    this.#observer.observe(this.#viewport);
  }
}
