import { formatListNumber } from '../../model/format-list-number.js';
import type { Node, ResolvedPos } from 'prosemirror-model';
import { readDocumentDefaults, type ParagraphBorders } from '../../model/document-defaults.js';
import { readSectionPage, type SectionPage } from '../../model/section-page.js';
import type { PaperSize } from '../../model/section-types.js';
import type { ParagraphStyleInfo } from '../../readers/docx/read-paragraph-styles.js';
import { lookOf, readDocumentLook, type BlockLook, type DocumentLook } from './document-look.js';
import type { ImageStore } from './image-store.js';
import { TextblockRooms } from './textblock-rooms.js';

/** The paper of a section that gives no page size, as the editor shows it: the layout's and the DOCX writer's default too. */
export const SHEET_PAPER: PaperSize = 'A4';

/** What the node views of one document need besides the nodes: one per document shown, never shared. */
export interface RenderContext {
  /** The page the view lives in, which creates the elements. */
  readonly page: Document;
  readonly look: DocumentLook;
  /** The look of each paragraph style by id, with its alignment, indentation and borders. */
  readonly paragraphStyles: ReadonlyMap<string, StyleLook>;
  readonly images: ImageStore;
  /** The rooms the page layout gives the textblocks, in the `pages` layout; none in `flow`. */
  readonly rooms: TextblockRooms;
  /** The number shown for each footnote id (endnotes are numbered on their own, in roman numerals). */
  readonly footnoteNumbers: ReadonlyMap<string, string>;
  /** The geometry of the last section, which the notes at the end of the document follow. */
  readonly notesSheet: SectionPage;
  /** The width in twips of a text column of the first section, which estimates of block sizes use (see `estimateLines`). */
  readonly columnWidth: number;
}

/** A paragraph style as the view applies it. */
export interface StyleLook extends BlockLook {
  readonly align: ParagraphStyleInfo['align'];
  readonly indent: ParagraphStyleInfo['indent'];
  readonly borders: ParagraphBorders | null;
  /** A quote style (from the document's defaults): in a block quote, its left indent stands in for the quote's. */
  readonly quote: boolean;
}

/**
 * Returns the tallest in twips a picture at `$pos` is drawn, as the layout sets it (see
 * `layoutDocument`): a little less than its section's page body (the page less its top and bottom
 * margins), so that it fits on a page with its line; a quarter of the page in a header or footer.
 */
export function pictureHeightLimitAt($pos: ResolvedPos): number {
  const section = $pos.depth >= 1 && $pos.node(1).type.name === 'section' ? $pos.node(1) : null;
  const { pageSize, margins } = readSectionPage(section, SHEET_PAPER);
  if ($pos.depth >= 2 && $pos.node(2).type.name === 'header_footer') return pageSize.height / 4;
  // The layout shrinks margins that leave less than an inch of text.
  const body = Math.max(pageSize.height - Math.abs(margins.top) - Math.abs(margins.bottom), Math.min(1440, pageSize.height));
  return body * 0.95;
}

/** Returns the width in twips of the text column at `$pos`: its section's page width less the margins (at least one inch). */
export function textWidthAt($pos: ResolvedPos): number {
  const section = $pos.depth >= 1 && $pos.node(1).type.name === 'section' ? $pos.node(1) : null;
  const { pageSize, margins } = readSectionPage(section, SHEET_PAPER);
  return Math.max(1440, pageSize.width - margins.left - margins.right - margins.gutter);
}

/** Returns the render context of `doc`; it reads the document once, when the document is opened. */
export function createRenderContext(page: Document, doc: Node, paragraphStyles: readonly ParagraphStyleInfo[], images: ImageStore): RenderContext {
  return { page, images, rooms: new TextblockRooms(), ...readDocumentContext(doc, paragraphStyles) };
}

/**
 * Reads `context`'s document again from `doc`, the whole of a long document whose first pages it
 * was made for: the looks, note numbers and sheets of what was read since. What is on screen
 * already keeps how it was drawn; the first pages read the same styles the same way.
 */
export function completeRenderContext(context: RenderContext, doc: Node, paragraphStyles: readonly ParagraphStyleInfo[]): void {
  Object.assign(context, readDocumentContext(doc, paragraphStyles));
}

type DocumentContext = Pick<RenderContext, 'look' | 'paragraphStyles' | 'footnoteNumbers' | 'notesSheet' | 'columnWidth'>;

function readDocumentContext(doc: Node, paragraphStyles: readonly ParagraphStyleInfo[]): DocumentContext {
  const look = readDocumentLook(doc);
  const styles = new Map<string, StyleLook>();
  for (const style of paragraphStyles) {
    if (style.isDefault || style.headingLevel !== null) continue;
    styles.set(style.id, { ...lookOf(style.look, look.body), align: style.align, indent: style.indent, borders: null, quote: false });
  }
  // The styles that paragraphs' formatting is relative to (quotes) come with the document, borders included.
  for (const [id, style] of Object.entries(readDocumentDefaults(doc.attrs['defaults'])?.styles ?? {})) {
    styles.set(id, { ...lookOf(style, look.body), align: style.align ?? null, indent: style.indent ?? null, borders: style.borders ?? null, quote: true });
  }
  let firstSection: Node | null = null;
  let lastSection: Node | null = null;
  const footnoteNumbers = new Map<string, string>();
  let footnotes = 0;
  let endnotes = 0;
  doc.forEach((child) => {
    if (child.type.name === 'section') {
      firstSection ??= child;
      lastSection = child;
    } else if (child.type.name === 'footnote') {
      const id = String(child.attrs['id']);
      footnoteNumbers.set(id, id.startsWith('endnote-') ? formatListNumber(++endnotes, 'lowerRoman') : String(++footnotes));
    }
  });
  return { look, paragraphStyles: styles, footnoteNumbers, notesSheet: readSectionPage(lastSection, SHEET_PAPER), columnWidth: columnWidthOf(firstSection) };
}

// The text width less the gaps between columns, shared by the columns (ECMA-376 Part 1, 17.6.4).
function columnWidthOf(section: Node | null): number {
  const { pageSize, margins } = readSectionPage(section, SHEET_PAPER);
  const text = Math.max(1440, pageSize.width - margins.left - margins.right - margins.gutter);
  const columns = section?.attrs['columns'] as { count?: unknown; space?: unknown } | null | undefined;
  const count = typeof columns?.count === 'number' && columns.count > 1 ? Math.min(columns.count, 16) : 1;
  const space = typeof columns?.space === 'number' ? columns.space : 720;
  return Math.max(720, (text - space * (count - 1)) / count);
}
