import type { BlockBox } from './slice.js';
import type { DataImage } from '../model/index.js';
import type { FaceFile } from './font-catalog.js';
import type { PageGeometry } from './paginate.js';

/**
 * One thing drawn on a laid-out page, in points from the page's top-left corner: what the layout
 * hands its painters (the PDF writer, the editor's pages), so that both draw the same page.
 */
export type PaintOp =
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly color: string }
  | {
      readonly kind: 'line';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly width: number;
      readonly color: string;
      /** Dashes and gaps for dotted and dashed lines; null for a solid line. */
      readonly dash: { readonly length: number; readonly space: number } | null;
    }
  | {
      /** A run of text in one font file, drawn left to right from (`x`, baseline `y`). */
      readonly kind: 'text';
      readonly text: string;
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly file: FaceFile;
      readonly size: number;
      readonly color: string;
      /** Extra width of each space (justified lines). */
      readonly wordSpacing: number;
      /** The run is at a right-to-left level: `text` is in logical order, its glyphs go right to left. */
      readonly rtl: boolean;
      /** The document's text where the drawn text differs from it (capitals), for copying and extraction. */
      readonly source?: string;
    }
  /** A picture; `image` null draws a placeholder box (no data, or data that does not decode). */
  | { readonly kind: 'image'; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly image: DataImage | null }
  /** A link to `href` over an area, or to a bookmark of the document (`#name`). */
  | { readonly kind: 'link'; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly href: string }
  /** Where the bookmark `name` points (a link `#name` goes there). */
  | { readonly kind: 'anchor'; readonly name: string; readonly x: number; readonly y: number }
  /**
   * Where text in the range of comment `id` is painted (the top-left of a run), in `all` markup:
   * nothing is drawn for it; the markup margin sets the comment beside the first (see `placeCommentMargins`).
   */
  | { readonly kind: 'comment'; readonly id: string; readonly x: number; readonly y: number };

/** Where a slice paints: the page it was placed on and the list its drawing goes to. */
export interface PaintTarget {
  readonly ops: PaintOp[];
  /** The size and margins of the page, which pictures placed relative to the page are measured against. */
  readonly geometry: PageGeometry;
  /** Where floating pictures must end, from the page's top: the body's bottom, or the page's for headers and footers. */
  readonly bodyBottom: number;
  /**
   * Receives the paragraph spaces kept as the page's slices are painted (see `BlockBox`), so that
   * a later pagination that takes the page over can record them again.
   */
  readonly spaces?: PaintedSpace[];
}

/** A paragraph's space before or after, kept with `height` where it was painted. */
export type PaintedSpace = readonly [box: BlockBox, side: 'before' | 'after', height: number];

/** Draws a solid or dashed line from (`x1`, `y1`) to (`x2`, `y2`). */
export function strokeLine(target: PaintTarget, x1: number, y1: number, x2: number, y2: number, width: number, color: string, dash: { length: number; space: number } | null = null): void {
  target.ops.push({ kind: 'line', x1, y1, x2, y2, width, color, dash });
}

/** Fills a rectangle with `color` (`RRGGBB`). */
export function fillRect(target: PaintTarget, x: number, y: number, width: number, height: number, color: string): void {
  target.ops.push({ kind: 'rect', x, y, width, height, color });
}

/** Paints something laid out (a slice, a picture) on `target` with its top-left corner at (`x`, `top`). */
export type Paint = (target: PaintTarget, x: number, top: number) => void;
