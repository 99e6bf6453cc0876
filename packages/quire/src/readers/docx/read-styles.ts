import type { XmlElement } from '@rgrove/parse-xml';
import type { OoxmlNames } from './ooxml-names.js';
import { parseOnOff } from './ooxml-values.js';
import { readParagraphProperties, type ParagraphProperties } from './paragraph-properties.js';
import { readRunProperties, type RunProperties } from './run-properties.js';
import {
  readCellProperties,
  readTableProperties,
  type CellProperties,
  type TableProperties,
} from './table-properties.js';

/** The kinds of style (ST_StyleType, ECMA-376 Part 1, 17.18.83). */
export type StyleType = 'paragraph' | 'character' | 'table' | 'numbering';

/** Formatting of one part of a table (`w:tblStylePr`): first row, last column, odd bands... */
export interface ConditionalFormat {
  readonly paragraph: ParagraphProperties;
  readonly run: RunProperties;
  readonly table: TableProperties;
  readonly cell: CellProperties;
}

/** One style definition (`w:style`), as written: inheritance is resolved by `StyleResolver`. */
export interface StyleDefinition {
  readonly id: string;
  readonly type: StyleType;
  /** The style's name (`w:name`), as written; built-in styles carry their English name. */
  readonly name: string;
  readonly basedOn?: string;
  readonly paragraph: ParagraphProperties;
  readonly run: RunProperties;
  readonly table: TableProperties;
  readonly cell: CellProperties;
  /** Conditional formatting of a table style, by `w:type` (`firstRow`, `band1Horz`...). */
  readonly conditional: ReadonlyMap<string, ConditionalFormat>;
}

/** The styles part: document defaults, style definitions and the default style of each type. */
export interface Stylesheet {
  readonly defaults: { readonly paragraph: ParagraphProperties; readonly run: RunProperties };
  readonly styles: ReadonlyMap<string, StyleDefinition>;
  readonly defaultStyles: Readonly<Partial<Record<StyleType, string>>>;
}

/** The stylesheet of a document without a styles part. */
export const EMPTY_STYLESHEET: Stylesheet = { defaults: { paragraph: {}, run: {} }, styles: new Map(), defaultStyles: {} };

const STYLE_TYPES = new Set<string>(['paragraph', 'character', 'table', 'numbering']);
const FALLBACK_DEFAULT_STYLES: readonly [StyleType, string][] = [
  ['paragraph', 'Normal'],
  ['character', 'DefaultParagraphFont'],
  ['table', 'TableNormal'],
];

/**
 * Returns the stylesheet of a parsed styles part (`w:styles`, ECMA-376 Part 1, 17.7). Styles
 * without an id or of an unknown type are skipped; of two styles with one id the first counts,
 * as in Word.
 */
export function readStyles(root: XmlElement, names: OoxmlNames): Stylesheet {
  if (names.name(root) !== 'w:styles') return EMPTY_STYLESHEET;
  let defaults: Stylesheet['defaults'] = { paragraph: {}, run: {} };
  const styles = new Map<string, StyleDefinition>();
  const defaultStyles: Partial<Record<StyleType, string>> = {};
  for (const element of names.children(root)) {
    const name = names.name(element);
    if (name === 'w:docDefaults') {
      defaults = {
        paragraph: readParagraphProperties(names.child(names.child(element, 'w:pPrDefault'), 'w:pPr'), names),
        run: readRunProperties(names.child(names.child(element, 'w:rPrDefault'), 'w:rPr'), names),
      };
    } else if (name === 'w:style') {
      const style = readStyle(element, names);
      if (!style || styles.has(style.id)) continue;
      styles.set(style.id, style);
      if (parseOnOff(names.attr(element, 'w:default') ?? 'false') && defaultStyles[style.type] === undefined) {
        defaultStyles[style.type] = style.id;
      }
    }
  }
  // Producers that mark no default style (LibreOffice among them) mean Word's built-in ones.
  for (const [type, id] of FALLBACK_DEFAULT_STYLES) {
    if (defaultStyles[type] === undefined && styles.get(id)?.type === type) defaultStyles[type] = id;
  }
  return { defaults, styles, defaultStyles };
}

function readStyle(element: XmlElement, names: OoxmlNames): StyleDefinition | undefined {
  const id = names.attr(element, 'w:styleId');
  // A style without w:type is a paragraph style (ECMA-376 Part 1, 17.7.4.17).
  const type = names.attr(element, 'w:type') ?? 'paragraph';
  if (!id || !STYLE_TYPES.has(type)) return undefined;
  const basedOn = names.childVal(element, 'w:basedOn');
  const conditional = new Map<string, ConditionalFormat>();
  for (const part of names.childrenNamed(element, 'w:tblStylePr')) {
    const partType = names.attr(part, 'w:type');
    if (partType && !conditional.has(partType)) conditional.set(partType, readFormat(part, names));
  }
  return {
    id,
    type: type as StyleType,
    name: names.childVal(element, 'w:name') ?? id,
    ...(basedOn && basedOn !== id ? { basedOn } : {}),
    ...readFormat(element, names),
    conditional,
  };
}

function readFormat(element: XmlElement, names: OoxmlNames): ConditionalFormat {
  return {
    paragraph: readParagraphProperties(names.child(element, 'w:pPr'), names),
    run: readRunProperties(names.child(element, 'w:rPr'), names),
    table: readTableProperties(names.child(element, 'w:tblPr'), names),
    cell: readCellProperties(names.child(element, 'w:tcPr'), names),
  };
}
