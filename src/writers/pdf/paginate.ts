import type { PdfContext } from './pdf-context.js';
import type { Slice } from './slice.js';

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

/** What was placed on one page: its section and whether it opens the section. */
export interface PageRecord {
  readonly section: number;
  readonly firstOfSection: boolean;
  readonly geometry: PageGeometry;
}

/**
 * Places slices on pages top to bottom, painting each one as it goes: a slice that does not fit
 * starts a new page (after its table's header rows), and `keepWithNext` chains move together.
 */
export class Paginator {
  readonly pages: PageRecord[] = [];
  private y = 0;
  private empty = true;
  private geometry: PageGeometry | null = null;
  private section = 0;
  private readonly outlineStack: { level: number; item: PDFKit.PDFOutline }[] = [];

  constructor(private readonly context: PdfContext) {}

  /** Starts a section on a new page with `geometry`. */
  startSection(section: number, geometry: PageGeometry): void {
    this.section = section;
    this.geometry = geometry;
    this.newPage(true);
  }

  /** Height of the page body (between the top and bottom margins) of the current section. */
  bodyHeight(): number {
    const g = this.requireGeometry();
    return Math.max(g.height - g.top - g.bottom, 36);
  }

  /** Places `slices` in order, adding pages as needed. */
  place(slices: readonly Slice[]): void {
    slices.forEach((slice, index) => {
      const g = this.requireGeometry();
      const limit = g.height - g.bottom;
      if (slice.pageBreakBefore && !this.empty) this.newPage(false);
      if (slice.discardAtTop && this.empty) return;
      let needed = slice.height;
      if (slice.keepWithNext) needed = this.chainHeight(slices, index);
      if (this.y + needed > limit + 0.01 && !this.empty) {
        this.newPage(false);
        if (slice.discardAtTop) return;
        for (const header of slice.repeat ?? []) this.paint(header);
      }
      this.paint(slice);
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

  private paint(slice: Slice): void {
    const g = this.requireGeometry();
    if (slice.outline) this.addOutline(slice.outline.level, slice.outline.title);
    slice.paint(g.left, this.y);
    this.y += slice.height;
    if (slice.height > 0) this.empty = false;
  }

  private newPage(firstOfSection: boolean): void {
    const g = this.requireGeometry();
    this.context.pdf.addPage({ size: [g.width, g.height], margin: 0 });
    this.pages.push({ section: this.section, firstOfSection, geometry: g });
    this.y = g.top;
    this.empty = true;
  }

  private addOutline(level: number, title: string): void {
    while (this.outlineStack.length > 0 && (this.outlineStack.at(-1)?.level ?? 0) >= level) this.outlineStack.pop();
    const parent = this.outlineStack.at(-1)?.item ?? this.context.pdf.outline;
    const item = parent.addItem(title.slice(0, 500));
    this.outlineStack.push({ level, item });
  }

  private requireGeometry(): PageGeometry {
    if (!this.geometry) throw new Error('Paginator used before startSection');
    return this.geometry;
  }
}
