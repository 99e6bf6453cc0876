import type { XmlElement } from '@rgrove/parse-xml';
import { localNameOf } from '../../xml/namespaces.js';
import { openingTag } from '../../xml/elements.js';

/** Child elements of `w:pPr` in schema order (ECMA-376 Part 1, 17.3.1.26 CT_PPr), local names. */
export const PARAGRAPH_PROPERTY_ORDER = [
  'pStyle', 'keepNext', 'keepLines', 'pageBreakBefore', 'framePr', 'widowControl', 'numPr', 'suppressLineNumbers', 'pBdr',
  'shd', 'tabs', 'suppressAutoHyphens', 'kinsoku', 'wordWrap', 'overflowPunct', 'topLinePunct', 'autoSpaceDE', 'autoSpaceDN',
  'bidi', 'adjustRightInd', 'snapToGrid', 'spacing', 'ind', 'contextualSpacing', 'mirrorIndents', 'suppressOverlap', 'jc',
  'textDirection', 'textAlignment', 'textboxTightWrap', 'outlineLvl', 'divId', 'cnfStyle', 'rPr', 'sectPr', 'pPrChange',
] as const;

/** Child elements of `w:rPr` in schema order (ECMA-376 Part 1, 17.3.2.28 CT_RPr), local names. */
export const RUN_PROPERTY_ORDER = [
  'rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow', 'emboss', 'imprint',
  'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing', 'w', 'kern', 'position', 'sz', 'szCs', 'highlight', 'u',
  'effect', 'bdr', 'shd', 'fitText', 'vertAlign', 'rtl', 'cs', 'em', 'lang', 'eastAsianLayout', 'specVanish', 'oMath', 'rPrChange',
] as const;

/** Child elements of `w:tcPr` in schema order (ECMA-376 Part 1, 17.4.70 CT_TcPr), local names. */
export const CELL_PROPERTY_ORDER = [
  'cnfStyle', 'tcW', 'gridSpan', 'hMerge', 'vMerge', 'tcBorders', 'shd', 'noWrap', 'tcMar', 'textDirection', 'tcFitText', 'vAlign',
  'hideMark', 'headers', 'cellIns', 'cellDel', 'cellMerge', 'tcPrChange',
] as const;

/** Changes to a properties element by child local name: new markup, or null to remove the child. */
export type PropertyChanges = ReadonlyMap<string, string | null>;

/**
 * Returns the markup of a properties element (`w:pPr`, `w:rPr`, `w:tcPr`) after `changes`: the
 * children it had stay as they were written, in their order; a changed child is replaced, a new
 * one goes where the schema's `order` puts it. Keeps the element's start tag; returns '' when
 * the element ends up empty and had no attributes, and the element as written when there are no
 * changes. `tag` is the qualified name for a new element.
 */
export function patchProperties(text: string, element: XmlElement | undefined, tag: string, order: readonly string[], changes: PropertyChanges): string {
  // Unchanged properties stay byte for byte, white space between children included.
  if (element && changes.size === 0) return text.slice(element.start, element.end);
  const children: { name: string; markup: string }[] = [];
  if (element) {
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      const node = child as XmlElement;
      children.push({ name: localNameOf(node.name), markup: text.slice(node.start, node.end) });
    }
  }
  for (const [name, markup] of changes) {
    const at = children.findIndex((child) => child.name === name);
    const kept = children.filter((child) => child.name !== name);
    if (markup === null) {
      children.splice(0, children.length, ...kept);
      continue;
    }
    if (at !== -1) {
      children[at] = { name, markup };
      children.splice(0, children.length, ...children.filter((child, index) => child.name !== name || index === at));
      continue;
    }
    const rank = order.indexOf(name);
    let insertAt = children.length;
    for (let index = 0; index < children.length; index++) {
      const other = order.indexOf(children[index]!.name);
      if (other !== -1 && other > rank) {
        insertAt = index;
        break;
      }
    }
    children.splice(insertAt, 0, { name, markup });
  }
  const startTag = element ? openingTag(text, element) : `<${tag}>`;
  if (children.length === 0 && startTag === `<${tag}>`) return '';
  return `${startTag}${children.map((child) => child.markup).join('')}</${element?.name ?? tag}>`;
}
