import type { XmlElement } from '@rgrove/parse-xml';
import { Fragment, type Node } from 'prosemirror-model';
import type { Indentation, Spacing } from '../../model/paragraph-attrs.js';
import { escapeXmlAttribute } from '../../xml/escape-xml.js';
import { applyTextEdits, type TextEdit } from '../../xml/text-edits.js';
import type { InlineSource, SourceElement } from '../../model/docx-source-map.js';
import type { Leaf } from './flatten-blocks.js';
import { KeptAtomRuns, type AtomRun } from './kept-atom-runs.js';
import type { PatchContext } from './patch-context.js';
import { listIndent } from './numbering-additions.js';
import { PARAGRAPH_PROPERTY_ORDER, patchProperties } from './properties-xml.js';
import { childElements, childNamed, elementLocalName, openingTag } from '../../xml/elements.js';
import { paragraphBorderXml, spacingXml, STYLE_IDS } from './word-styles-part.js';
import { WORD_DEFAULT_STYLES } from '../../model/word-default-styles.js';
import { isFormattingMark, writeInline, type RunTemplate } from './write-runs.js';
import { takeCommentMarkers } from './comment-markers.js';
import type { StructureChange } from '../../model/marks/review-marks.js';
import { rewriteMarkChange, writeMarkChange } from './review-writer.js';
import { paragraphCommentMarkers } from './new-comment-markers.js';
import { paragraphFormatChangeMarkup } from './format-change-writer.js';

/** A paragraph as read, whose properties and runs a new or changed paragraph starts from. */
export interface ParagraphTemplate {
  readonly unit: SourceElement;
  readonly leaf: Leaf;
}

// Each quote level indents by Block Text's own indent; a list number hangs a quarter inch before its text.
const QUOTE_INDENT = WORD_DEFAULT_STYLES.quote.indent.left;
const NUMBER_HANGING = 360;

const ALIGNMENTS: Record<string, string> = { left: 'left', center: 'center', right: 'right', justify: 'both' };

/**
 * Writes a paragraph read from `template.unit` and changed since: its start tag and the
 * properties that did not change stay as written; of its children (runs, links, fields,
 * bookmarks) only those whose content the edit touched are written anew, the rest stay byte for
 * byte. Without a map of its children (a paragraph the reader split), every run is written anew.
 */
export function writeChangedParagraph(context: PatchContext, leaf: Leaf, template: ParagraphTemplate): string {
  const edits = changedParagraphEdits(context, leaf, template);
  if (!edits) return writeParagraph(context, leaf, template);
  const { start, end } = template.unit;
  return applyTextEdits(context.text.slice(start, end), edits.map((edit) => ({ ...edit, start: edit.start - start, end: edit.end - start })));
}

/**
 * The edits to the part's text that make the paragraph `template.unit` show `leaf` (see
 * `writeChangedParagraph`): its properties, and the children the edit touched replaced by new
 * runs. Only the children in `template.unit.inline` are considered, so a stretch of a paragraph
 * split around text boxes can be patched on its own. Undefined when the children are not mapped.
 */
export function changedParagraphEdits(context: PatchContext, leaf: Leaf, template: ParagraphTemplate): TextEdit[] | undefined {
  const p = context.element(template.unit);
  const inline = template.unit.inline;
  if (!p || !inline || !leaf.node.isTextblock || !template.leaf.node.isTextblock || leaf.node.type.name === 'code_block') return undefined;
  const text = context.text;
  const edits: TextEdit[] = [];
  const pPrElement = childNamed(p, 'pPr');
  const empty = text.slice(p.start, p.end).endsWith('/>');
  const pPrStart = pPrElement ? pPrElement.start : empty ? p.end : p.start + openingTag(text, p).length;
  const pPrEnd = pPrElement ? pPrElement.end : pPrStart;
  const pPr = patchProperties(text, pPrElement, 'w:pPr', PARAGRAPH_PROPERTY_ORDER, paragraphChanges(context, leaf, template));
  if (pPr !== text.slice(pPrStart, pPrEnd)) edits.push({ start: pPrStart, end: pPrEnd, text: pPr });
  const old = template.leaf.node.content;
  const now = leaf.node.content;
  const start = old.findDiffStart(now);
  if (start === null) return openedIfEmpty(text, p, empty, edits);
  let { a, b } = old.findDiffEnd(now)!;
  if (a < start) {
    b += start - a;
    a = start;
  }
  if (b < start) {
    a += start - b;
    b = start;
  }
  const templates = runTemplates(context, p, inline, template.leaf.node);
  const touched = inline.filter((child) => child.from < child.to && child.from < a && child.to > start);
  if (touched.length === 0) {
    const joined = runJoinedByInsertion(text, inline, now, start, a, b);
    if (joined) touched.push(joined);
  }
  const low = touched.length > 0 ? Math.min(start, touched[0]!.from) : start;
  const high = touched.length > 0 ? Math.max(a, touched[touched.length - 1]!.to) : a;
  const insertAt = touched.length > 0 ? inline.indexOf(touched[0]!) : firstContentFrom(inline, a);
  const fallback = templates.of.get(inline[insertAt] ?? inline[insertAt - 1]!) ?? templates.nearest(insertAt);
  const content = now.cut(low, high + (b - a));
  const markers = touched.length > 0
    ? takeCommentMarkers(text, inline, insertAt, inline.indexOf(touched[touched.length - 1]!), content)
    : takeCommentMarkers(text, inline, insertAt, insertAt - 1, content);
  const comments = paragraphCommentMarkers(context.commentSpans, leaf.node, content, text.slice(p.start, p.end), markers);
  let generated = markers.before + writeInline(context, content, templates.list, fallback, keptAtomRuns(text, touched, old), comments) + markers.after;
  // One run written again as one run keeps its start tag (its revision ids): only its content changed.
  const runStart = touched.length === 1 ? RUN_START.exec(text.slice(touched[0]!.start, touched[0]!.end))?.[0] : undefined;
  if (runStart && generated.startsWith('<w:r>') && generated.lastIndexOf('<w:r>') === 0) generated = `${runStart}${generated.slice('<w:r>'.length)}`;
  // An edit inside one content control or smart tag rewrites its runs, not the element around them.
  const only = touched.length === 1 && low === touched[0]!.from && high === touched[0]!.to ? touched[0]! : undefined;
  const wrapper = only && runWrapper(text, childElements(p).find((child) => child.start === only.start));
  if (wrapper) generated = `${wrapper.open}${generated}${wrapper.close}`;
  // The new runs go where the first touched child was, else before the first child after the edit, else after the last child.
  const at = inline[insertAt]?.start ?? inline[inline.length - 1]?.end ?? pPrEnd;
  edits.push({ start: at, end: at, text: generated });
  for (const child of [...touched, ...markers.taken]) edits.push({ start: child.start, end: child.end, text: '' });
  return openedIfEmpty(text, p, empty, edits);
}

// An empty element written `<w:p/>` gets an end tag around what the edits put into it.
function openedIfEmpty(text: string, p: XmlElement, empty: boolean, edits: TextEdit[]): TextEdit[] {
  if (!empty || edits.length === 0) return edits;
  return [{ start: p.start, end: p.end, text: `${openingTag(text, p)}${edits.map((edit) => edit.text).join('')}</${p.name}>` }];
}

/** Writes a block with no element of its own: from `template`'s properties and run formatting where it has one. */
export function writeLeaf(context: PatchContext, leaf: Leaf, template: ParagraphTemplate | undefined): string {
  const node = leaf.node;
  const sectPr = leaf.endsSection ? context.sectPrMarkup(leaf.endsSection) : '';
  switch (node.type.name) {
    case 'paragraph':
    case 'heading':
    case 'code_block':
      return writeParagraph(context, leaf, template);
    case 'page_break':
      return `<w:p>${blockProperties(context, leaf)}<w:r><w:br w:type="page"/></w:r></w:p>`;
    case 'horizontal_rule':
      // A rule is an empty paragraph with a bottom border, as Word draws one typed as `---`.
      return `<w:p>${blockProperties(context, leaf, new Map([['pBdr', '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr>']]))}</w:p>`;
    case 'opaque_block': {
      const markup = node.attrs['format'] === 'ooxml' && node.attrs['source'] !== '' && context.canHold(String(node.attrs['source'])) ? String(node.attrs['source']) : writeParagraph(context, { ...leaf, endsSection: null }, undefined, String(node.attrs['text']));
      return markup + (sectPr ? `<w:p><w:pPr>${sectPr}</w:pPr></w:p>` : '');
    }
    default:
      return '';
  }
}

// The properties of a page break's or rule's paragraph: its place (quotes, list) and section break, and `own`.
function blockProperties(context: PatchContext, leaf: Leaf, own: ReadonlyMap<string, string> = new Map()): string {
  const changes = paragraphChanges(context, leaf, undefined, true);
  for (const [name, markup] of own) changes.set(name, markup);
  return patchProperties(context.text, undefined, 'w:pPr', PARAGRAPH_PROPERTY_ORDER, changes);
}

function writeParagraph(context: PatchContext, leaf: Leaf, template: ParagraphTemplate | undefined, plainText?: string): string {
  const element = template && context.element(template.unit);
  const pPr = patchProperties(context.text, childNamed(element, 'pPr'), 'w:pPr', PARAGRAPH_PROPERTY_ORDER, paragraphChanges(context, leaf, template, true));
  const templates = element && template.unit.inline ? runTemplates(context, element, template.unit.inline, template.leaf.node) : undefined;
  const content = plainText === undefined ? leaf.node.content : Fragment.from(plainText === '' ? [] : [leaf.node.type.schema.text(plainText)]);
  return `<w:p>${pPr}${writeInline(context, content, templates?.list ?? [], templates?.nearest(0), undefined, paragraphCommentMarkers(context.commentSpans, leaf.node, content, null, null))}</w:p>`;
}

// Elements around runs that carry markup of their own (ECMA-376 Part 1, 17.5.2.31 sdt, 17.5.1.9
// smartTag, 17.5.1.3 customXml), by local name: the child holding their runs, or null for
// themselves. Tracked changes are none: their marks write them (see `ReviewWriter`).
const RUN_WRAPPERS: Readonly<Record<string, string | null>> = { sdt: 'sdtContent', smartTag: null, customXml: null };

/**
 * The markup before and after the runs of a content control, smart tag or custom XML element,
 * so that new runs can go in their place; undefined for any other element, and for one holding
 * anything but runs and proofing marks (a link, a field, another wrapper).
 */
function runWrapper(text: string, element: XmlElement | undefined): { open: string; close: string } | undefined {
  const name = element && elementLocalName(element);
  if (!element || name === undefined || !(name in RUN_WRAPPERS)) return undefined;
  const contentName = RUN_WRAPPERS[name];
  const container = contentName ? childNamed(element, contentName) : element;
  const content = container ? childElements(container).filter((child) => !elementLocalName(child).endsWith('Pr')) : [];
  if (content.length === 0 || !content.every((child) => ['r', 'proofErr'].includes(elementLocalName(child)))) return undefined;
  return { open: text.slice(element.start, content[0]!.start), close: text.slice(content[content.length - 1]!.end, element.end) };
}

// The touched children that are runs holding one atom (a picture, a chart, a note reference).
function keptAtomRuns(text: string, touched: readonly InlineSource[], old: Fragment): KeptAtomRuns {
  const runs: AtomRun[] = [];
  for (const child of touched) {
    if (child.to - child.from !== 1 || !/^<w:r[\s>]/.test(text.slice(child.start, child.start + 5))) continue;
    const node = old.cut(child.from, child.to).firstChild;
    if (node && !node.isText) runs.push({ node, xml: text.slice(child.start, child.end) });
  }
  return new KeptAtomRuns(runs);
}

const RUN_START = /^<w:r(?:\s[^>]*)?>/;
// A run of text alone, with or without properties: what Word and Quire write for plain text.
const PLAIN_TEXT_RUN = /^<w:r(?:\s[^>]*)?>(?:<w:rPr\/>|<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>)?<w:t(?:\s[^>]*)?>[^<]*<\/w:t><\/w:r>$/;

/**
 * The run that text inserted at its edge (between `start` and `a` of the old content, `start` and
 * `b` of the new) joins: a run of plain text right before the insertion, or else right after it,
 * whose text the inserted text continues with the same formatting. Rewriting that run with the
 * new text, instead of adding a run beside it, keeps a file from growing by a run at every
 * round of editing and saving.
 */
function runJoinedByInsertion(text: string, inline: readonly InlineSource[], now: Fragment, start: number, a: number, b: number): InlineSource | undefined {
  if (a !== start || b <= start) return undefined;
  const neighbour = textSpans(now, start)
    ? inline.find((child) => child.from < child.to && child.to === start)
    : textSpans(now, b) ? inline.find((child) => child.from < child.to && child.from === a) : undefined;
  return neighbour && PLAIN_TEXT_RUN.test(text.slice(neighbour.start, neighbour.end)) ? neighbour : undefined;
}

// Whether one text node of `content` runs across `position`, which then lies inside it.
function textSpans(content: Fragment, position: number): boolean {
  let spans = false;
  content.forEach((node, offset) => {
    if (node.isText && offset < position && position < offset + node.nodeSize) spans = true;
  });
  return spans;
}

function firstContentFrom(inline: readonly InlineSource[], position: number): number {
  const index = inline.findIndex((child) => child.from < child.to && child.from >= position);
  return index === -1 ? inline.length : index;
}

interface RunTemplates {
  readonly list: RunTemplate[];
  readonly of: Map<InlineSource, RunTemplate>;
  /** The template of the content child nearest before (else after) child `index`. */
  nearest(index: number): RunTemplate | undefined;
}

// The formatting of each child with content: its first run's `w:rPr` and the marks its text got.
function runTemplates(context: PatchContext, p: XmlElement, inline: readonly InlineSource[], node: Node): RunTemplates {
  const byStart = new Map(childElements(p).map((child) => [child.start, child]));
  const of = new Map<InlineSource, RunTemplate>();
  for (const child of inline) {
    if (child.from >= child.to) continue;
    const element = byStart.get(child.start);
    const run = element && firstRun(element);
    if (!run) continue;
    let marks: RunTemplate['marks'] = [];
    node.nodesBetween(child.from, child.from + 1, (inner) => {
      if (inner.isInline) marks = inner.marks.filter(isFormattingMark);
      return false;
    });
    of.set(child, { marks, rPr: childNamed(run, 'rPr') });
  }
  const list = [...of.values()];
  const nearest = (index: number): RunTemplate | undefined => {
    for (let at = Math.min(index, inline.length) - 1; at >= 0; at--) {
      const found = of.get(inline[at]!);
      if (found) return found;
    }
    for (let at = index; at < inline.length; at++) {
      const found = of.get(inline[at]!);
      if (found) return found;
    }
    return undefined;
  };
  return { list, of, nearest };
}

// The first `w:r` at or below `element` (a run, or a link, field or control around runs).
function firstRun(element: XmlElement): XmlElement | undefined {
  const stack = [element];
  let visited = 0;
  while (stack.length > 0 && visited++ < 64) {
    const current = stack.shift()!;
    if (elementLocalName(current) === 'r') return current;
    stack.push(...childElements(current));
  }
  return undefined;
}

/**
 * The paragraph property changes that make the properties of `template` (or none) say what
 * `leaf` shows: style, alignment, indentation, spacing, keeps, direction, numbering and the
 * section break. Properties whose attribute did not change are left as written. `fresh`: the
 * paragraph is written anew, so numbering and section breaks are always stated.
 */
function paragraphChanges(context: PatchContext, leaf: Leaf, template: ParagraphTemplate | undefined, fresh = false): Map<string, string | null> {
  const changes = new Map<string, string | null>();
  const node = leaf.node;
  const base = template?.leaf.node;
  const attr = (target: Node | undefined, name: string): unknown => target?.attrs[name] ?? null;
  const styleOf = (target: Node | undefined): string | null => {
    if (!target) return null;
    if (target.type.name === 'heading') return (target.attrs['styleId'] as string | null) ?? context.headingStyleId(target.attrs['level'] as number);
    if (target.type.name === 'code_block') return (target.attrs['styleId'] as string | null | undefined) ?? context.useStyle(STYLE_IDS.code);
    return (target.attrs['styleId'] as string | null | undefined) ?? null;
  };
  let style = styleOf(node);
  const list = leaf.list;
  let indent = attr(node, 'indent') as Indentation | null;
  let indentChanged = JSON.stringify(indent) !== JSON.stringify(attr(base, 'indent'));
  // Written with nothing read to start from (a new document's blocks): quotes, list items and notes are placed by their properties.
  if (fresh && !template) {
    const placed = placeAlone(context, leaf, style, indent);
    style = placed.style;
    if (placed.indent !== indent) {
      indent = placed.indent;
      indentChanged = true;
    }
    if (placed.bar) changes.set('pBdr', `<w:pBdr>${paragraphBorderXml('left', WORD_DEFAULT_STYLES.quote.borders.left)}</w:pBdr>`);
    if (node.type.name === 'heading' && !list && style !== null && !context.styleNumbers(style) && typeof node.attrs['number'] === 'string' && node.attrs['number'].trim() !== '') {
      const numbered = context.headingNumbers.numberHeading(node.attrs['level'] as number, node.attrs['number']);
      changes.set('numPr', `<w:numPr><w:ilvl w:val="${numbered.level}"/><w:numId w:val="${numbered.numId}"/></w:numPr>`);
    }
  }
  if (style !== styleOf(base) || (base && base.type !== node.type)) changes.set('pStyle', style === null ? null : `<w:pStyle w:val="${escapeXmlAttribute(style)}"/>`);
  const align = attr(node, 'align') as string | null;
  if (align !== attr(base, 'align')) changes.set('jc', align === null ? null : `<w:jc w:val="${ALIGNMENTS[align] ?? 'left'}"/>`);
  const baseList = template?.leaf.list ?? null;
  const sameList = list?.numId === baseList?.numId && list?.level === baseList?.level && list?.first === baseList?.first;
  if (indentChanged) changes.set('ind', indent === null ? null : indentMarkup(indent));
  else if (list && !list.first && (fresh || !sameList)) {
    // A paragraph that continues a list item lines up with the item's text: Word and the reader place it by its indent.
    const left = context.numbering.levelIndent(list.numId, list.level);
    if (left !== undefined) changes.set('ind', indentMarkup({ ...(indent ?? {}), left }));
  }
  const shading = attr(node, 'shading') as string | null;
  if (shading !== attr(base, 'shading')) changes.set('shd', shading !== null && /^[0-9A-Fa-f]{6}$/.test(shading) ? `<w:shd w:val="clear" w:color="auto" w:fill="${shading}"/>` : null);
  const spacing = attr(node, 'spacing') as Spacing | null;
  if (JSON.stringify(spacing) !== JSON.stringify(attr(base, 'spacing'))) changes.set('spacing', spacing === null ? null : spacingXml(spacing));
  for (const [name, element] of [['keepNext', 'keepNext'], ['keepLines', 'keepLines'], ['pageBreakBefore', 'pageBreakBefore']] as const) {
    const on = attr(node, name) === true;
    if (on !== (attr(base, name) === true)) changes.set(element, on ? `<w:${element}/>` : null);
  }
  const rtl = attr(node, 'direction') === 'rtl';
  if (rtl !== (attr(base, 'direction') === 'rtl')) changes.set('bidi', rtl ? '<w:bidi/>' : null);
  if ((fresh || !sameList) && !changes.has('numPr')) changes.set('numPr', list?.first ? `<w:numPr><w:ilvl w:val="${list.level}"/><w:numId w:val="${context.numId(list)}"/></w:numPr>` : null);
  const heldSectPr = template ? context.sectPrOf(template.unit) : undefined;
  if (fresh || (leaf.endsSection ?? undefined) !== heldSectPr || context.sectPrGainsParts(leaf.endsSection)) changes.set('sectPr', leaf.endsSection ? context.sectPrMarkup(leaf.endsSection) : null);
  // A paragraph read keeps its mark's properties as written, its change too unless an edit changed it (suggest mode, a decision); one made anew states its mark's change.
  const markChange = attr(node, 'markChange') as StructureChange | null;
  if (!template && markChange) changes.set('rPr', `<w:rPr>${writeMarkChange(context, markChange)}</w:rPr>`);
  else if (template && JSON.stringify(markChange) !== JSON.stringify(attr(base, 'markChange'))) {
    changes.set('rPr', rewriteMarkChange(context, childNamed(childNamed(context.element(template.unit), 'pPr'), 'rPr'), markChange));
  }
  // The change of the paragraph's properties goes last (`w:pPrChange`), as read while untouched; a new one holds the old `w:pPr`.
  const pPrChange = paragraphFormatChangeMarkup(context, leaf, template, (other) => paragraphChanges(context, other, template, fresh));
  if (pPrChange !== undefined) changes.set('pPrChange', pPrChange);
  return changes;
}

/**
 * Where a block written with nothing read to start from stands, as Word has no quote container:
 * each quote indents its content half an inch more, and what is not a Block Text paragraph (a
 * heading, code, a list item's numbered paragraph) gets Block Text's bar, so that a reader knows
 * it is quoted (the DOCX reader recovers the quotes from the bar and the indent beyond the list
 * item). A list item's later paragraphs line up with its text; a note's paragraphs without a
 * style of their own take Footnote Text.
 */
function placeAlone(context: PatchContext, leaf: Leaf, style: string | null, indent: Indentation | null): { style: string | null; indent: Indentation | null; bar: boolean } {
  const list = leaf.list;
  const textIndent = list ? listIndent(list.level) + QUOTE_INDENT * (leaf.quoteDepth - leaf.innerQuoteDepth) : 0;
  let quoted = false;
  if (list?.first) {
    if (leaf.quoteDepth > 0) {
      indent = { left: textIndent, hanging: NUMBER_HANGING };
      quoted = true;
    }
  } else if (leaf.innerQuoteDepth > 0) {
    style ??= context.useStyle(STYLE_IDS.quote);
    indent = { ...(indent ?? {}), left: textIndent + QUOTE_INDENT * leaf.innerQuoteDepth };
    quoted = true;
  } else if (list && indent === null) indent = { left: textIndent };
  if (context.inNote) style ??= context.useStyle(STYLE_IDS.noteText);
  return { style, indent, bar: quoted && style !== STYLE_IDS.quote && leaf.node.type.name !== 'horizontal_rule' };
}

function indentMarkup(indent: Indentation): string {
  const parts = [
    indent.left !== undefined ? ` w:left="${indent.left}"` : '',
    indent.right !== undefined ? ` w:right="${indent.right}"` : '',
    indent.hanging !== undefined ? ` w:hanging="${indent.hanging}"` : indent.firstLine !== undefined ? ` w:firstLine="${indent.firstLine}"` : '',
  ];
  return `<w:ind${parts.join('')}/>`;
}

