import type { Mark } from 'prosemirror-model';
import type { DocumentBuilder } from '../../model/document-builder.js';
import type { Alignment } from '../../model/paragraph-attrs.js';
import type { WarningLog } from '../../model/read-result.js';
import { schema } from '../../model/schema.js';
import { addImage } from './add-image.js';
import { DEFINITION_INDENT } from './definition-indent.js';
import {
  DROPPED_ELEMENTS,
  MARK_ELEMENTS,
  PLAIN_INLINE,
  ROW_GROUPS,
  TRANSPARENT_BLOCKS,
  WARN_WHEN_DROPPED,
} from './html-elements.js';
import { readAlignment, readInlineStyle } from './inline-css.js';
import { readOrderedListAttrs } from './list-attrs.js';
import { MAX_PARSER_DEPTH, type HtmlParser } from './html-parser.js';
import { readSafeHref } from './safe-href.js';

type Attributes = Readonly<Record<string, string>>;
type Direction = 'ltr' | 'rtl';

/** What a block element passes on to the paragraphs inside it. */
interface BlockLook {
  readonly align: Alignment | undefined;
  readonly direction: Direction | undefined;
}

// `dir="auto"` (and anything else) leaves the direction to the first strong character (UAX #9 P2).
function readDirection(value: string | undefined): Direction | undefined {
  const normalized = value?.trim().toLowerCase();
  return normalized === 'rtl' || normalized === 'ltr' ? normalized : undefined;
}

interface OpenElement {
  readonly closesFrame: boolean;
  readonly marks: readonly Mark[];
  readonly align: Alignment | undefined;
  /** The base direction from the nearest `dir="ltr|rtl"` (HTML 3.2.6.4), inherited like alignment. */
  readonly direction: Direction | undefined;
  /** Inside an element whose content is never converted. */
  readonly dropped: boolean;
  /** Inside `<svg>` or `<math>`, whose `<title>` is not the document's. */
  readonly foreign: boolean;
  readonly isTitle: boolean;
  /** Set on a `<table>`: the state its rows share. */
  readonly table?: TableState;
  /** Set on a `<tr>`. */
  readonly row?: RowState;
  /** Set on a `<thead>`: the table whose header rows it groups. */
  readonly headerGroupOf?: TableState;
}

interface TableState {
  headerGroups: number;
  /** Whether every row so far was a header row: only leading rows can repeat as headers in Word. */
  onlyHeaderRows: boolean;
}

interface RowState {
  readonly table: TableState | undefined;
  cells: number;
  headerCells: number;
}

const MAX_SPAN = 1000;

/**
 * Feeds HTML into a {@link DocumentBuilder} through an {@link HtmlParser}'s callbacks, so that
 * nesting costs no stack. Scripts, styles, frames and form controls are dropped; images are
 * kept only from `data:` URIs; links only with safe schemes.
 */
export class HtmlSink {
  private readonly stack: OpenElement[] = [];
  private readonly tables: TableState[] = [];
  private readonly rows: RowState[] = [];
  private titleText = '';
  /** Set right after `<pre>` opens: a line feed that follows it is not content (HTML, 13.2.6.4.7). */
  private atPreStart = false;
  private readonly root: OpenElement;

  /** `parse` reads the HTML (see `HtmlParser`); `baseMarks` apply to all text (the marks around an inline HTML fragment). */
  constructor(
    private readonly builder: DocumentBuilder,
    private readonly log: WarningLog,
    private readonly parse: HtmlParser,
    baseMarks: readonly Mark[] = [],
  ) {
    this.root = { closesFrame: false, marks: baseMarks, align: undefined, direction: undefined, dropped: false, foreign: false, isTitle: false };
  }

  /**
   * Parses `html` completely; elements it leaves open are closed at its end. Past the parser's
   * depth bound (see `ParseHtmlOptions`) elements keep their content but not their end tags.
   */
  write(html: string): void {
    this.parse(html, this, {
      onDepthBound: () =>
        this.log.warn('READER_NESTING_FLATTENED', `Elements nested deeper than ${MAX_PARSER_DEPTH} levels were kept open to the end of the input; their end tags were ignored.`),
    });
  }

  /** The text of the `<title>` element, white space collapsed, or `null` when there was none. */
  get title(): string | null {
    const title = this.titleText.replace(/\s+/g, ' ').trim();
    return title === '' ? null : title;
  }

  /** HtmlParser callback. */
  onopentag(name: string, attributes: Attributes): void {
    this.atPreStart = false;
    const parent = this.stack[this.stack.length - 1] ?? this.root;
    if (parent.dropped || name === 'title' || DROPPED_ELEMENTS.has(name)) {
      if (!parent.dropped) this.dropElement(name, attributes);
      const foreign = parent.foreign || name === 'svg' || name === 'math';
      this.stack.push({ closesFrame: false, marks: parent.marks, align: parent.align, direction: parent.direction, dropped: true, foreign, isTitle: name === 'title' && !foreign });
      return;
    }
    const style = readInlineStyle(attributes['style']);
    const align = style.align ?? readAlignment(attributes['align']) ?? (name === 'center' ? 'center' : parent.align);
    const direction = readDirection(attributes['dir']) ?? parent.direction;
    const marks = this.readMarks(name, attributes, parent.marks, style);
    const entry = this.openElement(name, attributes, { align, direction }, style.background);
    this.stack.push({ closesFrame: false, dropped: false, foreign: false, isTitle: false, ...entry, marks, align, direction });
  }

  /** HtmlParser callback. */
  ontext(text: string): void {
    const top = this.stack[this.stack.length - 1] ?? this.root;
    const content = this.atPreStart ? text.replace(/^\r?\n/, '') : text;
    this.atPreStart = false;
    if (top.isTitle) this.titleText += content;
    else if (!top.dropped) this.builder.addText(content, top.marks, true);
  }

  /** HtmlParser callback. */
  onclosetag(): void {
    const entry = this.stack.pop();
    if (!entry) return;
    if (entry.headerGroupOf) entry.headerGroupOf.headerGroups--;
    if (entry.row) this.closeRow(this.rows.pop()!);
    if (entry.table) this.tables.pop();
    if (entry.closesFrame) this.builder.close();
  }

  private openElement(name: string, attributes: Attributes, look: BlockLook, background: string | undefined): Partial<OpenElement> {
    const { align, direction } = look;
    const paragraph = align || direction ? { ...(align ? { align } : {}), ...(direction ? { direction } : {}) } : null;
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      this.builder.openTextblock('heading', { level: Number(heading[1]), align: align ?? null, direction: direction ?? null });
      return { closesFrame: true };
    }
    switch (name) {
      case 'p':
        this.builder.openTextblock('paragraph', paragraph);
        return { closesFrame: true };
      case 'pre':
      case 'listing':
      case 'xmp':
      case 'plaintext':
        this.builder.openTextblock('code_block');
        this.atPreStart = true;
        return { closesFrame: true };
      case 'blockquote':
        this.builder.openContainer('blockquote', null, paragraph);
        return { closesFrame: true };
      case 'ul':
        this.builder.openContainer('bullet_list');
        return { closesFrame: true };
      case 'ol':
        this.builder.openContainer('ordered_list', readOrderedListAttrs(attributes));
        return { closesFrame: true };
      case 'li':
        this.builder.openContainer('list_item', null, paragraph);
        return { closesFrame: true };
      case 'table': {
        const table: TableState = { headerGroups: 0, onlyHeaderRows: true };
        this.tables.push(table);
        this.builder.openContainer('table');
        return { closesFrame: true, table };
      }
      case 'thead': {
        const table = this.tables[this.tables.length - 1];
        if (table) table.headerGroups++;
        return table ? { headerGroupOf: table } : {};
      }
      case 'tr': {
        const table = this.tables[this.tables.length - 1];
        this.builder.openContainer('table_row', { header: (table?.headerGroups ?? 0) > 0 });
        const row: RowState = { table, cells: 0, headerCells: 0 };
        this.rows.push(row);
        return { closesFrame: true, row };
      }
      case 'td':
      case 'th':
        this.countCell(name === 'th');
        this.builder.openContainer('table_cell', readCellAttrs(attributes, background), paragraph);
        return { closesFrame: true };
      case 'hr':
        this.builder.addBlock(schema.nodes['horizontal_rule']!.create());
        return {};
      case 'br':
        this.builder.addInline(schema.nodes['hard_break']!.create());
        return {};
      case 'img':
        addImage(this.builder, this.log, attributes, this.stack[this.stack.length - 1]?.marks ?? this.root.marks);
        return {};
    }
    if (TRANSPARENT_BLOCKS.has(name)) {
      // A definition (dd) is indented as browsers show it; other wrappers pass their alignment on.
      const attrs = name === 'dd' ? { ...paragraph, indent: { left: DEFINITION_INDENT } } : paragraph;
      this.builder.openTransparent(attrs);
      return { closesFrame: true };
    }
    if (!PLAIN_INLINE.has(name) && !MARK_ELEMENTS.has(name) && !ROW_GROUPS.has(name)) {
      this.log.warn('READER_UNKNOWN_ELEMENT', `Unknown element <${name}>: its text was kept without its meaning.`);
    }
    return {};
  }

  private readMarks(name: string, attributes: Attributes, inherited: readonly Mark[], style: ReturnType<typeof readInlineStyle>): readonly Mark[] {
    let marks = inherited;
    const add = (mark: Mark): void => {
      marks = mark.addToSet(marks);
    };
    const markName = MARK_ELEMENTS.get(name) ?? (name === 'dt' ? 'bold' : undefined);
    if (markName === 'highlight') add(schema.marks['highlight']!.create(style.background ? { color: style.background } : null));
    else if (markName) add(schema.marks[markName]!.create());
    if (name === 'a' && attributes['href'] !== undefined) {
      const href = readSafeHref(attributes['href']);
      if (href) add(schema.marks['link']!.create({ href, title: attributes['title'] ?? null }));
      else if (attributes['href'].trim() !== '') this.log.warn('READER_UNSAFE_LINK', 'A link with an unsafe or unknown scheme was dropped; its text was kept.');
    }
    if (name === 'font') this.readFontElement(attributes).forEach(add);
    style.marks.forEach(add);
    const isInline = PLAIN_INLINE.has(name) || MARK_ELEMENTS.has(name);
    if (isInline && style.background && markName !== 'highlight') add(schema.marks['highlight']!.create({ color: style.background }));
    return marks;
  }

  // <font color face size>: size 1..7 are the HTML legacy sizes (HTML 4.01, 15.2.2).
  private readFontElement(attributes: Attributes): Mark[] {
    const marks: Mark[] = [];
    const color = readInlineStyle(`color: ${attributes['color'] ?? ''}`).marks[0];
    if (color) marks.push(color);
    const size = [8, 10, 12, 13.5, 18, 24, 36][Number(attributes['size']) - 1] ?? null;
    const family = attributes['face']?.split(',')[0]?.trim() || null;
    if (family !== null || size !== null) marks.push(schema.marks['font']!.create({ family, size }));
    return marks;
  }

  private dropElement(name: string, attributes: Attributes): void {
    if (name === 'input' && attributes['type']?.toLowerCase() === 'checkbox') {
      // A checkbox in a list item is a task list item (as GitHub renders `- [x]`).
      if (this.builder.updateContainer('list_item', { checked: attributes['checked'] !== undefined })) return;
    }
    if (WARN_WHEN_DROPPED.has(name)) this.log.warn('READER_ELEMENT_DROPPED', `<${name}> elements are not converted; each was dropped with its content.`);
  }

  private countCell(isHeader: boolean): void {
    const row = this.rows[this.rows.length - 1];
    if (!row) return;
    row.cells++;
    if (isHeader) row.headerCells++;
  }

  private closeRow(row: RowState): void {
    const table = row.table;
    if (!table || table.headerGroups > 0) return;
    const isHeader = table.onlyHeaderRows && row.cells > 0 && row.headerCells === row.cells;
    if (isHeader) this.builder.updateContainer('table_row', { header: true });
    table.onlyHeaderRows = isHeader;
  }
}

function readCellAttrs(attributes: Attributes, background: string | undefined): Record<string, unknown> {
  const bgcolor = attributes['bgcolor'] === undefined ? undefined : readInlineStyle(`background-color: ${attributes['bgcolor']}`).background;
  return {
    colspan: readSpan(attributes['colspan']),
    rowspan: readSpan(attributes['rowspan']),
    background: background ?? bgcolor ?? null,
  };
}

function readSpan(value: string | undefined): number {
  const span = Number.parseInt(value ?? '', 10);
  return Number.isSafeInteger(span) && span >= 1 ? Math.min(span, MAX_SPAN) : 1;
}
