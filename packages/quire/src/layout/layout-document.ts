import type { Node } from 'prosemirror-model';
import { AuthorColourSlots, documentAuthors, readSectionPage } from '../model/index.js';
import type { PaperSize, ReviewMarkup, SectionColumns } from '../model/index.js';
import { withNoteNumberSpace } from './note-number-space.js';
import { layoutBlocks, layoutBodyBlocks } from './block-layout.js';
import type { LayoutCache } from './layout-cache.js';
import { readDocumentLook } from './document-look.js';
import type { FontCatalog } from './font-catalog.js';
import { FloatTurns } from './float-turn.js';
import { isEndnote, LayoutContext } from './layout-context.js';
import type { LayoutWarning } from './layout-context.js';
import { strokeLine } from './paint-op.js';
import { PageFieldValues, placeFields } from './page-fields.js';
import { PageFurniture } from './page-furniture.js';
import { Paginator } from './paginate.js';
import type { ColumnLayout, LaidOutPage, PageGeometry } from './paginate.js';
import type { BlockFrame } from './paragraph-layout.js';
import { dropEdgeAutoSpace, type BlockBox, type Slice } from './slice.js';
import type { TextMeasurer } from './text-measurer.js';

// Room for a note's number when the note starts with a list or table, which the number stands beside.
const NOTE_NUMBER_ROOM = 18;
// Layout passes at most, before the page fields' one, to find where floating pictures go on to the
// next page (see layoutDocument): the fidelity fixtures settle within four.
const MAX_FLOAT_PASSES = 6;

/** What {@link layoutDocument} needs besides the document: fonts, how to measure them, and paper. */
export interface LayoutOptions {
  readonly catalog: FontCatalog;
  readonly measurer: TextMeasurer;
  /** Paper used by sections that give no page size (default `A4`). */
  readonly paperSize?: PaperSize;
  /** Receives warnings about content shown approximately (pictures without data). */
  readonly warn?: (warning: LayoutWarning) => void;
  /** Record the room each textblock takes as placed (`LaidOutDocument.boxes`), for a painter that sets the text itself. */
  readonly recordBoxes?: boolean;
  /** Blocks laid out before, kept between layouts of one document being edited (see {@link LayoutCache}). */
  readonly cache?: LayoutCache;
  /**
   * How tracked changes and comment ranges show (default `none`, the document as if every change
   * were accepted); see {@link ReviewMarkup}. The comments themselves go in a margin beside the
   * pages of `all` markup with `placeCommentMargins`.
   */
  readonly markup?: ReviewMarkup;
}

/** A document laid out on pages, each with what is drawn on it, ready for a painter. */
export interface LaidOutDocument {
  readonly pages: readonly LaidOutPage[];
  /** The room each textblock of the document takes as placed, by its node; empty unless `recordBoxes` was asked for. */
  readonly boxes: ReadonlyMap<Node, BlockBox>;
  /** The text each page field of the text and notes shows on the pages, by its node (those of headers and footers are painted on each page). */
  readonly fieldTexts: ReadonlyMap<Node, string>;
}

/**
 * Lays a model document out on pages, section by section: lines broken and measured with
 * `measurer`, pages filled with keep, widow and orphan rules, footnotes at the foot of the page of
 * their reference and endnotes after the text, headers and footers with their page numbers, and
 * page fields (PAGE, NUMPAGES, SECTIONPAGES, PAGEREF) showing the numbers of these pages. Pure:
 * it draws nothing itself, and the same document and measurements give the same pages in Node and
 * in the browser.
 */
export function layoutDocument(doc: Node, options: LayoutOptions): LaidOutDocument {
  // The page fields of the text and notes are known only once the pages are: a first layout shows
  // what the last layout computed (or the producer's results), and where the pages say otherwise
  // the document is laid out once more with the computed texts. That layout is the last: its
  // fields keep the numbers of the pages before, even if the new texts move a line to
  // another page, so the layout never goes round in circles (a page number pushing its own line
  // onto a page with a wider number, and back).
  //
  // Before that, floating pictures: whether a picture goes on to the next page, where it does not
  // fit below its paragraph's first line at the foot of a page (see FloatTurn), is known only once
  // the pages are, and decides how the paragraph's lines break. Each pass sets the paragraphs with
  // the turns the pass before found and records those its pages give; it is repeated while some
  // differ. A document without such pictures, or whose turns are as its last layout left them,
  // takes one pass. The passes settle in document order: the paragraphs before the first one whose
  // turn changed are laid out as before and keep their places, and that paragraph's lines start
  // where they did (the rows before a picture are as tall beside it as across the column), so the
  // next pass finds its turn again, and so each pass settles at least one more such paragraph.
  // That can take as many passes as there are pictures turning (and a turn that changes how many
  // rows its paragraph has could undo itself): at most MAX_FLOAT_PASSES are made, the last one's
  // pages kept.
  options.cache?.begin(doc.attrs);
  const turns = options.cache?.floatTurns ?? new FloatTurns();
  const fieldTexts = options.cache?.fieldTexts ?? new Map<Node, string>();
  // The reviewers' colours, found once for every pass: only all markup draws them.
  const colours = options.markup === 'all' ? new AuthorColourSlots(documentAuthors(doc)) : new AuthorColourSlots();
  let settled = layoutPass(doc, options, fieldTexts, options.warn, turns, colours);
  for (let passes = 1; settled.turnsChanged && passes < MAX_FLOAT_PASSES; passes += 1) {
    // A further layout lays out the same content, so its warnings are the first one's, given already.
    settled = layoutPass(doc, options, fieldTexts, undefined, turns, colours);
  }
  const last = settled.fieldsChanged ? layoutPass(doc, options, settled.computedTexts, undefined, turns, colours) : settled;
  // The texts the settled layout computed are what the pages show now; the next layout of the document being edited starts from them.
  if (options.cache) options.cache.fieldTexts = settled.computedTexts;
  return { pages: last.pages, boxes: last.boxes, fieldTexts: settled.computedTexts };
}

interface LayoutPass {
  readonly pages: readonly LaidOutPage[];
  readonly boxes: ReadonlyMap<Node, BlockBox>;
  /** The texts of the page fields of the text and notes as these pages give them. */
  readonly computedTexts: ReadonlyMap<Node, string>;
  /** Some such field showed a text other than the one these pages give it. */
  readonly fieldsChanged: boolean;
  /** Some paragraph's pictures turned to the next page otherwise than its lines were set for. */
  readonly turnsChanged: boolean;
}

function layoutPass(doc: Node, options: LayoutOptions, fieldTexts: ReadonlyMap<Node, string>, warn: LayoutOptions['warn'], turns: FloatTurns, colours: AuthorColourSlots): LayoutPass {
  const context = new LayoutContext(options.catalog, options.measurer, warn ?? (() => undefined), readDocumentLook(doc));
  context.markup = options.markup ?? 'none';
  context.authorColours = colours;
  context.floatTurns = turns;
  const turnChangesBefore = turns.changes;
  context.anchorNames = collectAnchors(doc);
  context.fieldTexts = fieldTexts;
  const boxes = new Map<Node, BlockBox>();
  if (options.recordBoxes) context.boxes = boxes;
  const sections: Node[] = [];
  const footnotes: Node[] = [];
  doc.forEach((child) => (child.type.name === 'section' ? sections.push(child) : footnotes.push(child)));
  let lastFrame: BlockFrame | null = null;
  const notesById = new Map(footnotes.map((note) => [String(note.attrs['id']), note]));
  const geometries = sections.map((section) => pageGeometry(section, options.paperSize ?? 'A4'));
  const furniture = new PageFurniture(context, sections, geometries, doc.attrs['evenAndOddHeaders'] === true);
  const paginator = new Paginator(
    (id) => {
      const note = notesById.get(id);
      return note && lastFrame ? layoutFootnote(context, note, lastFrame) : [];
    },
    (section, pageNumber, firstOfSection) => furniture.measure(section, pageNumber, firstOfSection),
    options.cache?.pagination ?? null,
  );
  sections.forEach((section, index) => {
    const geometry = geometries[index]!;
    // What else sets the room of the section's pages: its headers and footers, and the notes.
    const parts: Node[] = [...footnotes];
    section.forEach((child) => {
      if (child.type.name === 'header_footer') parts.push(child);
    });
    paginator.startSection(index, geometry, columnLayout(section), parts);
    const frame: BlockFrame = (lastFrame = {
      width: paginator.columnWidth(),
      left: 0,
      maxImageHeight: paginator.bodyHeight() * 0.95,
      defaultSpacing: context.look.body.spacing,
      outline: true,
      wrap: { band: null },
    });
    const blocks: Node[] = [];
    section.forEach((child) => {
      if (child.type.name !== 'header_footer') blocks.push(child);
    });
    paginator.place(dropEdgeAutoSpace(layoutBodyBlocks(context, blocks, frame, options.cache), { start: index === 0, end: false }));
  });
  // Endnotes follow the text, as Word sets them: at the end of the document, the default of `w:endnotePr/w:pos`.
  const atEnd = footnotes.filter((note) => isEndnote(String(note.attrs['id'])) || !paginator.placedFootnotes.has(String(note.attrs['id'])));
  paginator.endText();
  if (lastFrame && atEnd.length > 0) paginator.place(layoutNotesAtEnd(context, atEnd, lastFrame));
  paginator.finish();
  if (options.cache) options.cache.pagination = paginator.memo();
  // Headers and footers are laid out after the body: their boxes are not the body's.
  context.boxes = null;
  const places = placeFields(doc, paginator.pages);
  const values = new PageFieldValues(paginator.pages, sections, places.bookmarks);
  furniture.paint(paginator.pages, values);
  const computed = new Map<Node, string>();
  let fieldsChanged = false;
  for (const [field, pageIndex] of places.fields) {
    const text = values.text(field, pageIndex) ?? String(field.attrs['text']);
    computed.set(field, text);
    if (text !== context.fieldText(field)) fieldsChanged = true;
  }
  return { pages: paginator.pages, boxes, computedTexts: computed, fieldsChanged, turnsChanged: turns.changes !== turnChangesBefore };
}

/**
 * Lays out one note in the look of its note text style (Footnote Text, Endnote Text), with its
 * number superscript, as Word's Footnote Reference style sets it: at the start of its first
 * paragraph, or in a hanging indent when the note starts with a list or table.
 */
function layoutFootnote(context: LayoutContext, note: Node, frame: BlockFrame): Slice[] {
  const id = String(note.attrs['id']);
  const number = context.noteMark(id);
  const look = isEndnote(id) ? context.look.notes.endnote : context.look.notes.footnote;
  const blocks: Node[] = [];
  note.forEach((child) => blocks.push(child));
  const noteFrame: BlockFrame = { ...frame, wrap: undefined, outline: false, defaultSpacing: look.spacing, base: look.style };
  const first = blocks[0];
  if (first?.type.name === 'paragraph') {
    blocks[0] = withNoteNumber(first, number);
    return layoutBlocks(context, blocks, noteFrame);
  }
  const hanging: BlockFrame = { ...noteFrame, left: frame.left + NOTE_NUMBER_ROOM, width: frame.width - NOTE_NUMBER_ROOM };
  return layoutBlocks(context, blocks, hanging, 0, { text: number, style: { ...look.style, script: 'superscript' }, width: NOTE_NUMBER_ROOM });
}

/** A note's first paragraph with its superscript number in front, followed by a space (see {@link withNoteNumberSpace}). */
function withNoteNumber(paragraph: Node, number: string): Node {
  const schema = paragraph.type.schema;
  const superscript = schema.marks['superscript']!.create();
  const spaced = withNoteNumberSpace(paragraph);
  return spaced.copy(spaced.content.addToStart(schema.text(number, [superscript])));
}

/**
 * Endnotes, and footnotes that no text refers to, are set at the end of the document after a short
 * rule: the endnotes first, each kind in the order of its numbers.
 */
function layoutNotesAtEnd(context: LayoutContext, notes: readonly Node[], frame: BlockFrame): Slice[] {
  const ordered = notes
    .map((note) => ({ note, endnote: isEndnote(String(note.attrs['id'])), number: context.footnoteNumber(String(note.attrs['id'])) }))
    .sort((a, b) => Number(b.endnote) - Number(a.endnote) || a.number - b.number);
  const rule: Slice = {
    height: 18,
    keepWithNext: true,
    paint: (target, x, top) => strokeLine(target, x, top + 9, x + 144, top + 9, 0.5, '000000'),
  };
  const slices: Slice[] = [rule];
  for (const { note } of ordered) {
    const id = String(note.attrs['id']);
    // Each slice says its note, so that the pages say where each note is painted.
    slices.push(...layoutFootnote(context, note, frame).map((slice) => ({ ...slice, note: id })));
  }
  return slices;
}


function pageGeometry(section: Node, paperSize: PaperSize): PageGeometry {
  const { pageSize, margins } = readSectionPage(section, paperSize);
  const width = clamp(pageSize.width / 20, 72, 14400);
  const height = clamp(pageSize.height / 20, 72, 14400);
  // Margins that leave less than an inch of text are shrunk, so that every line has room.
  const horizontal = Math.min(1, (width - 72) / Math.max((margins.left + margins.right + margins.gutter) / 20, 1));
  const vertical = Math.min(1, (height - 72) / Math.max((Math.abs(margins.top) + Math.abs(margins.bottom)) / 20, 1));
  return {
    width,
    height,
    left: ((margins.left + margins.gutter) / 20) * horizontal,
    right: (margins.right / 20) * horizontal,
    top: (Math.abs(margins.top) / 20) * vertical,
    bottom: (Math.abs(margins.bottom) / 20) * vertical,
    header: margins.header / 20,
    footer: margins.footer / 20,
  };
}

function collectAnchors(doc: Node): Set<string> {
  const names = new Set<string>();
  doc.descendants((node) => {
    const anchors = node.attrs['anchors'];
    if (node.isTextblock && Array.isArray(anchors)) for (const name of anchors) if (typeof name === 'string') names.add(name);
    return !node.isTextblock;
  });
  return names;
}

function columnLayout(section: Node): ColumnLayout {
  const columns = section.attrs['columns'] as SectionColumns | null;
  if (!columns || !(columns.count > 1)) return { count: 1, space: 0 };
  return { count: Math.min(columns.count, 45), space: Math.max(Number(columns.space) || 0, 0) / 20 };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Number.isFinite(value) ? value : min, min), max);
}
