import type { XmlElement } from '@rgrove/parse-xml';

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

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

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
      children.push({ name: localName(node.name), markup: text.slice(node.start, node.end) });
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

/** The start tag of `element` as written, made an opening tag when it was self-closing. */
export function openingTag(text: string, element: XmlElement): string {
  const end = text.indexOf('>', element.start);
  const tag = text.slice(element.start, end + 1);
  return tag.endsWith('/>') ? `${tag.slice(0, -2).trimEnd()}>` : tag;
}

/** The first child element of `element` with local name `name`. */
export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const child of element.children) if (child.type === 'element' && localName((child as XmlElement).name) === name) return child as XmlElement;
  return undefined;
}

/** The child elements of `element`. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => child.type === 'element');
}

/** The local name of an element. */
export function elementLocalName(element: XmlElement): string {
  return localName(element.name);
}

/** The value of the attribute of `element` with local name `local` (`w:val` for `val`), if any. */
export function attributeNamed(element: XmlElement | undefined, local: string): string | undefined {
  if (!element) return undefined;
  for (const [name, value] of Object.entries(element.attributes)) if (localName(name) === local) return value;
  return undefined;
}

/** The end of an element's content: the start of its end tag (its end when it is self-closing). */
export function contentEnd(text: string, element: XmlElement): number {
  return text.slice(element.start, element.end).endsWith('/>') ? element.end : text.lastIndexOf('<', element.end - 1);
}

/** `text` with `markup` inserted before the end tag of its root element. */
export function insertBeforeEnd(text: string, root: XmlElement, markup: string): string {
  if (text.slice(root.start, root.end).endsWith('/>')) return `${text.slice(0, root.end - 2).trimEnd()}>${markup}</${root.name}>${text.slice(root.end)}`;
  const close = text.lastIndexOf('</', root.end);
  return text.slice(0, close) + markup + text.slice(close);
}
