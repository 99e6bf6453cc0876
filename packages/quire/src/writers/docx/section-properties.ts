import type { Node } from 'prosemirror-model';
import type { SectionPage } from '../../model/section-page.js';
import type { SectionColumns } from '../../model/section-types.js';

/** The width of the text column of a page, in twips: the widest a table or picture may be. */
export function textWidth(page: SectionPage): number {
  const { pageSize, margins } = page;
  return Math.max(720, pageSize.width - margins.left - margins.right - margins.gutter);
}

/**
 * The `w:sectPr` of a section written anew (ECMA-376 Part 1, 17.6.17), children in schema order:
 * `references` (its `w:headerReference` and `w:footerReference`), page size and orientation,
 * margins, page numbering, columns and a distinct first page.
 */
export function sectionPropertiesXml(page: SectionPage, section: Node | undefined, references = ''): string {
  const { pageSize, orientation, margins } = page;
  const round = (value: number): number => Math.round(Number(value) || 0);
  const start = section?.attrs['pageNumberStart'] as number | null | undefined;
  const format = section?.attrs['pageNumberFormat'] as string | null | undefined;
  const pageNumbers = typeof start === 'number' || (format && format !== 'decimal') ? `<w:pgNumType${format ? ` w:fmt="${format}"` : ''}${typeof start === 'number' ? ` w:start="${round(start)}"` : ''}/>` : '';
  const columns = section?.attrs['columns'] as SectionColumns | null | undefined;
  const cols = columns && columns.count > 1 ? `<w:cols w:num="${round(columns.count)}" w:space="${round(columns.space)}"/>` : '';
  const titlePage = section?.attrs['titlePage'] === true || /w:type="first"/.test(references) ? '<w:titlePg/>' : '';
  return (
    `<w:sectPr>${references}<w:pgSz w:w="${round(pageSize.width)}" w:h="${round(pageSize.height)}"${orientation === 'landscape' ? ' w:orient="landscape"' : ''}/>` +
    `<w:pgMar w:top="${round(margins.top)}" w:right="${round(margins.right)}" w:bottom="${round(margins.bottom)}" w:left="${round(margins.left)}" w:header="${round(margins.header)}" w:footer="${round(margins.footer)}" w:gutter="${round(margins.gutter)}"/>` +
    `${pageNumbers}${cols}${titlePage}</w:sectPr>`
  );
}
