import type { XmlElement } from '@rgrove/parse-xml';
import type { ParagraphBorder, ParagraphBorders } from '../../model/document-defaults.js';
import type { Alignment, Indentation, Spacing } from '../../model/paragraph-attrs.js';
import type { OoxmlNames } from './ooxml-names.js';
import { parseInteger, parseOnOff, parseTwips } from './ooxml-values.js';
import { readBorderLine, readShading } from './table-properties.js';
import { mergeTabStops, readTabStopList, type ReadTabStop } from './tab-stop-properties.js';

/** A paragraph's numbering reference (`w:numPr`); each field may come from a different level. */
export interface NumberingReference {
  readonly numId?: string;
  readonly level?: number;
}

/**
 * Paragraph properties (`w:pPr`, ECMA-376 Part 1, 17.3.1) as one level of the style hierarchy
 * gives them; a property the level does not set is absent.
 */
export interface ParagraphProperties {
  readonly styleId?: string;
  readonly numbering?: NumberingReference;
  /** Outline level 0 to 8 (`w:outlineLvl`); 9 is body text. */
  readonly outlineLevel?: number;
  readonly align?: Alignment;
  readonly indent?: Indentation;
  readonly spacing?: Spacing;
  readonly keepNext?: boolean;
  readonly keepLines?: boolean;
  readonly pageBreakBefore?: boolean;
  /** Right-to-left paragraph (`w:bidi`, ECMA-376 Part 1, 17.3.1.6). */
  readonly bidi?: boolean;
  /** Borders (`w:pBdr`, ECMA-376 Part 1, 17.3.1.24), side by side. */
  readonly borders?: ParagraphBorders;
  /** Background (`w:shd`, ECMA-376 Part 1, 17.3.1.31), `RRGGBB`; `none` clears an inherited one. */
  readonly shading?: string;
  /** Custom tab stops (`w:tabs`, ECMA-376 Part 1, 17.3.1.37), with the `clear` entries that remove inherited ones. */
  readonly tabs?: readonly ReadTabStop[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// ST_Jc (ECMA-376 Part 1, 17.18.44); `start`/`end` are the Strict (and 2010+) names of left/right.
const ALIGNMENTS: Readonly<Record<string, Alignment>> = {
  left: 'left',
  start: 'left',
  center: 'center',
  right: 'right',
  end: 'right',
  both: 'justify',
  distribute: 'justify',
  lowKashida: 'justify',
  mediumKashida: 'justify',
  highKashida: 'justify',
  thaiDistribute: 'justify',
};

/** Returns the properties set by a `w:pPr` element (or an empty object without one). */
export function readParagraphProperties(pPr: XmlElement | undefined, names: OoxmlNames): ParagraphProperties {
  const props: Mutable<ParagraphProperties> = {};
  if (!pPr) return props;
  for (const child of names.children(pPr)) {
    const val = names.attr(child, 'w:val');
    switch (names.name(child)) {
      case 'w:pStyle':
        if (val) props.styleId = val;
        break;
      case 'w:numPr': {
        const numbering = readNumberingReference(child, names);
        if (numbering) props.numbering = numbering;
        break;
      }
      case 'w:outlineLvl': {
        const level = parseInteger(val);
        if (level !== undefined && level >= 0 && level <= 9) props.outlineLevel = level;
        break;
      }
      case 'w:jc': {
        const align = val === undefined ? undefined : ALIGNMENTS[val];
        if (align) props.align = align;
        break;
      }
      case 'w:ind': {
        const indent = readIndentation(child, names);
        if (indent) props.indent = indent;
        break;
      }
      case 'w:spacing': {
        const spacing = readSpacing(child, names);
        if (spacing) props.spacing = spacing;
        break;
      }
      case 'w:keepNext':
        props.keepNext = parseOnOff(val);
        break;
      case 'w:keepLines':
        props.keepLines = parseOnOff(val);
        break;
      case 'w:pageBreakBefore':
        props.pageBreakBefore = parseOnOff(val);
        break;
      case 'w:bidi':
        props.bidi = parseOnOff(val);
        break;
      case 'w:pBdr': {
        const borders = readParagraphBorders(child, names);
        if (borders) props.borders = borders;
        break;
      }
      case 'w:shd':
        props.shading = readShading(child, names) ?? 'none';
        break;
      case 'w:tabs':
        props.tabs = readTabStopList(child, names);
        break;
    }
  }
  return props;
}

/**
 * Returns `over` applied on top of `base`: each property of `over` replaces the inherited one,
 * except indentation, spacing, numbering, borders and tab stops, which merge attribute by attribute (a style may set
 * only the left indent and inherit the first-line indent). A first-line or hanging indent replaces
 * both, since they are one setting (ECMA-376 Part 1, 17.3.1.12).
 */
export function mergeParagraphProperties(base: ParagraphProperties, over: ParagraphProperties): ParagraphProperties {
  const merged: Mutable<ParagraphProperties> = { ...base, ...over };
  if (base.indent && over.indent) {
    const indent: Mutable<Indentation> = { ...base.indent, ...over.indent };
    if (over.indent.firstLine !== undefined && over.indent.hanging === undefined) delete indent.hanging;
    if (over.indent.hanging !== undefined && over.indent.firstLine === undefined) delete indent.firstLine;
    merged.indent = indent;
  }
  if (base.spacing && over.spacing) merged.spacing = { ...base.spacing, ...over.spacing };
  if (base.numbering && over.numbering) merged.numbering = { ...base.numbering, ...over.numbering };
  if (base.borders && over.borders) merged.borders = { ...base.borders, ...over.borders };
  if (base.tabs && over.tabs) merged.tabs = mergeTabStops(base.tabs, over.tabs);
  return merged;
}

function readNumberingReference(numPr: XmlElement, names: OoxmlNames): NumberingReference | undefined {
  const numId = names.childVal(numPr, 'w:numId');
  const level = parseInteger(names.childVal(numPr, 'w:ilvl'));
  const reference: Mutable<NumberingReference> = {};
  if (numId !== undefined) reference.numId = numId.trim();
  if (level !== undefined && level >= 0 && level <= 8) reference.level = level;
  return reference.numId !== undefined || reference.level !== undefined ? reference : undefined;
}

// `w:between` (the line between paragraphs with the same borders) and `w:bar` are not kept.
const BORDER_SIDES: ReadonlyMap<string, keyof ParagraphBorders> = new Map([
  ['w:top', 'top'],
  ['w:bottom', 'bottom'],
  ['w:left', 'left'],
  ['w:start', 'left'],
  ['w:right', 'right'],
  ['w:end', 'right'],
]);

function readParagraphBorders(pBdr: XmlElement, names: OoxmlNames): ParagraphBorders | undefined {
  const borders: { -readonly [K in keyof ParagraphBorders]: ParagraphBorder } = {};
  for (const child of names.children(pBdr)) {
    const line = readBorderLine(child, names);
    if (!line) continue;
    const space = Math.min(31, Math.max(0, parseInteger(names.attr(child, 'w:space')) ?? 0));
    const side = BORDER_SIDES.get(names.name(child));
    if (side) borders[side] = { ...line, space };
  }
  return Object.keys(borders).length > 0 ? borders : undefined;
}

function readIndentation(ind: XmlElement, names: OoxmlNames): Indentation | undefined {
  const indent: Mutable<Indentation> = {};
  const left = parseTwips(names.attr(ind, 'w:start') ?? names.attr(ind, 'w:left'));
  const right = parseTwips(names.attr(ind, 'w:end') ?? names.attr(ind, 'w:right'));
  const firstLine = parseTwips(names.attr(ind, 'w:firstLine'));
  const hanging = parseTwips(names.attr(ind, 'w:hanging'));
  if (left !== undefined) indent.left = left;
  if (right !== undefined) indent.right = right;
  // `hanging` wins over `firstLine` when both are given (ECMA-376 Part 1, 17.3.1.12).
  if (hanging !== undefined) indent.hanging = hanging;
  else if (firstLine !== undefined) indent.firstLine = firstLine;
  return Object.keys(indent).length > 0 ? indent : undefined;
}

function readSpacing(element: XmlElement, names: OoxmlNames): Spacing | undefined {
  const spacing: Mutable<Spacing> = {};
  const before = parseTwips(names.attr(element, 'w:before'));
  const after = parseTwips(names.attr(element, 'w:after'));
  const line = parseInteger(names.attr(element, 'w:line'));
  const lineRule = names.attr(element, 'w:lineRule');
  if (before !== undefined && before >= 0) spacing.before = before;
  if (after !== undefined && after >= 0) spacing.after = after;
  if (line !== undefined && line > 0) spacing.line = line;
  // A rule without a line (Google Docs writes `w:lineRule="auto"` alone) resets the inherited
  // line to single spacing, as LibreOffice reads it, instead of keeping the style's multiple.
  else if (lineRule === 'auto') spacing.line = 240;
  if (lineRule === 'auto' || lineRule === 'exact' || lineRule === 'atLeast') spacing.lineRule = lineRule;
  // ST_OnOff attributes; an explicit off is kept, as it undoes a style's automatic spacing.
  const beforeAutospacing = names.attr(element, 'w:beforeAutospacing');
  const afterAutospacing = names.attr(element, 'w:afterAutospacing');
  if (beforeAutospacing !== undefined) spacing.beforeAutospacing = parseOnOff(beforeAutospacing);
  if (afterAutospacing !== undefined) spacing.afterAutospacing = parseOnOff(afterAutospacing);
  return Object.keys(spacing).length > 0 ? spacing : undefined;
}
