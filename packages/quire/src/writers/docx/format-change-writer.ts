import type { Mark } from 'prosemirror-model';
import { PARAGRAPH_FORMAT_ATTRS, type ParagraphFormat, type ParagraphFormatChange, type RunFormatChange } from '../../model/review/format-change.js';
import { childNamed } from '../../xml/elements.js';
import { escapeXmlAttribute } from '../../xml/escape-xml.js';
import type { Leaf, ListPlacement } from './flatten-blocks.js';
import type { PatchContext } from './patch-context.js';
import { PARAGRAPH_PROPERTY_ORDER, patchProperties } from './properties-xml.js';
import type { ParagraphTemplate } from './write-paragraph.js';

/** The paragraph property changes that make the template's properties say what a leaf shows (`paragraphChanges` of write-paragraph.ts). */
export type ParagraphChanges = (leaf: Leaf) => Map<string, string | null>;

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

/**
 * The `w:pPrChange` of the paragraph `leaf` read as `template` (or made anew): undefined to keep
 * what the template holds, null to remove it, else its markup (see {@link formatChangeXml}). A
 * change kept as written claims its id, so that a copy of it (the other half of a paragraph split
 * in the middle) is written with another.
 */
export function paragraphFormatChangeMarkup(context: PatchContext, leaf: Leaf, template: ParagraphTemplate | undefined, changesOf: ParagraphChanges): string | null | undefined {
  const change = (leaf.node.attrs['formatChange'] as ParagraphFormatChange | null | undefined) ?? null;
  const held = (template?.leaf.node.attrs['formatChange'] as ParagraphFormatChange | null | undefined) ?? null;
  const oldProperties = () => oldParagraphProperties(context, leaf, template, change!.before, changesOf);
  if (template ? JSON.stringify(change) !== JSON.stringify(held) : change !== null) return change && formatChangeXml(context, 'pPrChange', change, oldProperties);
  if (!change) return undefined;
  const id = context.annotationId(change.id);
  return id === change.id ? undefined : formatChangeXml(context, 'pPrChange', change, oldProperties, id);
}

/**
 * The `w:pPr` a paragraph had before its properties changed to what `leaf` shows (for its
 * `w:pPrChange`): the properties `before` describes, written as `leaf`'s own are, from `template`
 * where there is one, without the mark's run properties, the section break or a change of its own.
 */
function oldParagraphProperties(context: PatchContext, leaf: Leaf, template: ParagraphTemplate | undefined, before: ParagraphFormat, changesOf: ParagraphChanges): string {
  const { schema } = leaf.node.type;
  const attrs: Record<string, unknown> = { ...leaf.node.attrs, formatChange: null };
  for (const name of PARAGRAPH_FORMAT_ATTRS) attrs[name] = before[name];
  if (before.block === 'heading') attrs['level'] = before.level;
  const node = schema.nodes[before.block]!.create(attrs);
  const changes = changesOf({ ...leaf, node, list: oldListPlacement(leaf, before) });
  for (const name of ['rPr', 'sectPr', 'pPrChange']) changes.set(name, null);
  return patchProperties(context.text, template && childNamed(context.element(template.unit), 'pPr'), 'w:pPr', PARAGRAPH_PROPERTY_ORDER, changes);
}

// Where the paragraph stood in a list before its change: as now when the kind and level are the
// same; a list whose numbering instance is not known (made in the editor since) is not named.
function oldListPlacement(leaf: Leaf, before: ParagraphFormat): ListPlacement | null {
  const list = before.list;
  if (!list) return null;
  const kind = list.kind === 'bullet' ? 'bullet' : 'ordered';
  if (leaf.list && leaf.list.kind === kind && leaf.list.level === list.level) return leaf.list;
  if (list.numId === null) return null;
  const look: ListPlacement['look'] = kind === 'bullet' ? { kind, marker: null } : { kind, format: 'decimal', start: 1, prefix: '', suffix: '.' };
  return { numId: list.numId, level: list.level, kind, first: leaf.list?.first ?? true, look };
}

