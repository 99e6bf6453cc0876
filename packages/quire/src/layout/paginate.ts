import type { HeaderFooterVariant } from '../model/index.js';
import { strokeLine } from './paint-op.js';
import type { PaintOp, PaintTarget } from './paint-op.js';
import { sumHeights } from './slice.js';
import type { Slice, SliceStart } from './slice.js';
import { PageReuse, type PageTrigger, type PaginationMemo, type RememberedPage, type RememberedSection } from './page-reuse.js';

/** A page's size and margins in points. */
export interface PageGeometry {
  readonly width: number;
  readonly height: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
  readonly header: number;
  readonly footer: number;
}

/** Text columns of a section in points: how many, and the gap between two. */
export interface ColumnLayout {
  readonly count: number;
  readonly space: number;
}

/** A heading on a page, for a painter's outline (the PDF's bookmarks). */
export interface OutlineEntry {
  readonly level: number;
  readonly title: string;
}

/**
 * One laid-out page: its section, whether it opens the section, its size and margins, what is
 * drawn on it, and the headings that start on it.
 */
export interface LaidOutPage extends PaintTarget {
  readonly section: number;
  readonly firstOfSection: boolean;
  readonly outline: OutlineEntry[];
  /** Where the body of the page starts, from the top of the page (below the top margin and the header). */
  readonly bodyTop: number;
  /**
   * Where the page's body text starts in the document, and the top of its first line (or row) on
   * the page; null for a page that holds no text of its own (a blank page between two breaks).
   */
  readonly start: PageStart | null;
  /**
   * How many of `ops` the document's own text painted (its sections' blocks): the notes set after
   * the text, the footnotes, then the header and footer follow, for painters that show the text
   * themselves and draw the rest from the ops.
   */
  readonly textOps: number;
  /** Where the body text must end, from the top of the page: the top of the footnotes, or `bodyBottom` without any. */
  readonly footnotesTop: number;
  /** Where the document's own text placed on the page ends, from its top (in the last column used). */
  readonly bodyEnd: number;
  /** Where the page's header, footer and footnotes are painted, for a painter that lets people pick one. */
  readonly parts: PagePart[];
  /**
   * The comment margin beside the page, in `all` markup with comments (see `placeCommentMargins`):
   * its width, right of the page, and what is drawn in it, in the page's points (x past its width).
   * A painter puts page and margin side by side, shrunk onto the page's paper as Word prints them.
   */
  readonly markupArea?: MarkupArea;
}

/** A margin beside a page holding the comments (see {@link LaidOutPage.markupArea}). */
export interface MarkupArea {
  readonly width: number;
  readonly ops: readonly PaintOp[];
}

/**
 * Where a header, footer or note is painted on a page, from the page's top (a footnote at its
 * foot, or a note set after the text, an endnote's id starting `endnote-`; the header and
 * footer of the page's section in the variant the page shows, with the text of each of its page
 * fields on that page in document order, null where the producer's result stands).
 */
export type PagePart =
  | {
      readonly kind: 'header' | 'footer';
      readonly variant: HeaderFooterVariant;
      readonly top: number;
      readonly bottom: number;
      readonly fields: readonly (string | null)[];
      /** The page's section has no such part: the box is the margin it would stand in (where a double-click adds one, as in Word). */
      readonly missing?: true;
    }
  | { readonly kind: 'footnote'; readonly id: string; readonly top: number; readonly bottom: number };

/** Where a page's body starts in the document (see {@link SliceStart}) and where its first line stands on the page. */
export interface PageStart extends SliceStart {
  readonly top: number;
  /** The indexes in the page's ops of the first op its first line (or row) painted and of the one after its last. */
  readonly ops: readonly [number, number];
}

type PageInProgress = { -readonly [K in keyof LaidOutPage]: LaidOutPage[K] };

// A note's part on the page runs from its first slice there to its last one.
function addNotePart(page: PageInProgress, id: string, top: number, bottom: number): void {
  const last = page.parts.at(-1);
  if (last?.kind === 'footnote' && last.id === id) page.parts[page.parts.length - 1] = { ...last, bottom };
  else page.parts.push({ kind: 'footnote', id, top, bottom });
}

/** Heights in points of the header and footer shown on a page. */
export interface FurnitureHeights {
  readonly header: number;
  readonly footer: number;
}

/** Returns the heights of the header and footer of page `pageNumber` (1-based) of section `section`. */
export type FurnitureMeasure = (section: number, pageNumber: number, firstOfSection: boolean) => FurnitureHeights;

/** Lays out the footnote with an id as slices; an unknown id gives no slices. */
export type FootnoteLayout = (id: string) => readonly Slice[];

/** Height of the space and rule above the footnotes of a page. */
const NOTE_SEPARATOR = 12;


/**
 * Places slices on pages top to bottom, painting each one on its page as it goes: a slice that does not fit
 * starts a new page (after its table's header rows), and `keepWithNext` chains move together.
 * Footnotes go to the bottom of the page of the line that refers to them; a slice moves to the
 * next page when it and its footnotes do not fit.
 */
export class Paginator {
  private readonly laidOut: PageInProgress[] = [];
  private y = 0;
  /** Where the body of the current page ends, from the top of the page. */
  private limit = 0;
  /** Where the body of the current page starts, from the top of the page. */
  private top = 0;
  private columns: ColumnLayout = { count: 1, space: 0 };
  private column = 0;
  private empty = true;
  /** The document's own text is placed: what follows (notes at the end) is not (see {@link endText}). */
  private textEnded = false;
  /** The page was started by an explicit page break and holds nothing yet. */
  private fromBreak = false;
  private geometry: PageGeometry | null = null;
  private section = 0;
  private pageNotes: Slice[] = [];
  private readonly noteSlices = new Map<string, readonly Slice[]>();
  /** The footnote each note slice belongs to, to say where each note is painted (see `LaidOutPage.parts`). */
  private readonly noteOfSlice = new Map<Slice, string>();
  /** Ids of the footnotes already set at the bottom of a page. */
  readonly placedFootnotes = new Set<string>();
  /** `placedFootnotes` in the order they were set. */
  private readonly noteOrder: string[] = [];
  private readonly sections: RememberedSection[] = [];
  /** The section being paginated, until the text ends. */
  private recording: RememberedSection | null = null;

  constructor(
    private readonly layoutFootnote: FootnoteLayout = () => [],
    private readonly measureFurniture: FurnitureMeasure = () => ({ header: 0, footer: 0 }),
    /** The last pagination of the same document, whose pages may be taken over (see {@link PaginationMemo}). */
    private readonly previous: PaginationMemo | null = null,
  ) {}

  /**
   * What this pagination made, for the next one of the same document; call after `finish` and
   * before anything else is painted on the pages.
   */
  memo(): PaginationMemo {
    const painted = new Map(this.laidOut.map((page) => [page as LaidOutPage, { ops: page.ops.length, parts: page.parts.length }]));
    return { sections: this.sections, notes: this.noteOrder, painted };
  }

  /** The pages laid out so far. */
  get pages(): readonly LaidOutPage[] {
    return this.laidOut;
  }

  /**
   * Ends the document's own text: the slices placed after it (notes set at the end) start no page
   * in the document and count as drawn around the text (see `LaidOutPage.textOps`).
   */
  endText(): void {
    this.recording = null;
    const current = this.laidOut.at(-1);
    if (current && !this.textEnded) {
      current.textOps = current.ops.length;
      current.bodyEnd = this.y;
    }
    this.textEnded = true;
  }

  /** Sets the footnotes of the last page; call once after the last slice. */
  finish(): void {
    this.flushNotes();
  }

  /**
   * Starts a section on a new page with `geometry`, its text set in `columns`; `parts` are the
   * headers, footers and notes its pages are paginated with (a previous pagination of the section
   * is taken over only when they are the same).
   */
  startSection(section: number, geometry: PageGeometry, columns: ColumnLayout = { count: 1, space: 0 }, parts: readonly unknown[] = []): void {
    this.flushNotes();
    this.section = section;
    this.geometry = geometry;
    this.columns = { count: Math.max(1, Math.floor(columns.count)), space: Math.max(0, columns.space) };
    this.recording = null;
    this.newPage(true);
    this.recording = { slices: [], pages: [], parts };
    this.sections[section] = this.recording;
    this.remember('section', 0);
  }

  /** Width of one text column of the current section. */
  columnWidth(): number {
    const g = this.requireGeometry();
    const { count, space } = this.columns;
    return Math.max((g.width - g.left - g.right - (count - 1) * space) / count, 24);
  }

  /** Height of the page body (between the top and bottom margins) of the current section. */
  bodyHeight(): number {
    const g = this.requireGeometry();
    return Math.max(g.height - g.top - g.bottom, 36);
  }

  /**
   * Places `slices` in order, adding pages as needed. The first call after `startSection` places
   * the section's body: pages that the previous pagination made of the same slices are taken over.
   */
  place(slices: readonly Slice[]): void {
    const section = this.recording;
    const previous = section && section.slices.length === 0 ? this.previousOf(section) : null;
    if (section) section.slices = slices;
    const reuse = previous ? new PageReuse(slices, previous) : null;
    let index = reuse ? this.takeOverHead(reuse) : 0;
    while (index < slices.length) index = this.step(slices, index, reuse);
  }

  // Places slice `index` and returns the index of the next slice to place.
  private step(slices: readonly Slice[], index: number, reuse: PageReuse | null): number {
    const slice = slices[index]!;
    // A second page break in a row leaves an empty page, as Word does.
    if (slice.pageBreakBefore && (!this.empty || this.fromBreak)) {
      const settled = reuse ? this.takeOverTail(reuse, index, 'break') : null;
      if (settled !== null) return settled;
      this.newPage(false);
      this.remember('break', index);
      this.fromBreak = slice.height === 0;
    }
    if (slice.columnBreakBefore) this.nextColumn(index);
    if (slice.discardAtTop && this.empty) return index + 1;
    let needed = slice.height;
    if (slice.keepWithNext) needed = this.chainHeight(slices, index);
    // A floating image moves to the next page with its paragraph, unless it is taller than a page.
    if (slice.reserve !== undefined && slice.reserve <= this.bodyHeight()) needed = Math.max(needed, slice.reserve);
    if (this.y + needed + this.notesHeight(slice) > this.limit + 0.01 && !this.empty) {
      const settled = reuse && this.column + 1 >= this.columns.count ? this.takeOverTail(reuse, index, 'overflow') : null;
      if (settled !== null) return settled;
      this.nextColumn(index);
      return this.startAfterOverflow(slice, index);
    }
    this.paint(slice, true);
    return index + 1;
  }

  // The first slice of a page or column started because it did not fit on the one before.
  private startAfterOverflow(slice: Slice, index: number): number {
    if (slice.discardAtTop) return index + 1;
    for (const header of slice.repeat ?? []) this.paint(header, false);
    this.paint(slice, true);
    return index + 1;
  }

  // The previous pagination of the section being started, if it can be taken over: same first
  // page, same footnotes set before it, same headers, footers and notes.
  private previousOf(section: RememberedSection): RememberedSection | null {
    const before = this.previous?.sections[this.section];
    const first = before?.pages[0];
    if (!before || !first) return null;
    const same = before.parts.length === section.parts.length && before.parts.every((part, index) => part === section.parts[index]);
    return same && first.index === this.laidOut.length - 1 && this.sameNotes(first.notesBefore) ? before : null;
  }

  // Whether the footnotes set so far are the first `count` the previous pagination set.
  private sameNotes(count: number): boolean {
    if (this.noteOrder.length !== count) return false;
    const notes = this.previous?.notes ?? [];
    for (let index = 0; index < count; index += 1) if (!this.placedFootnotes.has(notes[index]!)) return false;
    return true;
  }

  /**
   * Takes over the section's first pages up to the one before the first changed slice (and
   * before any page whose start a keep-with-next chain into the change could move), and returns
   * the index of the next slice to place.
   */
  private takeOverHead(reuse: PageReuse): number {
    const pages = reuse.before.pages;
    let restart = 0;
    for (let index = pages.length - 1; index > 0; index -= 1) {
      const page = pages[index]!;
      if (page.slice < reuse.firstChange && reuse.canResumeAt(page) && !reuse.chainedInto(page.slice)) {
        restart = index;
        break;
      }
    }
    if (restart === 0) return 0;
    // The section's first page, started empty, is the previous one's again.
    this.laidOut.pop();
    this.recording!.pages.length = 0;
    this.takeOver(pages, 0, restart, 0);
    return this.resume(reuse.slices, pages[restart]!, 0);
  }

  /**
   * Where slice `index` (past the changed slices) starts a page as it did before, with the same
   * room and footnotes: takes over the previous pages from there to the one before the section's
   * last, which is paginated again, and returns the index of the next slice to place; null when
   * the pages have not settled there.
   */
  private takeOverTail(reuse: PageReuse, index: number, trigger: PageTrigger): number | null {
    const at = reuse.pageStartedBy(index, trigger);
    if (at === null) return null;
    const pages = reuse.before.pages;
    const from = pages[at]!;
    let end = pages.length - 1;
    while (end > at && !reuse.canResumeAt(pages[end]!)) end -= 1;
    if (end <= at || from.index !== this.laidOut.length || !this.sameNotes(from.notesBefore)) return null;
    const g = this.requireGeometry();
    const furniture = this.measureFurniture(this.section, this.laidOut.length + 1, false);
    const top = Math.max(g.top, g.header + furniture.header);
    if (top !== from.page.bodyTop || this.bodyLimit(top, furniture) !== from.page.bodyBottom) return null;
    this.flushNotes();
    this.takeOver(pages, at, end, reuse.shift);
    return this.resume(reuse.slices, pages[end]!, reuse.shift);
  }

  // Adds the previous pagination's pages `from` to `to` (excluded), their footnotes with them.
  private takeOver(pages: readonly RememberedPage[], from: number, to: number, shift: number): void {
    const painted = this.previous!.painted;
    for (let index = from; index < to; index += 1) {
      const { page, slice, trigger, notesBefore } = pages[index]!;
      const counts = painted.get(page) ?? { ops: page.ops.length, parts: page.parts.length };
      const spaces = page.spaces ?? [];
      // The boxes of the page's paragraphs keep the spaces painted there (a layout starts them at none).
      for (const [box, side, height] of spaces) box[side] = height;
      const copy: PageInProgress = { ...page, ops: page.ops.slice(0, counts.ops), parts: page.parts.slice(0, counts.parts), outline: [...page.outline], spaces: [...spaces] };
      this.recording!.pages.push({ page: copy, index: this.laidOut.length, slice: slice + shift, trigger, notesBefore });
      this.laidOut.push(copy);
    }
    const notes = this.previous!.notes;
    const last = pages[to]?.notesBefore ?? this.noteOrder.length;
    for (let index = this.noteOrder.length; index < last; index += 1) this.setNote(notes[index]!);
    this.pageNotes = [];
  }

  // Starts the page that `page` started before (its slice moved by `shift`) and returns the index of the next slice to place.
  private resume(slices: readonly Slice[], page: RememberedPage, shift: number): number {
    const index = page.slice + shift;
    this.newPage(false, false);
    this.remember(page.trigger, index);
    return page.trigger === 'overflow' ? this.startAfterOverflow(slices[index]!, index) : this.step(slices, index, null);
  }

  private remember(trigger: PageTrigger, slice: number): void {
    const page = this.laidOut.at(-1);
    if (this.recording && page) this.recording.pages.push({ page, index: this.laidOut.length - 1, slice, trigger, notesBefore: this.noteOrder.length });
  }

  private setNote(id: string): void {
    if (this.placedFootnotes.has(id)) return;
    this.placedFootnotes.add(id);
    this.noteOrder.push(id);
  }

  private chainHeight(slices: readonly Slice[], index: number): number {
    let height = 0;
    for (let i = index; i < slices.length; i += 1) {
      const slice = slices[i]!;
      height += slice.height;
      if (!slice.keepWithNext) break;
    }
    // A chain longer than a page cannot stay together: then only the slice itself must fit.
    return height > this.bodyHeight() ? (slices[index]?.height ?? 0) : height;
  }

  private newNotes(slice: Slice): Slice[] {
    const notes: Slice[] = [];
    for (const id of slice.footnotes ?? []) {
      if (this.placedFootnotes.has(id)) continue;
      let laid = this.noteSlices.get(id);
      if (!laid) {
        laid = this.layoutFootnote(id);
        this.noteSlices.set(id, laid);
        for (const note of laid) this.noteOfSlice.set(note, id);
      }
      notes.push(...laid);
    }
    return notes;
  }

  /** Height that the page's footnotes take with those of `slice` added. */
  private notesHeight(slice: Slice): number {
    const all = [...this.pageNotes, ...this.newNotes(slice)];
    return all.length > 0 ? sumHeights(all) + NOTE_SEPARATOR : 0;
  }

  private flushNotes(): void {
    const current = this.laidOut.at(-1);
    if (current && !this.textEnded) {
      current.textOps = current.ops.length;
      current.bodyEnd = this.y;
    }
    if (this.pageNotes.length === 0 || !this.geometry) return;
    const g = this.geometry;
    const page = this.currentPage();
    let y = this.limit - sumHeights(this.pageNotes);
    page.footnotesTop = y - NOTE_SEPARATOR;
    strokeLine(page, g.left, y - NOTE_SEPARATOR / 2, g.left + 144, y - NOTE_SEPARATOR / 2, 0.5, '000000');
    for (const note of this.pageNotes) {
      note.paint(page, g.left, y);
      const id = this.noteOfSlice.get(note);
      if (id !== undefined) addNotePart(page, id, y, y + note.height);
      y += note.height;
    }
    this.pageNotes = [];
  }

  // A table's header rows repeated at the top of a page are painted, but the page starts at the row after them.
  private paint(slice: Slice, own: boolean): void {
    const g = this.requireGeometry();
    this.pageNotes.push(...this.newNotes(slice));
    for (const id of slice.footnotes ?? []) this.setNote(id);
    const page = this.currentPage();
    const starts = own && !this.textEnded && slice.start !== undefined && page.start === null;
    const firstOp = page.ops.length;
    if (slice.outline) page.outline.push(slice.outline);
    slice.paint(page, g.left + this.column * (this.columnWidth() + this.columns.space), this.y);
    if (starts && slice.start) page.start = { ...slice.start, top: this.y, ops: [firstOp, page.ops.length] };
    if (slice.note !== undefined) addNotePart(page, slice.note, this.y, this.y + slice.height);
    this.y += slice.height;
    if (slice.height > 0) {
      this.empty = false;
      this.fromBreak = false;
    }
  }

  // Text flows to the top of the next column, and to a new page (started by slice `index`) after the last one.
  private nextColumn(index: number): void {
    if (this.column + 1 >= this.columns.count) {
      this.newPage(false);
      this.remember('overflow', index);
      return;
    }
    this.column += 1;
    this.y = this.top;
    this.empty = true;
  }

  // `flush` false after pages taken over, whose footnotes are set already.
  private newPage(firstOfSection: boolean, flush = true): void {
    if (flush) this.flushNotes();
    const g = this.requireGeometry();
    // A header or footer taller than its margin pushes the body away from it, as in Word.
    const furniture = this.measureFurniture(this.section, this.pages.length + 1, firstOfSection);
    this.top = Math.max(g.top, g.header + furniture.header);
    this.y = this.top;
    this.column = 0;
    this.fromBreak = false;
    this.limit = this.bodyLimit(this.top, furniture);
    const ops: PaintOp[] = [];
    this.laidOut.push({ section: this.section, firstOfSection, geometry: g, ops, bodyBottom: this.limit, outline: [], bodyTop: this.top, start: null, textOps: 0, footnotesTop: this.limit, bodyEnd: this.y, parts: [], spaces: [] });
    this.empty = true;
  }

  // Where the body of a page ends, from its top, below a body starting at `top`.
  private bodyLimit(top: number, furniture: FurnitureHeights): number {
    const g = this.requireGeometry();
    return Math.max(g.height - Math.max(g.bottom, g.footer + furniture.footer), top + 36);
  }

  private currentPage(): PageInProgress {
    const page = this.laidOut.at(-1);
    if (!page) throw new Error('Paginator used before startSection');
    return page;
  }

  private requireGeometry(): PageGeometry {
    if (!this.geometry) throw new Error('Paginator used before startSection');
    return this.geometry;
  }
}
