import type { LaidOutPage } from './paginate.js';
import type { Slice } from './slice.js';

/** What started a page: its section, a slice that did not fit on the page before, or a page break before a slice. */
export type PageTrigger = 'section' | 'overflow' | 'break';

/** A page of a section as paginated, with what the next pagination of the section needs to take it over. */
export interface RememberedPage {
  readonly page: LaidOutPage;
  /** Where the page stands in its document. */
  readonly index: number;
  /** The index in the section's slices of the slice that started the page. */
  readonly slice: number;
  readonly trigger: PageTrigger;
  /** How many footnotes earlier pages had set (a prefix of `PaginationMemo.notes`). */
  readonly notesBefore: number;
}

/** A section as paginated: the slices placed (set once its body is placed) and its pages in order. */
export interface RememberedSection {
  slices: readonly Slice[];
  readonly pages: RememberedPage[];
  /** The document's headers, footers and notes the section was paginated with, which set its pages' room. */
  readonly parts: readonly unknown[];
}

/**
 * The pages of a document as last paginated, kept between layouts of a document being edited
 * (`LayoutCache.pagination`): the next pagination takes over the pages whose slices are the same
 * objects as before (the layout cache gives an unchanged block the same slices), paginating only
 * from the page before the first changed slice until its pages start again where they used to.
 */
export interface PaginationMemo {
  readonly sections: readonly RememberedSection[];
  /** Footnote ids in the order they were set at the foot of the pages. */
  readonly notes: readonly string[];
  /** How many ops and parts each page had when paginated, before its header and footer were painted. */
  readonly painted: ReadonlyMap<LaidOutPage, { readonly ops: number; readonly parts: number }>;
}

/**
 * A section's slices against those of its previous pagination: where they first differ, from
 * where on they are the same again (moved by `shift`), and which previous pages can be started
 * again from their first slice.
 */
export class PageReuse {
  /** The index of the first slice that is not the previous one's. */
  readonly firstChange: number;
  /** From this index on, every slice is the previous one at `index - shift`. */
  readonly sameFrom: number;
  readonly shift: number;
  private starts: Map<string, number> | null = null;

  constructor(
    readonly slices: readonly Slice[],
    readonly before: RememberedSection,
  ) {
    const old = before.slices;
    const common = Math.min(slices.length, old.length);
    let first = 0;
    while (first < common && slices[first] === old[first]) first += 1;
    let tail = 0;
    while (tail < common - first && slices[slices.length - 1 - tail] === old[old.length - 1 - tail]) tail += 1;
    this.firstChange = first;
    this.sameFrom = slices.length - tail;
    this.shift = slices.length - old.length;
  }

  /**
   * Whether `page` can be started again from its first slice alone: a page started by a slice
   * that did not fit, or by a page break before a slice that takes room, and not by a column break.
   */
  canResumeAt(page: RememberedPage): boolean {
    const slice = this.before.slices[page.slice];
    if (!slice || slice.columnBreakBefore) return false;
    return page.trigger === 'overflow' || (page.trigger === 'break' && slice.height > 0);
  }

  /**
   * Whether the page break before slice `index` may move with the change: a keep-with-next
   * chain through `index` (started there or before) reaches the first changed slice, whose
   * height is part of the room the chain was given.
   */
  chainedInto(index: number): boolean {
    for (let at = index; at < this.firstChange; at += 1) if (!this.slices[at]?.keepWithNext) return false;
    return true;
  }

  /** The previous page (not the section's first) that slice `index`, past the change, started the same way; null if none. */
  pageStartedBy(index: number, trigger: PageTrigger): number | null {
    if (index < this.sameFrom) return null;
    if (!this.starts) {
      this.starts = new Map();
      this.before.pages.forEach((page, at) => {
        if (at > 0) this.starts!.set(`${page.trigger}:${page.slice}`, at);
      });
    }
    return this.starts.get(`${trigger}:${index - this.shift}`) ?? null;
  }
}
