import type { Node } from 'prosemirror-model';
import { DEFAULT_MARGINS, PAPER_SIZES, type Orientation, type PageMargins, type PageSize, type PaperSize } from './section-types.js';

/** The page of a section in twips, every value filled in: what the editor, the layout and the DOCX writer all lay out. */
export interface SectionPage {
  /** The page size turned to {@link SectionPage.orientation}: a landscape page is wider than tall. */
  readonly pageSize: PageSize;
  readonly orientation: Orientation;
  /** The margins, the header and footer distances and the gutter. */
  readonly margins: PageMargins;
}

/**
 * Returns the page of a `section` node (or of no section). A page size that is missing or not two
 * positive numbers is `paper`'s; the size is then turned to the section's orientation, so that a
 * landscape section is wide whichever way its `w:pgSz` is ordered. Each margin that is missing or
 * not a number is {@link DEFAULT_MARGINS}'.
 */
export function readSectionPage(section: Node | null | undefined, paper: PaperSize): SectionPage {
  const orientation: Orientation = section?.attrs['orientation'] === 'landscape' ? 'landscape' : 'portrait';
  const pageSize = orientPageSize(readPageSize(section?.attrs['pageSize']) ?? PAPER_SIZES[paper], orientation);
  return { pageSize, orientation, margins: readMargins(section?.attrs['margins']) };
}

// Landscape swaps the sides so that the width is the larger (ECMA-376 Part 1, 17.6.13: `w:orient`).
function orientPageSize(size: PageSize, orientation: Orientation): PageSize {
  const long = Math.max(size.width, size.height);
  const short = Math.min(size.width, size.height);
  return orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

function readPageSize(value: unknown): PageSize | null {
  const size = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof PageSize, unknown>>;
  return isLength(size.width) && isLength(size.height) && size.width > 0 && size.height > 0 ? { width: size.width, height: size.height } : null;
}

function readMargins(value: unknown): PageMargins {
  const margins = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof PageMargins, unknown>>;
  const read = (side: keyof PageMargins): number => {
    const length = margins[side];
    return isLength(length) ? length : DEFAULT_MARGINS[side];
  };
  return { top: read('top'), right: read('right'), bottom: read('bottom'), left: read('left'), header: read('header'), footer: read('footer'), gutter: read('gutter') };
}

function isLength(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
