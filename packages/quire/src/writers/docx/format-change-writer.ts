import type { Mark } from 'prosemirror-model';
import type { ParagraphFormatChange, RunFormatChange } from '../../model/review/format-change.js';
import { escapeXmlAttribute } from '../../xml/escape-xml.js';
import type { PatchContext } from './patch-context.js';

// The start tag of a change element as read, up to and with its `w:id`.
const CHANGE_ID = /^(<w:[a-zA-Z]+Change\b[^>]*?\bw:id=")[^"]*(")/;

/** The `formatChange` mark of `marks`, if any. */
export function formatChangeOf(marks: readonly Mark[]): Mark | undefined {
  return marks.find((mark) => mark.type.name === 'formatChange');
}

/**
 * The markup of a format change (`w:rPrChange` or `w:pPrChange`, ECMA-376 Part 1, 17.13.5.31 and
 * 17.13.5.29): the element as read, its `w:id` given again by `AnnotationIds` (the same the first
 * time, so an untouched change is written byte for byte), or, for a change made in the editor, a new
 * element by its author and date around `oldProperties` (the `w:rPr` or `w:pPr` as it was, or '').
 * `claimed` is the id to write when the caller has claimed it already.
 */
export function formatChangeXml(context: PatchContext, element: 'rPrChange' | 'pPrChange', change: RunFormatChange | ParagraphFormatChange, oldProperties: () => string, claimed?: string): string {
  const id = claimed ?? context.annotationId(change.id);
  if (change.source !== null && CHANGE_ID.test(change.source)) return change.source.replace(CHANGE_ID, `$1${id}$2`);
  const date = change.date === null ? '' : ` w:date="${escapeXmlAttribute(change.date)}"`;
  const properties = oldProperties() || (element === 'rPrChange' ? '<w:rPr/>' : '<w:pPr/>');
  return `<w:${element} w:id="${id}" w:author="${escapeXmlAttribute(change.author)}"${date}>${properties}</w:${element}>`;
}
