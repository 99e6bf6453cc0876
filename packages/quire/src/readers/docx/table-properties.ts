import type { XmlElement } from '@rgrove/parse-xml';
import type { BorderLine, Borders } from '../../model/nodes/table-nodes.js';
import type { Twips } from '../../model/units.js';
import type { StructureChange } from '../../model/marks/review-marks.js';
import type { OoxmlNames } from './ooxml-names.js';
import { parseColor, parseInteger, parseOnOff, parseTwips } from './ooxml-values.js';

/** Which parts of a table style's conditional formatting apply (`w:tblLook`, ECMA-376 Part 1, 17.4.56). */
export interface TableLook {
  readonly firstRow: boolean;
  readonly lastRow: boolean;
  readonly firstColumn: boolean;
  readonly lastColumn: boolean;
  readonly noHBand: boolean;
  readonly noVBand: boolean;
}

/** Table properties (`w:tblPr`) as one level gives them. */
export interface TableProperties {
  readonly styleId?: string;
  readonly borders?: Borders;
  readonly align?: 'left' | 'center' | 'right';
  /** Shading of every cell (`w:tblPr/w:shd`), `RRGGBB`. */
  readonly shading?: string;
  readonly look?: TableLook;
  /** Rows per band of horizontal banding (`w:tblStyleRowBandSize`). */
  readonly rowBandSize?: number;
}

/** Cell properties (`w:tcPr`). */
export interface CellProperties {
  readonly gridSpan?: number;
  /** `restart` opens a vertically merged cell, `continue` extends the one above (`w:vMerge`). */
  readonly verticalMerge?: 'restart' | 'continue';
  readonly borders?: Borders;
  readonly shading?: string;
  readonly verticalAlign?: 'top' | 'center' | 'bottom';
}

/** Row properties (`w:trPr`). */
export interface RowProperties {
  readonly header?: boolean;
  readonly height?: Twips;
  readonly gridBefore?: number;
  readonly gridAfter?: number;
  /** The row is a tracked deletion (`w:trPr/w:del`). */
  readonly deleted?: StructureChange;
  /** The row is a tracked insertion (`w:trPr/w:ins`). */
  readonly inserted?: StructureChange;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// ST_Border (ECMA-376 Part 1, 17.18.2) folded onto the model's five line styles.
const BORDER_STYLES: Readonly<Record<string, BorderLine['style']>> = {
  nil: 'none',
  none: 'none',
  single: 'single',
  thick: 'single',
  double: 'double',
  triple: 'double',
  dotted: 'dotted',
  dotDotDash: 'dotted',
  dashed: 'dashed',
  dashSmallGap: 'dashed',
  dotDash: 'dashed',
};

const MAX_GRID_SPAN = 1000;

/** Returns the properties set by a `w:tblPr` element. */
export function readTableProperties(tblPr: XmlElement | undefined, names: OoxmlNames): TableProperties {
  const props: Mutable<TableProperties> = {};
  if (!tblPr) return props;
  for (const child of names.children(tblPr)) {
    const val = names.attr(child, 'w:val');
    switch (names.name(child)) {
      case 'w:tblStyle':
        if (val) props.styleId = val;
        break;
      case 'w:tblBorders': {
        const borders = readBorders(child, names);
        if (borders) props.borders = borders;
        break;
      }
      case 'w:jc':
        if (val === 'center') props.align = 'center';
        else if (val === 'right' || val === 'end') props.align = 'right';
        else if (val === 'left' || val === 'start') props.align = 'left';
        break;
      case 'w:shd': {
        const fill = readShading(child, names);
        if (fill) props.shading = fill;
        break;
      }
      case 'w:tblLook':
        props.look = readTableLook(child, names);
        break;
      case 'w:tblStyleRowBandSize': {
        const size = parseInteger(val);
        if (size !== undefined && size > 0 && size <= MAX_GRID_SPAN) props.rowBandSize = size;
        break;
      }
    }
  }
  return props;
}

/** Returns the properties set by a `w:tcPr` element. */
export function readCellProperties(tcPr: XmlElement | undefined, names: OoxmlNames): CellProperties {
  const props: Mutable<CellProperties> = {};
  if (!tcPr) return props;
  for (const child of names.children(tcPr)) {
    const val = names.attr(child, 'w:val');
    switch (names.name(child)) {
      case 'w:gridSpan': {
        const span = parseInteger(val);
        if (span !== undefined && span > 1) props.gridSpan = Math.min(span, MAX_GRID_SPAN);
        break;
      }
      case 'w:vMerge':
        // An absent value means `continue` (ECMA-376 Part 1, 17.4.85).
        props.verticalMerge = val === 'restart' ? 'restart' : 'continue';
        break;
      case 'w:tcBorders': {
        const borders = readBorders(child, names);
        if (borders) props.borders = borders;
        break;
      }
      case 'w:shd': {
        const fill = readShading(child, names);
        if (fill) props.shading = fill;
        break;
      }
      case 'w:vAlign':
        if (val === 'top' || val === 'center' || val === 'bottom') props.verticalAlign = val;
        else if (val === 'both') props.verticalAlign = 'center';
        break;
    }
  }
  return props;
}

/** Returns the properties set by a `w:trPr` element. */
export function readRowProperties(trPr: XmlElement | undefined, names: OoxmlNames): RowProperties {
  const props: Mutable<RowProperties> = {};
  if (!trPr) return props;
  for (const child of names.children(trPr)) {
    const val = names.attr(child, 'w:val');
    switch (names.name(child)) {
      case 'w:tblHeader':
        props.header = parseOnOff(val);
        break;
      case 'w:trHeight': {
        const height = parseTwips(val);
        if (height !== undefined && height > 0) props.height = height;
        break;
      }
      case 'w:gridBefore':
      case 'w:gridAfter': {
        const count = parseInteger(val);
        if (count !== undefined && count > 0) props[names.name(child) === 'w:gridBefore' ? 'gridBefore' : 'gridAfter'] = Math.min(count, MAX_GRID_SPAN);
        break;
      }
      case 'w:del':
        props.deleted = { kind: 'deletion', id: names.attr(child, 'w:id') ?? '', author: names.attr(child, 'w:author') ?? '', date: names.attr(child, 'w:date') ?? null };
        break;
      case 'w:ins':
        props.inserted = { kind: 'insertion', id: names.attr(child, 'w:id') ?? '', author: names.attr(child, 'w:author') ?? '', date: names.attr(child, 'w:date') ?? null };
        break;
    }
  }
  return props;
}

/** Returns `over` applied on top of `base`, borders merged side by side. */
export function mergeBorders(base: Borders | undefined, over: Borders | undefined): Borders | undefined {
  if (!base) return over;
  if (!over) return base;
  return { ...base, ...over };
}

function readBorders(element: XmlElement, names: OoxmlNames): Borders | undefined {
  const borders: Mutable<Borders> = {};
  for (const child of names.children(element)) {
    const line = readBorderLine(child, names);
    if (!line) continue;
    switch (names.name(child)) {
      case 'w:top':
        borders.top = line;
        break;
      case 'w:bottom':
        borders.bottom = line;
        break;
      case 'w:left':
      case 'w:start':
        borders.left = line;
        break;
      case 'w:right':
      case 'w:end':
        borders.right = line;
        break;
      case 'w:insideH':
        borders.insideH = line;
        break;
      case 'w:insideV':
        borders.insideV = line;
        break;
    }
  }
  return Object.keys(borders).length > 0 ? borders : undefined;
}

/** Returns a border element's line (`w:top`, `w:left`...); widths are eighths of a point (ST_EighthPointMeasure), art borders and unknown styles are drawn single. */
export function readBorderLine(element: XmlElement, names: OoxmlNames): BorderLine | undefined {
  const val = names.attr(element, 'w:val');
  if (val === undefined) return undefined;
  const style = BORDER_STYLES[val] ?? 'single';
  const size = parseInteger(names.attr(element, 'w:sz'));
  const width = style === 'none' ? 0 : Math.min(12, Math.max(0.25, (size ?? 4) / 8));
  const color = parseColor(names.attr(element, 'w:color'));
  return { style, width, color: color === undefined || color === 'auto' ? '000000' : color };
}

/** Returns the colour a `w:shd` paints, `RRGGBB`: its fill, or its pattern colour when solid; patterns are rare and read as their fill. */
export function readShading(element: XmlElement, names: OoxmlNames): string | undefined {
  const fill = parseColor(names.attr(element, 'w:fill'));
  if (names.attr(element, 'w:val') === 'solid') {
    const color = parseColor(names.attr(element, 'w:color'));
    if (color && color !== 'auto') return color;
  }
  return fill && fill !== 'auto' ? fill : undefined;
}

// Word 2007 writes the look as a hex bit mask in w:val; later versions as attributes (17.4.56).
function readTableLook(element: XmlElement, names: OoxmlNames): TableLook {
  const mask = parseInt(names.attr(element, 'w:val') ?? '', 16);
  const bit = (attribute: string, flag: number, fallback: boolean): boolean => {
    const value = names.attr(element, `w:${attribute}`);
    if (value !== undefined) return parseOnOff(value);
    return Number.isNaN(mask) ? fallback : (mask & flag) !== 0;
  };
  return {
    firstRow: bit('firstRow', 0x0020, true),
    lastRow: bit('lastRow', 0x0040, false),
    firstColumn: bit('firstColumn', 0x0080, true),
    lastColumn: bit('lastColumn', 0x0100, false),
    noHBand: bit('noHBand', 0x0200, false),
    noVBand: bit('noVBand', 0x0400, true),
  };
}
