import { MAX_ZOOM, MIN_ZOOM } from './zoom.js';

/**
 * The scales Ctrl/Cmd with + and − step through: the browser's own zoom levels, within the
 * editor's bounds, so that the editor zooms as the page would.
 */
export const ZOOM_STEPS: readonly number[] = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];

// How much one pixel of a Ctrl+wheel turn scales by: a mouse notch (100 px in Chromium) by about
// a fifth, a trackpad pinch (a few pixels an event) smoothly.
const WHEEL_RATE = 0.002;

/** What {@link listenForZoomInput} needs from its editor. */
export interface ZoomInputOptions {
  /** The scale shown now (1 is 100%). */
  readonly scale: () => number;
  /** Shows the document at `scale`, already within the editor's bounds. */
  readonly set: (scale: number) => void;
}

/**
 * Zooms the editor, not the page, on Ctrl (Cmd on macOS) with the mouse wheel or a trackpad
 * pinch while the pointer is over `root`, and on Ctrl/Cmd with +, − and 0 while the focus is in
 * it: the browser's own zoom would scale the host page too. Returns the function that stops.
 */
export function listenForZoomInput(root: HTMLElement, options: ZoomInputOptions): () => void {
  const wheel = (event: WheelEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.deltaY === 0) return;
    event.preventDefault();
    options.set(wheelZoom(options.scale(), pixelsOf(event)));
  };
  const keydown = (event: KeyboardEvent) => {
    const scale = event.defaultPrevented ? null : keyZoom(options.scale(), event);
    if (scale === null) return;
    event.preventDefault();
    options.set(scale);
  };
  // Not passive: the browser's zoom is prevented.
  root.addEventListener('wheel', wheel, { passive: false });
  root.addEventListener('keydown', keydown);
  return () => {
    root.removeEventListener('wheel', wheel);
    root.removeEventListener('keydown', keydown);
  };
}

/** Returns the scale a Ctrl/Cmd key press asks for from `scale` (+ and = up a step, − down, 0 to 100%), or null for another key. */
export function keyZoom(scale: number, event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>): number | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (event.key === '+' || event.key === '=' || event.code === 'NumpadAdd') return stepZoom(scale, 1);
  if (event.key === '-' || event.code === 'NumpadSubtract') return stepZoom(scale, -1);
  if (event.key === '0' || event.code === 'Numpad0') return 1;
  return null;
}

/** Returns the next of {@link ZOOM_STEPS} above (`direction` 1) or below (−1) `scale`; the bound itself at either end. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  // A scale between two steps (fit-width, a pinch) goes to the nearer step on the way.
  const next = direction > 0 ? ZOOM_STEPS.find((step) => step > scale + 0.005) : [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.005);
  return next ?? (direction > 0 ? MAX_ZOOM : MIN_ZOOM);
}

/** Returns the scale a Ctrl+wheel turn of `deltaY` pixels asks for from `scale` (down the page: smaller), within the bounds. */
export function wheelZoom(scale: number, deltaY: number): number {
  const scaled = scale * Math.exp(-deltaY * WHEEL_RATE);
  return Math.min(Math.max(Math.round(scaled * 1000) / 1000, MIN_ZOOM), MAX_ZOOM);
}

// A wheel turned by lines or pages (Firefox, some mice) counts as Chromium's 100 px a notch.
function pixelsOf(event: WheelEvent): number {
  return event.deltaMode === 0 ? event.deltaY : Math.sign(event.deltaY) * 100;
}
