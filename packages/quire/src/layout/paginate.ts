import type { HeaderFooterVariant } from '../model/index.js';
import { strokeLine } from './paint-op.js';
import type { PaintOp, PaintTarget } from './paint-op.js';
import { sumHeights } from './slice.js';
import type { Slice, SliceStart } from './slice.js';

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
}

/**
 * Where a header, footer or footnote is painted on a page, from the page's top (the header and
 * footer of the page's section in the variant the page shows).
 */
export type PagePart =
  | { readonly kind: 'header' | 'footer'; readonly variant: HeaderFooterVariant; readonly top: number; readonly bottom: number }
  | { readonly kind: 'footnote'; readonly id: string; readonly top: number; readonly bottom: number };

/** Where a page's body starts in the document (see {@link SliceStart}) and where its first line stands on the page. */
export interface PageStart extends SliceStart {
  readonly top: number;
  /** The indexes in the page's ops of the first op its first line (or row) painted and of the one after its last. */
  readonly ops: readonly [number, number];
}

type PageInProgress = { -readonly [K in keyof LaidOutPage]: LaidOutPage[K] };

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

  constructor(
    private readonly layoutFootnote: FootnoteLayout = () => [],
    private readonly measureFurniture: FurnitureMeasure = () => ({ header: 0, footer: 0 }),
  ) {}

  /** The pages laid out so far. */
  get pages(): readonly LaidOutPage[] {
    return this.laidOut;
  }

  /**
   * Ends the document's own text: the slices placed after it (notes set at the end) start no page
   * in the document and count as drawn around the text (see `LaidOutPage.textOps`).
   */
  endText(): void {
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

  /** Starts a section on a new page with `geometry`, its text set in `columns`. */
  startSection(section: number, geometry: PageGeometry, columns: ColumnLayout = { count: 1, space: 0 }): void {
    this.flushNotes();
    this.section = section;
    this.geometry = geometry;
    this.columns = { count: Math.max(1, Math.floor(columns.count)), space: Math.max(0, columns.space) };
    this.newPage(true);
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

  /** Places `slices` in order, adding pages as needed. */
  place(slices: readonly Slice[]): void {
    slices.forEach((slice, index) => {
      // A second page break in a row leaves an empty page, as Word does.
      if (slice.pageBreakBefore && (!this.empty || this.fromBreak)) {
        this.newPage(false);
        this.fromBreak = slice.height === 0;
      }
      if (slice.columnBreakBefore) this.nextColumn();
      if (slice.discardAtTop && this.empty) return;
      let needed = slice.height;
      if (slice.keepWithNext) needed = this.chainHeight(slices, index);
      // A floating image moves to the next page with its paragraph, unless it is taller than a page.
      if (slice.reserve !== undefined && slice.reserve <= this.bodyHeight()) needed = Math.max(needed, slice.reserve);
      if (this.y + needed + this.notesHeight(slice) > this.limit + 0.01 && !this.empty) {
        this.nextColumn();
        if (slice.discardAtTop) return;
        for (const header of slice.repeat ?? []) this.paint(header, false);
      }
      this.paint(slice, true);
    });
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
      const last = page.parts.at(-1);
      if (last?.kind === 'footnote' && last.id === id) page.parts[page.parts.length - 1] = { ...last, bottom: y + note.height };
      else if (id !== undefined) page.parts.push({ kind: 'footnote', id, top: y, bottom: y + note.height });
      y += note.height;
    }
    this.pageNotes = [];
  }

  // A table's header rows repeated at the top of a page are painted, but the page starts at the row after them.
  private paint(slice: Slice, own: boolean): void {
    const g = this.requireGeometry();
    this.pageNotes.push(...this.newNotes(slice));
    for (const id of slice.footnotes ?? []) this.placedFootnotes.add(id);
    const page = this.currentPage();
    const starts = own && !this.textEnded && slice.start !== undefined && page.start === null;
    const firstOp = page.ops.length;
    if (slice.outline) page.outline.push(slice.outline);
    slice.paint(page, g.left + this.column * (this.columnWidth() + this.columns.space), this.y);
    if (starts && slice.start) page.start = { ...slice.start, top: this.y, ops: [firstOp, page.ops.length] };
    this.y += slice.height;
    if (slice.height > 0) {
      this.empty = false;
      this.fromBreak = false;
    }
  }

  // Text flows to the top of the next column, and to a new page after the last one.
  private nextColumn(): void {
    if (this.column + 1 >= this.columns.count) {
      this.newPage(false);
      return;
    }
    this.column += 1;
    this.y = this.top;
    this.empty = true;
  }

  private newPage(firstOfSection: boolean): void {
    this.flushNotes();
    const g = this.requireGeometry();
    // A header or footer taller than its margin pushes the body away from it, as in Word.
    const furniture = this.measureFurniture(this.section, this.pages.length + 1, firstOfSection);
    this.top = Math.max(g.top, g.header + furniture.header);
    this.y = this.top;
    this.column = 0;
    this.fromBreak = false;
    this.limit = Math.max(g.height - Math.max(g.bottom, g.footer + furniture.footer), this.y + 36);
    const ops: PaintOp[] = [];
    this.laidOut.push({ section: this.section, firstOfSection, geometry: g, ops, bodyBottom: this.limit, outline: [], bodyTop: this.top, start: null, textOps: 0, footnotesTop: this.limit, bodyEnd: this.y, parts: [] });
    this.empty = true;
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
