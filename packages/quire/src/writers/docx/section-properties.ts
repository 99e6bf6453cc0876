import type { Node } from 'prosemirror-model';
import { DEFAULT_MARGINS, orientPageSize, PAPER_SIZES, type PageMargins, type PageSize, type PaperSize, type SectionColumns } from '../../model/section-types.js';

/** The page of a section: its size (as it stands, landscape included) and margins. */
export interface SectionGeometry {
  readonly size: PageSize;
  readonly landscape: boolean;
  readonly margins: PageMargins;
}

/** The page of a `section` node (or of none), with `paper` and one-inch margins where it gives none. */
export function sectionGeometry(section: Node | undefined, paper: PaperSize): SectionGeometry {
  const landscape = section?.attrs['orientation'] === 'landscape';
  const size = (section?.attrs['pageSize'] as PageSize | null | undefined) ?? orientPageSize(PAPER_SIZES[paper], landscape ? 'landscape' : 'portrait');
  return { size, landscape, margins: { ...DEFAULT_MARGINS, ...((section?.attrs['margins'] as Partial<PageMargins> | null | undefined) ?? {}) } };
}

/** The width of the text column of a page, in twips: the widest a table or picture may be. */
export function textWidth(geometry: SectionGeometry): number {
  const { size, margins } = geometry;
  return Math.max(720, size.width - margins.left - margins.right - margins.gutter);
}

/**
 * The `w:sectPr` of a section written anew (ECMA-376 Part 1, 17.6.17), children in schema order:
 * `references` (its `w:headerReference` and `w:footerReference`), page size and orientation,
 * margins, page numbering, columns and a distinct first page.
 */
export function sectionPropertiesXml(geometry: SectionGeometry, section: Node | undefined, references = ''): string {
  const { size, landscape, margins } = geometry;
  const round = (value: number): number => Math.round(Number(value) || 0);
  const start = section?.attrs['pageNumberStart'] as number | null | undefined;
  const format = section?.attrs['pageNumberFormat'] as string | null | undefined;
  const pageNumbers = typeof start === 'number' || (format && format !== 'decimal') ? `<w:pgNumType${format ? ` w:fmt="${format}"` : ''}${typeof start === 'number' ? ` w:start="${round(start)}"` : ''}/>` : '';
  const columns = section?.attrs['columns'] as SectionColumns | null | undefined;
  const cols = columns && columns.count > 1 ? `<w:cols w:num="${round(columns.count)}" w:space="${round(columns.space)}"/>` : '';
  const titlePage = section?.attrs['titlePage'] === true || /w:type="first"/.test(references) ? '<w:titlePg/>' : '';
  return (
    `<w:sectPr>${references}<w:pgSz w:w="${round(size.width)}" w:h="${round(size.height)}"${landscape ? ' w:orient="landscape"' : ''}/>` +
    `<w:pgMar w:top="${round(margins.top)}" w:right="${round(margins.right)}" w:bottom="${round(margins.bottom)}" w:left="${round(margins.left)}" w:header="${round(margins.header)}" w:footer="${round(margins.footer)}" w:gutter="${round(margins.gutter)}"/>` +
    `${pageNumbers}${cols}${titlePage}</w:sectPr>`
  );
}
