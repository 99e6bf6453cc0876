import type { Fragment, Mark, Node } from 'prosemirror-model';
import { decodeDataUriImage, isDataUri } from '../../model/data-uri.js';
import { readImageSize } from '../../model/image-size.js';
import { TWIPS_PER_PIXEL } from '../../model/units.js';
import { escapeXmlAttribute, escapeXmlText } from '../../xml/escape-xml.js';
import type { XmlElement } from '@rgrove/parse-xml';
import type { KeptAtomRuns } from './kept-atom-runs.js';
import type { PatchContext } from './patch-context.js';
import { patchProperties, RUN_PROPERTY_ORDER } from './properties-xml.js';
import { STYLE_IDS } from './word-styles-part.js';
import { hasDeletion } from '../../model/review/deleted-text.js';
import { NO_COMMENTS, ReviewWriter, type CommentMarkers } from './review-writer.js';
import { formatChangeOf, formatChangeXml } from './format-change-writer.js';
import { restoreMarks, type RunFormatChange } from '../../model/review/format-change.js';
import { childNamed } from '../../xml/elements.js';

/** The formatting of a run as read: its marks (links left out) and its `w:rPr`. */
export interface RunTemplate {
  readonly marks: readonly Mark[];
  readonly rPr: XmlElement | undefined;
}

// Word's highlight colours (ECMA-376 Part 1, 17.18.40 ST_HighlightColor) by RRGGBB.
const HIGHLIGHT_NAMES: Record<string, string> = {
  FFFF00: 'yellow', '00FF00': 'green', '00FFFF': 'cyan', FF00FF: 'magenta', '0000FF': 'blue', FF0000: 'red', '000080': 'darkBlue',
  '008080': 'darkCyan', '008000': 'darkGreen', '800080': 'darkMagenta', '800000': 'darkRed', '808000': 'darkYellow',
  '808080': 'darkGray', C0C0C0: 'lightGray', '000000': 'black', FFFFFF: 'white',
};

/**
 * Returns the runs of inline content: text keeps the `w:rPr` of a run read with the same marks
 * (`templates`), or takes `fallback`'s with only the marks that differ changed, so that writing
 * adds no property the user did not set. Links become `w:hyperlink` around their runs, tracked
 * changes `w:ins`, `w:del`, `w:moveTo` or `w:moveFrom` inside the link (deleted text as
 * `w:delText`), see `ReviewWriter`. An atom that `kept` has the run of is written as that run.
 * The ranges of the comments in `comments` (whose markers the caller took out) get their
 * `w:commentRangeStart` and `w:commentRangeEnd` where their marks start and end.
 */
export function writeInline(context: PatchContext, content: Fragment, templates: readonly RunTemplate[], fallback: RunTemplate | undefined, kept?: KeptAtomRuns, comments: CommentMarkers = NO_COMMENTS): string {
  let out = '';
  let linkHref: string | null = null;
  let linked = '';
  const review = new ReviewWriter(context, content, comments);
  const emit = (markup: string): void => {
    if (linkHref !== null) linked += markup;
    else out += markup;
  };
  const flushLink = (): void => {
    emit(review.closeChange());
    if (linkHref !== null) out += hyperlink(context, linkHref, linked);
    linkHref = null;
    linked = '';
  };
  content.forEach((node) => {
    const link = node.marks.find((mark) => mark.type.name === 'link');
    const href = link ? String(link.attrs['href']) : null;
    if (href !== linkHref) flushLink();
    linkHref = href;
    emit(review.before(node));
    const run = kept?.take(node) ?? writeInlineNode(context, node, templates, fallback);
    emit(run);
  });
  emit(review.closeChange());
  flushLink();
  return out + review.end();
}

function hyperlink(context: PatchContext, href: string, runs: string): string {
  if (href === '#') return runs;
  if (href.startsWith('#')) return `<w:hyperlink w:anchor="${escapeXmlAttribute(href.slice(1))}" w:history="1">${runs}</w:hyperlink>`;
  const id = context.relationshipFor('hyperlink', href)!;
  return `<w:hyperlink ${context.relationshipAttribute('id', id)} w:history="1">${runs}</w:hyperlink>`;
}

function writeInlineNode(context: PatchContext, node: Node, templates: readonly RunTemplate[], fallback: RunTemplate | undefined): string {
  const rPr = runProperties(context, node.marks, templates, fallback);
  switch (node.type.name) {
    case 'text':
      return `<w:r>${rPr}${textContent(node.text ?? '', hasDeletion(node.marks))}</w:r>`;
    case 'hard_break':
      return `<w:r>${rPr}${node.attrs['kind'] === 'column' ? '<w:br w:type="column"/>' : '<w:br/>'}</w:r>`;
    case 'field': {
      // The code as read keeps the field's switches and a PAGEREF's bookmark; a field made anew has only its name.
      const code = String(node.attrs['code'] || node.attrs['name']);
      const text = escapeXmlText(String(node.attrs['text']));
      return `<w:fldSimple w:instr=" ${escapeXmlAttribute(code)} "><w:r>${rPr}<w:t>${text}</w:t></w:r></w:fldSimple>`;
    }
    case 'footnote_reference': {
      const note = context.noteReference(String(node.attrs['id']));
      return note ? `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:${note.kind}Reference w:id="${escapeXmlAttribute(note.id)}"/></w:r>` : '';
    }
    case 'image':
      // A picture that cannot be embedded (not the package's, not a `data:` image) stays as its alt text.
      return writeImage(context, node, rPr) || (typeof node.attrs['alt'] === 'string' && node.attrs['alt'] !== '' ? `<w:r>${rPr}${textContent(node.attrs['alt'])}</w:r>` : '');
    case 'opaque_inline':
      if (node.attrs['format'] === 'ooxml' && node.attrs['source'] !== '' && context.canHold(String(node.attrs['source']))) return String(node.attrs['source']);
      return `<w:r>${rPr}${textContent(String(node.attrs['text']))}</w:r>`;
    default:
      return '';
  }
}

// Tabs, soft and non-breaking hyphens have elements of their own (ECMA-376 Part 1, 17.3.3), and
// a line feed (in code) is a break; deleted text is `w:delText` (17.3.3.7).
function textContent(text: string, deleted = false): string {
  let out = '';
  for (const piece of text.split(/(\r\n|[\t\n\r\u00AD\u2011])/)) {
    if (piece === '') continue;
    if (piece === '\t') out += '<w:tab/>';
    else if (piece === '\n' || piece === '\r' || piece === '\r\n') out += '<w:br/>';
    else if (piece === '\u00AD') out += '<w:softHyphen/>';
    else if (piece === '\u2011') out += '<w:noBreakHyphen/>';
    else out += deleted ? `<w:delText xml:space="preserve">${escapeXmlText(piece)}</w:delText>` : `<w:t xml:space="preserve">${escapeXmlText(piece)}</w:t>`;
  }
  return out;
}

/**
 * The `w:rPr` of text with `marks`: a template's with the same marks, else the fallback's changed by
 * the difference; with the text's formatting change last (`w:rPrChange`, the old `w:rPr` inside).
 */
export function runProperties(context: PatchContext, marks: readonly Mark[], templates: readonly RunTemplate[], fallback: RunTemplate | undefined): string {
  const change = formatChangeOf(marks);
  const changeMarkup = change
    ? formatChangeXml(context, 'rPrChange', change.attrs as RunFormatChange, () => formattingProperties(context, restoreMarks(change.type.schema, (change.attrs as RunFormatChange).before), templates, fallback, null))
    : null;
  return formattingProperties(context, marks, templates, fallback, changeMarkup);
}

// The `w:rPr` of text with the formatting `marks`, whose `w:rPrChange` is `changeMarkup` (null: none).
function formattingProperties(context: PatchContext, marks: readonly Mark[], templates: readonly RunTemplate[], fallback: RunTemplate | undefined, changeMarkup: string | null): string {
  const wanted = marks.filter(isFormattingMark);
  const same = fallback && sameMarks(fallback.marks, wanted) ? fallback : templates.find((template) => sameMarks(template.marks, wanted));
  const text = context.text;
  if (same) {
    const held = same.rPr && childNamed(same.rPr, 'rPrChange');
    const heldMarkup = held ? text.slice(held.start, held.end) : null;
    if (heldMarkup === changeMarkup) return same.rPr ? text.slice(same.rPr.start, same.rPr.end) : '';
    return patchProperties(text, same.rPr, 'w:rPr', RUN_PROPERTY_ORDER, new Map([['rPrChange', changeMarkup]]));
  }
  const changes = markChanges(fallback?.marks ?? [], wanted);
  if (changeMarkup !== null || (fallback?.rPr && childNamed(fallback.rPr, 'rPrChange'))) changes.set('rPrChange', changeMarkup);
  // Text with nothing read to start from shows code and links through Word's character styles.
  if (!fallback) {
    const style = wanted.some((mark) => mark.type.name === 'code') ? STYLE_IDS.inlineCode : marks.some((mark) => mark.type.name === 'link') ? STYLE_IDS.hyperlink : undefined;
    if (style) changes.set('rStyle', `<w:rStyle w:val="${context.useStyle(style)}"/>`);
  }
  return patchProperties(text, fallback?.rPr, 'w:rPr', RUN_PROPERTY_ORDER, changes);
}

function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  const formatting = a.filter(isFormattingMark);
  return formatting.length === b.length && formatting.every((mark) => b.some((other) => other.eq(mark)));
}

/** Whether a mark is run formatting (`w:rPr`), not a link or a review mark written as elements of their own. */
export function isFormattingMark(mark: Mark): boolean {
  return !NOT_FORMATTING.has(mark.type.name);
}

const NOT_FORMATTING = new Set(['link', 'insertion', 'deletion', 'comment', 'formatChange']);

// The run property changes that turn text marked `from` into text marked `to`.
function markChanges(from: readonly Mark[], to: readonly Mark[]): Map<string, string | null> {
  const changes = new Map<string, string | null>();
  const find = (marks: readonly Mark[], name: string): Mark | undefined => marks.find((mark) => mark.type.name === name);
  const toggle = (name: string, element: string, also?: string): void => {
    const had = find(from, name);
    const has = find(to, name);
    if (had && !has) {
      changes.set(element, null);
      if (also) changes.set(also, null);
    } else if (!had && has) {
      changes.set(element, `<w:${element}/>`);
      // Word's bold and italic buttons set the complex-script twin too, so right-to-left text follows.
      if (also) changes.set(also, `<w:${also}/>`);
    }
  };
  toggle('bold', 'b', 'bCs');
  toggle('italic', 'i', 'iCs');
  toggle('strike', 'strike');
  const valued = (name: string, element: string, markup: (mark: Mark) => string | null): void => {
    const had = find(from, name);
    const has = find(to, name);
    if (had && has && had.eq(has)) return;
    if (has) changes.set(element, markup(has));
    else if (had) changes.set(element, null);
  };
  valued('underline', 'u', (mark) => `<w:u w:val="${escapeXmlAttribute(String(mark.attrs['style']))}"/>`);
  valued('color', 'color', (mark) => `<w:color w:val="${escapeXmlAttribute(String(mark.attrs['color']))}"/>`);
  valued('highlight', 'highlight', (mark) => {
    const name = HIGHLIGHT_NAMES[String(mark.attrs['color']).toUpperCase()];
    return name ? `<w:highlight w:val="${name}"/>` : null;
  });
  const highlight = find(to, 'highlight');
  if (highlight && !HIGHLIGHT_NAMES[String(highlight.attrs['color']).toUpperCase()]) {
    changes.set('shd', `<w:shd w:val="clear" w:color="auto" w:fill="${escapeXmlAttribute(String(highlight.attrs['color']))}"/>`);
  }
  const vertical = (marks: readonly Mark[]): string | null => (find(marks, 'superscript') ? 'superscript' : find(marks, 'subscript') ? 'subscript' : null);
  if (vertical(from) !== vertical(to)) changes.set('vertAlign', vertical(to) === null ? null : `<w:vertAlign w:val="${vertical(to)}"/>`);
  const caps = (marks: readonly Mark[]): string | null => (find(marks, 'caps')?.attrs['variant'] as string | undefined) ?? null;
  if (caps(from) !== caps(to)) {
    changes.set('caps', caps(to) === 'all' ? '<w:caps/>' : null);
    changes.set('smallCaps', caps(to) === 'small' ? '<w:smallCaps/>' : null);
  }
  const fromFont = find(from, 'font');
  const toFont = find(to, 'font');
  const family = (mark: Mark | undefined): string | null => (mark?.attrs['family'] as string | null) ?? null;
  const size = (mark: Mark | undefined): number | null => (mark?.attrs['size'] as number | null) ?? null;
  if (family(fromFont) !== family(toFont)) {
    const name = family(toFont);
    changes.set('rFonts', name === null ? null : `<w:rFonts w:ascii="${escapeXmlAttribute(name)}" w:hAnsi="${escapeXmlAttribute(name)}" w:cs="${escapeXmlAttribute(name)}" w:eastAsia="${escapeXmlAttribute(name)}"/>`);
  }
  if (size(fromFont) !== size(toFont)) {
    const points = size(toFont);
    changes.set('sz', points === null ? null : `<w:sz w:val="${Math.round(points * 2)}"/>`);
    changes.set('szCs', points === null ? null : `<w:szCs w:val="${Math.round(points * 2)}"/>`);
  }
  return changes;
}

// EMU per twip (ECMA-376 Part 1, 20.1.2.1: 914400 EMU per inch, 1440 twips per inch).
const EMU_PER_TWIP = 635;
const DEFAULT_IMAGE_TWIPS = 2880;

function writeImage(context: PatchContext, node: Node, rPr: string): string {
  const src = String(node.attrs['src']);
  const size = imageSize(context, node, src);
  const id = size && context.relationshipFor('image', src);
  if (!size || id === undefined) return '';
  const cx = Math.round(size.width * EMU_PER_TWIP);
  const cy = Math.round(size.height * EMU_PER_TWIP);
  const drawingId = context.nextDrawingId();
  const name = escapeXmlAttribute(String(node.attrs['alt'] || `Picture ${drawingId}`));
  const title = typeof node.attrs['title'] === 'string' && node.attrs['title'] !== '' ? ` title="${escapeXmlAttribute(node.attrs['title'])}"` : '';
  const wp = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const pic = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
  return (
    `<w:r>${rPr}<w:drawing><wp:inline xmlns:wp="${wp}" distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
    `<wp:docPr id="${drawingId}" name="${name}" descr="${name}"${title}/>` +
    `<a:graphic xmlns:a="${a}"><a:graphicData uri="${pic}"><pic:pic xmlns:pic="${pic}">` +
    `<pic:nvPicPr><pic:cNvPr id="${drawingId}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip ${context.relationshipAttribute('embed', id)}/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/**
 * The size of a picture in twips: its own, else (one side or none given) from the image's own
 * pixels and proportions, shrunk to the width of the text column. Undefined for a `data:` image
 * whose bytes are not the image they claim to be, which Word would show as broken.
 */
function imageSize(context: PatchContext, node: Node, src: string): { width: number; height: number } | undefined {
  let width = node.attrs['width'] as number | null;
  let height = node.attrs['height'] as number | null;
  const data = isDataUri(src) ? decodeDataUriImage(src) : undefined;
  const natural = data && readImageSize(data.type, data.bytes);
  if (isDataUri(src) && !natural) return undefined;
  if (natural && (width === null || height === null)) {
    const pixels = { width: natural.width * TWIPS_PER_PIXEL, height: natural.height * TWIPS_PER_PIXEL };
    if (width === null && height === null) ({ width, height } = pixels);
    else if (width === null) width = (height! * pixels.width) / pixels.height;
    else height = (width * pixels.height) / pixels.width;
  }
  width ??= DEFAULT_IMAGE_TWIPS;
  height ??= DEFAULT_IMAGE_TWIPS;
  const fit = Math.min(1, context.contentWidth / width);
  return { width: Math.max(1, width * fit), height: Math.max(1, height * fit) };
}
