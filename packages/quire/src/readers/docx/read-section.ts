import type { XmlElement } from '@rgrove/parse-xml';
import type { ListNumberFormat } from '../../model/nodes/list-nodes.js';
import type { HeaderFooterKind, HeaderFooterVariant, PageMargins, SectionAttrs, SectionColumns } from '../../model/section-types.js';
import type { OoxmlNames } from './ooxml-names.js';
import { parseInteger, parseOnOff, parseTwips } from './ooxml-values.js';

/** The relationship ids of a section's headers or footers, by variant. */
export type HeaderFooterReferences = Partial<Record<HeaderFooterVariant, string>>;

/** A section's properties (`w:sectPr`, ECMA-376 Part 1, 17.6.17): page geometry and header and footer references. */
export interface SectionProperties {
  readonly attrs: SectionAttrs;
  readonly references: Readonly<Record<HeaderFooterKind, HeaderFooterReferences>>;
}

// Word allows at most 45 columns (ECMA-376 Part 1, 17.6.4); 720 twips apart when not given.
const MAX_COLUMNS = 45;
const MAX_PAGE_NUMBER = 1_000_000;
const DEFAULT_COLUMN_SPACE = 720;
const MARGIN_NAMES = ['top', 'right', 'bottom', 'left', 'header', 'footer', 'gutter'] as const;

/** Returns the properties of a `w:sectPr` element; a missing element gives the model's defaults. */
export function readSectionProperties(sectPr: XmlElement | undefined, names: OoxmlNames): SectionProperties {
  const references: Record<HeaderFooterKind, HeaderFooterReferences> = { header: {}, footer: {} };
  if (!sectPr) return { attrs: { pageSize: null, orientation: 'portrait', margins: null, titlePage: false, columns: null, pageNumberStart: null }, references };
  for (const child of names.children(sectPr)) {
    const name = names.name(child);
    if (name !== 'w:headerReference' && name !== 'w:footerReference') continue;
    const id = names.attr(child, 'r:id');
    const type = names.attr(child, 'w:type') ?? 'default';
    if (id === undefined || (type !== 'default' && type !== 'first' && type !== 'even')) continue;
    references[name === 'w:headerReference' ? 'header' : 'footer'][type] = id;
  }
  const pgSz = names.child(sectPr, 'w:pgSz');
  const width = parseTwips(pgSz && names.attr(pgSz, 'w:w'));
  const height = parseTwips(pgSz && names.attr(pgSz, 'w:h'));
  const pageSize = width !== undefined && height !== undefined && width > 0 && height > 0 ? { width, height } : null;
  const orient = pgSz && names.attr(pgSz, 'w:orient');
  const landscape = orient === 'landscape' || (orient === undefined && pageSize !== null && pageSize.width > pageSize.height);
  const titlePg = names.child(sectPr, 'w:titlePg');
  return {
    attrs: {
      pageSize,
      orientation: landscape ? 'landscape' : 'portrait',
      margins: readMargins(names.child(sectPr, 'w:pgMar'), names),
      titlePage: titlePg ? parseOnOff(names.attr(titlePg, 'w:val')) : false,
      columns: readColumns(names.child(sectPr, 'w:cols'), names),
      pageNumberStart: readPageNumberStart(names.child(sectPr, 'w:pgNumType'), names),
      pageNumberFormat: readPageNumberFormat(names.child(sectPr, 'w:pgNumType'), names),
    },
    references,
  };
}

function readPageNumberStart(pgNumType: XmlElement | undefined, names: OoxmlNames): number | null {
  const start = parseInteger(pgNumType && names.attr(pgNumType, 'w:start'));
  return start !== undefined && start >= 0 && start <= MAX_PAGE_NUMBER ? start : null;
}

// ST_NumberFormat (ECMA-376 Part 1, 17.18.59): the formats a writer can show; others read as decimal.
const PAGE_NUMBER_FORMATS: ReadonlySet<string> = new Set(['lowerRoman', 'upperRoman', 'lowerLetter', 'upperLetter']);

function readPageNumberFormat(pgNumType: XmlElement | undefined, names: OoxmlNames): ListNumberFormat | null {
  const format = pgNumType && names.attr(pgNumType, 'w:fmt');
  return format !== undefined && PAGE_NUMBER_FORMATS.has(format) ? (format as ListNumberFormat) : null;
}

// Columns of unequal widths (`w:col` children) are read as as many equal ones; one column is null.
function readColumns(cols: XmlElement | undefined, names: OoxmlNames): SectionColumns | null {
  if (!cols) return null;
  const listed = names.childrenNamed(cols, 'w:col').length;
  const count = Math.min(parseInteger(names.attr(cols, 'w:num')) ?? (listed > 0 ? listed : 1), MAX_COLUMNS);
  if (count <= 1) return null;
  const space = parseTwips(names.attr(cols, 'w:space'));
  return { count, space: space !== undefined && space >= 0 ? space : DEFAULT_COLUMN_SPACE };
}

// Top and bottom margins may be negative (ST_SignedTwipsMeasure): the text then ignores the
// header or footer; the model keeps the distance, which is what a writer can lay out.
function readMargins(pgMar: XmlElement | undefined, names: OoxmlNames): PageMargins | null {
  if (!pgMar) return null;
  const margins = {} as Record<(typeof MARGIN_NAMES)[number], number>;
  for (const side of MARGIN_NAMES) margins[side] = Math.abs(parseTwips(names.attr(pgMar, `w:${side}`)) ?? 0);
  return margins;
}
