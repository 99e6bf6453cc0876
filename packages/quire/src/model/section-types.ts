import type { ListNumberFormat } from './nodes/list-nodes.js';
import type { Twips } from './units.js';

/** Width and height of a page in twips, as written in `w:pgSz` (ECMA-376 Part 1, 17.6.13). */
export interface PageSize {
  readonly width: Twips;
  readonly height: Twips;
}

/** Page orientation; a landscape page is laid out wider than tall, whichever way its `w:pgSz` is ordered (see `readSectionPage`). */
export type Orientation = 'portrait' | 'landscape';

/** Page margins in twips, as written in `w:pgMar` (ECMA-376 Part 1, 17.6.11). */
export interface PageMargins {
  readonly top: Twips;
  readonly right: Twips;
  readonly bottom: Twips;
  readonly left: Twips;
  readonly header: Twips;
  readonly footer: Twips;
  readonly gutter: Twips;
}

/** Which pages a header or footer applies to (ECMA-376 Part 1, 17.18.36 ST_HdrFtr). */
export type HeaderFooterVariant = 'default' | 'first' | 'even';

/** Whether a `header_footer` node is a header or a footer. */
export type HeaderFooterKind = 'header' | 'footer';

/** The paper sizes a writer can default to when a section does not give its page size. */
export type PaperSize = 'A4' | 'Letter';

/** Page sizes of the paper sizes, in twips (A4 is 210 × 297 mm, Letter 8.5 × 11 in). */
export const PAPER_SIZES: Readonly<Record<PaperSize, PageSize>> = {
  A4: { width: 11906, height: 16838 },
  Letter: { width: 12240, height: 15840 },
};

/** Margins used when a section gives none: one inch around, headers and footers half an inch from the edge. */
export const DEFAULT_MARGINS: PageMargins = {
  top: 1440,
  right: 1440,
  bottom: 1440,
  left: 1440,
  header: 720,
  footer: 720,
  gutter: 0,
};

/** Text columns of a section (`w:cols`, ECMA-376 Part 1, 17.6.4): equal columns `space` twips apart. */
export interface SectionColumns {
  readonly count: number;
  readonly space: Twips;
}

/** Attributes of a `section` node. `null` page size or margins mean "the writer's default"; `readSectionPage` fills them in. */
export interface SectionAttrs {
  readonly pageSize: PageSize | null;
  readonly orientation: Orientation;
  readonly margins: PageMargins | null;
  /** Whether the first page uses the `first` header and footer (`w:titlePg`). */
  readonly titlePage: boolean;
  /** Text columns; `null` means one column. */
  readonly columns: SectionColumns | null;
  /** The number of the section's first page (`w:pgNumType/@w:start`); `null` continues from the previous section. */
  readonly pageNumberStart: number | null;
  /** How PAGE fields show the section's page numbers (`w:pgNumType/@w:fmt`); absent or `null` is decimal. */
  readonly pageNumberFormat?: ListNumberFormat | null;
}
