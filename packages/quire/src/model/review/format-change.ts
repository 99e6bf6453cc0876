import type { Mark, Node, Schema } from 'prosemirror-model';
import type { Alignment, Indentation, ParagraphAttrs, Spacing } from '../paragraph-attrs.js';

/** A model mark as plain data: what a run's formatting was before a tracked change of it. */
export interface StoredMark {
  readonly type: string;
  readonly attrs: Readonly<Record<string, unknown>>;
}

/**
 * A tracked change of a run's formatting (`w:rPrChange`, ECMA-376 Part 1, 17.13.5.31), the
 * `formatChange` mark's attributes: the formatting the text had before, as model marks, so that
 * rejecting it restores them.
 */
export interface RunFormatChange {
  /** The change's `w:id` as read, or an id made in the editor (not a number). */
  readonly id: string;
  readonly author: string;
  /** `w:date` as written (ISO 8601), or null. */
  readonly date: string | null;
  /** The run formatting marks the text had before the change (links and review marks are not formatting). */
  readonly before: readonly StoredMark[];
  /** The `w:rPrChange` element as read, written back as it was while the change is untouched; null for one made in the editor. */
  readonly source: string | null;
}

/** A paragraph's list placement as a format change records it: the kind of list and its level (0 the outermost). */
export interface ListFormat {
  readonly kind: 'bullet' | 'numbered';
  readonly level: number;
  /** The numbering instance (`w:numId`) when known, else null. */
  readonly numId: string | null;
}

/**
 * The properties of a paragraph that a paragraph property change records: its kind (a heading
 * has a level), style, alignment, indentation, spacing, keeps, direction, shading and its list.
 */
export interface ParagraphFormat extends Pick<ParagraphAttrs, 'styleId' | 'align' | 'indent' | 'spacing' | 'keepNext' | 'keepLines' | 'pageBreakBefore'> {
  readonly block: 'paragraph' | 'heading';
  /** The heading level, or null for a paragraph. */
  readonly level: number | null;
  readonly direction: 'ltr' | 'rtl' | null;
  readonly shading: string | null;
  readonly list: ListFormat | null;
}

/**
 * A tracked change of a paragraph's properties (`w:pPrChange`, ECMA-376 Part 1, 17.13.5.29), the
 * paragraph's `formatChange` attribute: the properties it had before.
 */
export interface ParagraphFormatChange {
  readonly id: string;
  readonly author: string;
  readonly date: string | null;
  readonly before: ParagraphFormat;
  /** The `w:pPrChange` element as read, written back as it was while the change is untouched; null for one made in the editor. */
  readonly source: string | null;
}

/** The paragraph attributes a {@link ParagraphFormat} holds (besides the block kind, level and list). */
export const PARAGRAPH_FORMAT_ATTRS = ['styleId', 'align', 'indent', 'spacing', 'keepNext', 'keepLines', 'pageBreakBefore', 'direction', 'shading'] as const;

// Marks that are not run formatting: links and review marks are written as elements of their own.
const NOT_RUN_FORMATTING = new Set(['link', 'insertion', 'deletion', 'comment', 'formatChange']);

/** Whether a mark is run formatting (`w:rPr`): not a link, a tracked change or a comment range. */
export function isRunFormattingMark(mark: Mark): boolean {
  return isRunFormattingMarkName(mark.type.name);
}

/** Whether marks named `name` are run formatting (see {@link isRunFormattingMark}). */
export function isRunFormattingMarkName(name: string): boolean {
  return !NOT_RUN_FORMATTING.has(name);
}

/** The run formatting marks of `marks` as plain data, in a stable order (by mark type rank). */
export function storeMarks(marks: readonly Mark[]): StoredMark[] {
  return marks.filter(isRunFormattingMark).map((mark) => ({ type: mark.type.name, attrs: { ...mark.attrs } }));
}

/** The marks `stored` describes, in `schema` (types it does not have are left out). */
export function restoreMarks(schema: Schema, stored: readonly StoredMark[]): readonly Mark[] {
  let set: readonly Mark[] = [];
  for (const { type, attrs } of stored) {
    const markType = schema.marks[type];
    if (markType) set = markType.create(attrs).addToSet(set);
  }
  return set;
}

/** Whether the run formatting of `marks` is what `stored` describes. */
export function sameRunFormatting(marks: readonly Mark[], stored: readonly StoredMark[]): boolean {
  const key = (list: readonly StoredMark[]) => list.map((mark) => JSON.stringify(sortedKeys(mark))).sort().join('|');
  return key(storeMarks(marks)) === key(stored);
}

/** The paragraph format of textblock `node` standing in `list` (see {@link listFormatAt}). */
export function paragraphFormatOf(node: Node, list: ListFormat | null): ParagraphFormat {
  const attrs = node.attrs;
  return {
    block: node.type.name === 'heading' ? 'heading' : 'paragraph',
    level: node.type.name === 'heading' ? (attrs['level'] as number) : null,
    styleId: (attrs['styleId'] as string | null) ?? null,
    align: (attrs['align'] as Alignment | null) ?? null,
    indent: (attrs['indent'] as Indentation | null) ?? null,
    spacing: (attrs['spacing'] as Spacing | null) ?? null,
    keepNext: attrs['keepNext'] === true,
    keepLines: attrs['keepLines'] === true,
    pageBreakBefore: attrs['pageBreakBefore'] === true,
    direction: (attrs['direction'] as 'ltr' | 'rtl' | null | undefined) ?? null,
    shading: (attrs['shading'] as string | null | undefined) ?? null,
    list,
  };
}

/**
 * The list a textblock at depth `depth` of `path` (the nodes from the document down) stands in:
 * its innermost list's kind and level, a list's level being its own (as read) or one deeper than
 * the list around it, as the DOCX writer places it. Null outside lists.
 */
export function listFormatAt(path: readonly Node[]): ListFormat | null {
  let found: ListFormat | null = null;
  for (const node of path) {
    const name = node.type.name;
    if (name !== 'bullet_list' && name !== 'ordered_list') continue;
    const deeper: number = found ? Math.min(found.level + 1, 8) : 0;
    const own = node.attrs['level'] as number | null | undefined;
    const level: number = own === null || own === undefined ? deeper : Math.max(own, deeper);
    found = { kind: name === 'bullet_list' ? 'bullet' : 'numbered', level, numId: (node.attrs['numId'] as string | null | undefined) ?? null };
  }
  return found;
}

/**
 * Whether two paragraph formats are the same, the list's numbering instance aside. Left alignment
 * and none are taken as one: the toolbar's Align left sets `left` where the style's (none) was.
 */
export function sameParagraphFormat(a: ParagraphFormat, b: ParagraphFormat): boolean {
  const { list: listA, ...restA } = { ...a, align: a.align ?? 'left' };
  const { list: listB, ...restB } = { ...b, align: b.align ?? 'left' };
  const sameList = listA === null || listB === null ? listA === listB : listA.kind === listB.kind && listA.level === listB.level;
  return sameList && JSON.stringify(sortedKeys(restA)) === JSON.stringify(sortedKeys(restB));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
}
