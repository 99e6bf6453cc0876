import type { XmlElement } from '@rgrove/parse-xml';
import { contentEnd, openingTag } from '../../xml/elements.js';

/** The offsets of the content of `element` in `text`, the part it was parsed from: both its end when it is self-closing. */
export function contentRange(text: string, element: XmlElement): { start: number; end: number } {
  const end = contentEnd(text, element);
  return { start: end === element.end ? end : text.indexOf('>', element.start) + 1, end };
}

/** `text` with the content of `element` replaced by `content`; a self-closing element is opened to hold it. */
export function withContent(text: string, element: XmlElement, content: string): string {
  const { start, end } = contentRange(text, element);
  if (end === element.end) return `${text.slice(0, element.start)}${openingTag(text, element)}${content}</${element.name}>${text.slice(element.end)}`;
  return text.slice(0, start) + content + text.slice(end);
}
