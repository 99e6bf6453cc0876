import type { XmlElement } from '@rgrove/parse-xml';
import { localNameOf } from './namespaces.js';

// Elements by local name, whatever their prefix, and the text they were parsed from: what code
// that edits a part as text (the DOCX writer) needs. Namespace-aware lookups are in namespaces.ts.

/** The start tag of `element` as written, made an opening tag when it was self-closing. */
export function openingTag(text: string, element: XmlElement): string {
  const end = text.indexOf('>', element.start);
  const tag = text.slice(element.start, end + 1);
  return tag.endsWith('/>') ? `${tag.slice(0, -2).trimEnd()}>` : tag;
}

/** The first child element of `element` with local name `name`. */
export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const child of element.children) if (child.type === 'element' && localNameOf((child as XmlElement).name) === name) return child as XmlElement;
  return undefined;
}

/** The child elements of `element`. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => child.type === 'element');
}

/** The local name of an element. */
export function elementLocalName(element: XmlElement): string {
  return localNameOf(element.name);
}

/** The value of the attribute of `element` with local name `local` (`w:val` for `val`), if any. */
export function attributeNamed(element: XmlElement | undefined, local: string): string | undefined {
  if (!element) return undefined;
  for (const [name, value] of Object.entries(element.attributes)) if (localNameOf(name) === local) return value;
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
