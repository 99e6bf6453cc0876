import type { Node } from 'prosemirror-model';
import type { Paint } from './paint-op.js';

/**
 * Where a slice's content starts in the document: in a textblock, at an offset in its content
 * (a line); or at the start of another block (a table row, a rule), offset 0. The node is the
 * document's own, so that a painter can find its position (see `LaidOutPage.start`).
 */
export interface SliceStart {
  readonly node: Node;
  readonly offset: number;
  /**
   * Where the other cells of a table row cut between pages continue at this start, in the row's
   * order: a painter that cuts the row cuts each of them there too.
   */
  readonly alongside?: readonly SliceStart[];
}

/**
 * A horizontal band of laid-out content: a line of text, a spacer, a table row. Pagination places
 * slices top to bottom and starts a new page when the next one does not fit.
 */
export interface Slice {
  readonly height: number;
  /** Paints the slice on `target`'s page with its top-left corner at (`x`, `top`), in points from the page's top-left. */
  readonly paint: Paint;
  /** Keep this slice on the same page as the next one (headings, orphan and widow control). */
  readonly keepWithNext?: boolean;
  /** Drop this slice when it would be the first on a page (space before a paragraph). */
  readonly discardAtTop?: boolean;
  /** Start a new page before this slice. */
  readonly pageBreakBefore?: boolean;
  /** Start the next column before this slice (a new page after the last column). */
  readonly columnBreakBefore?: boolean;
  /** Slices painted first when this slice starts a new page (a table's header rows). */
  readonly repeat?: readonly Slice[];
  /** Ids of footnotes referenced in the slice, set at the bottom of the page it lands on. */
  readonly footnotes?: readonly string[];
  /** Room the slice needs below its top on its page, when more than its height (a floating image painted with it). */
  readonly reserve?: number;
  /** A heading to add to the PDF outline when the slice is placed. */
  readonly outline?: { readonly level: number; readonly title: string };
  /** The slice is the space before or after a paragraph, automatic or not (see {@link collapseParagraphSpace}). */
  readonly paragraphSpace?: ParagraphSpace;
  /** Where the slice's content starts in the document; none for space and rules between blocks. */
  readonly start?: SliceStart;
  /** The id of the note the slice is part of, among the notes set after the text (see `LaidOutPage.parts`). */
  readonly note?: string;
}

/** The space before or after a paragraph, and the paragraph's box that records it as placed. */
export interface ParagraphSpace {
  readonly side: 'before' | 'after';
  readonly auto: boolean;
  readonly box?: BlockBox | undefined;
}

/**
 * The room a textblock takes as placed on its page: the space before and after it that was kept
 * (none at the top of a page, the larger of two joined automatic spaces), and the height of its
 * usual line of text (pictures aside, which make their lines taller). The editor sets its own text with these, so that the screen's pages fill as the layout's.
 */
export interface BlockBox {
  before: number;
  after: number;
  lineHeight: number;
  /** How many lines the layout broke the text into. */
  lines: number;
  /** Its space after is drawn beside a quote's bar, which runs on to the next paragraph. */
  afterInBar: boolean;
}

/** Returns the space before or after a paragraph; placing it records its height in `space.box`. */
export function paragraphSpacer(height: number, space: ParagraphSpace, paint?: Paint): Slice {
  return { ...spacer(height), paragraphSpace: space, paint: recordingSpace(space, height, paint) };
}

function recordingSpace(space: ParagraphSpace, height: number, paint: Paint | undefined): Paint {
  const { box, side } = space;
  if (!box) return paint ?? (() => undefined);
  return (target, x, top) => {
    box[side] = height;
    target.spaces?.push([box, side, height]);
    paint?.(target, x, top);
  };
}

/** Returns the total height of `slices`. */
export function sumHeights(slices: readonly Slice[]): number {
  return slices.reduce((sum, slice) => sum + slice.height, 0);
}

/** Returns a slice of empty space. */
export function spacer(height: number, discardAtTop = true): Slice {
  return { height, paint: () => undefined, discardAtTop };
}

/**
 * Joins the space after a paragraph and the space before the next into the larger of the two where
 * either is automatic (`w:afterAutospacing`, `w:beforeAutospacing`), as Word 2013 and later and
 * LibreOffice do; other spaces add up.
 */
export function collapseParagraphSpace(slices: readonly Slice[]): Slice[] {
  const out: Slice[] = [];
  for (const slice of slices) {
    const previous = out[out.length - 1];
    const space = slice.paragraphSpace;
    if (space?.side === 'before' && previous?.paragraphSpace?.side === 'after' && (space.auto || previous.paragraphSpace.auto)) {
      // Like the space before it includes, the joined space is dropped at the top of a page; it
      // counts as the first paragraph's space after, the second's space before being none.
      out[out.length - 1] = joinedSpace(previous, slice);
      continue;
    }
    out.push(slice);
  }
  return out;
}

// The joined spaces of two paragraph spacers, the same object for the same two: a pagination
// after an edit recognises the pages it can take over by their slices being the same objects.
const joinedSpaces = new WeakMap<Slice, WeakMap<Slice, Slice>>();

function joinedSpace(after: Slice, before: Slice): Slice {
  let joined = joinedSpaces.get(after);
  if (!joined) joinedSpaces.set(after, (joined = new WeakMap()));
  const known = joined.get(before);
  if (known) return known;
  const height = Math.max(after.height, before.height);
  const recorded = after.paragraphSpace?.box ? recordingSpace(after.paragraphSpace, height, after.paint) : after.paint;
  const slice: Slice = { ...after, height, discardAtTop: true, paragraphSpace: undefined, paint: recorded };
  joined.set(before, slice);
  return slice;
}

/**
 * Removes automatic space (`w:beforeAutospacing`, `w:afterAutospacing`) at the start or end of a
 * story, which Word and LibreOffice leave out: before the first paragraph of the document or of a
 * table cell, and after the last paragraph of a cell.
 */
export function dropEdgeAutoSpace(slices: readonly Slice[], edges: { readonly start: boolean; readonly end: boolean }): Slice[] {
  const isAuto = (slice: Slice | undefined, side: 'before' | 'after') => slice?.paragraphSpace?.side === side && slice.paragraphSpace.auto;
  const start = edges.start && isAuto(slices[0], 'before') ? 1 : 0;
  const end = edges.end && isAuto(slices[slices.length - 1], 'after') ? slices.length - 1 : slices.length;
  return start === 0 && end === slices.length ? [...slices] : slices.slice(start, end);
}
