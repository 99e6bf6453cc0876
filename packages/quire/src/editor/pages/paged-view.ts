import type { Node } from 'prosemirror-model';
import { Plugin, PluginKey, TextSelection, type EditorState } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { fileLineMetrics } from '../../model/face-metrics.js';
import type { LaidOutDocument } from '../../layout/layout-document.js';
import type { LaidOutPage } from '../../layout/paginate.js';
import type { BlockBox } from '../../layout/slice.js';
import type { TextblockRoom, TextblockRooms } from '../view/textblock-rooms.js';
import { afterNextPaint } from '../ui/after-next-paint.js';
import { CaretBlockPin } from './caret-block-pin.js';
import { showFieldTexts } from './field-texts.js';
import type { PageLayoutEngine } from './page-layout-engine.js';
import { createTurnElement, PX_PER_PT, type PaintFurniture } from './page-turn-element.js';
import { findPageTurns, type PageTurn } from './page-turns.js';

/** What {@link PagedView} needs from its editor. */
export interface PagedViewOptions {
  readonly engine: PageLayoutEngine;
  readonly paintFurniture: PaintFurniture;
  /** Called when the number of pages or the page holding the caret (1-based) changes. */
  readonly onPage: (page: number, pageCount: number) => void;
  /** Called when a layout fails (a font file that does not load); the view stays as it was. */
  readonly onError: (error: unknown) => void;
  /** Where the textblocks on screen take the rooms the layout gave them. */
  readonly rooms: TextblockRooms;
}

interface PagesState {
  readonly decorations: DecorationSet;
  /** The edits since the turns were last laid out, to bring a layout of an older document up to date. */
  readonly edits: Mapping;
}

interface TurnSpec {
  readonly turn: PageTurn;
}

/** Heights in CSS pixels of a turn's foot and head, as last set. */
interface TurnParts {
  readonly element: HTMLElement;
  turn: PageTurn;
  readonly chrome: HTMLElement;
  readonly foot: HTMLElement | null;
  readonly head: HTMLElement | null;
  footHeight: number;
  headHeight: number;
  shift: number;
}

const pagesKey = new PluginKey<PagesState>('quire-pages');

// Typing pauses this long before the pages are laid out again; meanwhile the turns move with the
// text. Typing on without a pause gets its pages laid out again every second.
const RELAYOUT_DELAY_MS = 150;
const MAX_RELAYOUT_WAIT_MS = 1000;

/**
 * The editor's pages: the document laid out by the same layout as the PDF writer, and a turn
 * drawn in the editor's text wherever a page ends (see `createTurnElement`). The text stays one
 * ProseMirror document, so that selection, copying, undo and input methods work across pages as
 * on one sheet. The turns start at the sizes the layout gives; after each change, scroll or
 * resize, those near the window are measured so that every page there is as tall as its paper. A
 * page whose text the browser sets taller than the layout did runs over; the document element's
 * `data-overflowing-pages` counts such pages among those measured.
 */
export class PagedView {
  readonly plugin: Plugin<PagesState>;
  private view: EditorView | null = null;
  private pages: readonly LaidOutPage[] = [];
  private turns: readonly PageTurn[] = [];
  private parts: TurnParts[] = [];
  private overflowing: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private pending = false;
  private measureFrame: number | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private readonly onScroll = () => this.scheduleMeasure();
  /** When the oldest edit not yet laid out was made: typing on and on still gets its pages every so often. */
  private waitingSince: number | null = null;
  /** The turn each element on screen draws, from the last layout. */
  private readonly turnOf = new WeakMap<Element, PageTurn>();
  private caretPage = 0;
  private readonly caretBlock = new CaretBlockPin();
  private reportedCount = 0;
  private destroyed = false;

  constructor(private readonly options: PagedViewOptions) {
    this.plugin = new Plugin<PagesState>({
      key: pagesKey,
      state: {
        init: () => ({ decorations: DecorationSet.empty, edits: new Mapping() }),
        apply: (tr, value): PagesState => {
          const laidOut = tr.getMeta(pagesKey) as DecorationSet | undefined;
          if (laidOut) return { decorations: laidOut, edits: new Mapping() };
          return tr.docChanged ? { decorations: value.decorations.map(tr.mapping, tr.doc), edits: new Mapping([...value.edits.maps, ...tr.mapping.maps]) } : value;
        },
      },
      props: {
        decorations: (state) => pagesKey.getState(state)?.decorations,
        // The pages' look (style.css) applies once there are turns to draw the margins.
        attributes: (state): Record<string, string> => (pagesKey.getState(state)?.decorations === DecorationSet.empty ? {} : { 'data-layout': 'pages' }),
      },
      view: (view) => {
        this.attach(view);
        return {
          update: (updated, previous) => this.updated(updated, previous),
          destroy: () => this.destroy(),
        };
      },
    });
  }

  /** The number of pages of the last layout (0 before the first). */
  get pageCount(): number {
    return this.pages.length;
  }


  /** Puts the caret at the start of page `number` (1-based, clamped) and scrolls its top into view. */
  goToPage(number: number): void {
    const view = this.view;
    if (!view || this.pages.length === 0) return;
    const index = Math.min(Math.max(Math.round(number) - 1, 0), this.pages.length - 1);
    const decoration = this.turnDecorations(view.state).find((each) => (each.spec as TurnSpec).turn.starting === index);
    if (!decoration) return;
    const selection = TextSelection.near(view.state.doc.resolve(decoration.from), 1);
    view.dispatch(view.state.tr.setSelection(selection));
    const part = this.parts.find((each) => each.turn.starting === index);
    (part?.head ?? part?.element)?.scrollIntoView({ block: 'start' });
    view.focus();
  }

  /**
   * The document was completed as a whole (a long document read whole after its first pages were
   * shown): it is laid out at once, counts no pages until then, and the page at the caret is
   * reported again with the new count.
   */
  restart(): void {
    this.pages = [];
    this.reportedCount = 0;
    this.waitingSince = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    // After the next paint: the whole document is drawn before its layout takes the main thread.
    afterNextPaint(this.view?.dom.ownerDocument.defaultView ?? null, () => {
      if (!this.destroyed) this.scheduleLayout(0);
    });
  }

  // ProseMirror destroys and makes again every plugin view when the plugins change (the comment
  // cards add theirs once a long document is whole): attached again, the pages go on.
  private attach(view: EditorView): void {
    this.destroyed = false;
    this.view = view;
    const Observer = (view.dom.ownerDocument.defaultView as (Window & { ResizeObserver?: typeof ResizeObserver }) | null)?.ResizeObserver;
    // Fonts and pictures that arrive late change the text's height: the turns are measured again.
    if (Observer) {
      this.resizeObserver = new Observer(() => this.scheduleMeasure());
      this.resizeObserver.observe(view.dom);
    }
    // Scrolling brings other pages near the viewport, to be measured (scroll events do not bubble: caught on the way down).
    view.dom.ownerDocument.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
    this.scheduleLayout(0);
  }

  private updated(view: EditorView, previous: EditorState): void {
    if (this.pages.length > 0) this.giveRoom(this.caretBlock.update(view));
    if (view.state.doc !== previous.doc) {
      // The first layout, and one after a long run of typing, do not wait for a pause.
      const now = Date.now();
      this.waitingSince ??= now;
      const waitedLong = this.pages.length === 0 || now - this.waitingSince >= MAX_RELAYOUT_WAIT_MS;
      if (!(waitedLong && this.timer !== null)) this.scheduleLayout(waitedLong ? 0 : RELAYOUT_DELAY_MS);
    }
    // A paragraph drawn anew (its decorations changed: tab stops measured again once a font loads)
    // draws its page turn anew too, which is measured again.
    const redrawn = this.parts.some((part) => !part.element.isConnected);
    if (view.state.doc !== previous.doc || this.decorations(view.state) !== this.decorations(previous) || redrawn) this.scheduleMeasure();
    if (!view.state.selection.eq(previous.selection) || view.state.doc !== previous.doc) this.reportCaretPage();
  }

  private destroy(): void {
    this.destroyed = true;
    this.caretBlock.release();
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.measureFrame !== null) this.view?.dom.ownerDocument.defaultView?.cancelAnimationFrame(this.measureFrame);
    this.resizeObserver?.disconnect();
    this.view?.dom.ownerDocument.removeEventListener('scroll', this.onScroll, { capture: true });
    this.options.rooms.update(new Map());
    this.view = null;
  }

  // The turns in document order (a decoration set does not give them in order).
  private turnDecorations(state: EditorState): Decoration[] {
    return this.decorations(state)
      .find(undefined, undefined, (spec) => (spec as Partial<TurnSpec>).turn !== undefined)
      .sort((a, b) => a.from - b.from || Number((a.spec as TurnSpec).turn.starting === null) - Number((b.spec as TurnSpec).turn.starting === null));
  }

  private decorations(state: EditorState): DecorationSet {
    return pagesKey.getState(state)?.decorations ?? DecorationSet.empty;
  }

  private edits(state: EditorState): Mapping {
    return pagesKey.getState(state)?.edits ?? new Mapping();
  }

  private scheduleLayout(delay: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.layout();
    }, delay);
  }

  // One layout at a time; a document changed while it ran is laid out again, the stale result dropped.
  private async layout(): Promise<void> {
    if (this.running) {
      this.pending = true;
      return;
    }
    const view = this.view;
    if (!view || this.destroyed) return;
    this.running = true;
    const doc = view.state.doc;
    const editsBefore = this.edits(view.state).maps.length;
    this.waitingSince = null;
    try {
      const laidOut = await this.options.engine.layout(doc);
      // Drawn in a task of its own: a key pressed meanwhile is answered first. A layout of a
      // document edited since is drawn all the same, its turns moved with the edits, and the
      // document is laid out again: typing on does not keep the pages away.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.destroyed || this.view !== view) return;
      const edits = this.edits(view.state);
      if (view.state.doc !== doc) this.pending = true;
      if (edits.maps.length >= editsBefore) this.show(view, doc, laidOut, new Mapping(edits.maps.slice(editsBefore)));
    } catch (error) {
      if (!this.destroyed) this.options.onError(error);
    } finally {
      this.running = false;
    }
    if (this.pending && !this.destroyed) {
      this.pending = false;
      this.scheduleLayout(RELAYOUT_DELAY_MS);
    }
  }

  // `doc` is the document laid out; `edits` map its positions to the one on screen.
  private show(view: EditorView, doc: Node, laidOut: LaidOutDocument, edits: Mapping): void {
    const { pages } = laidOut;
    this.pages = pages;
    this.overflowing = [];
    const turns = findPageTurns(doc, pages);
    this.options.rooms.update(textblockRooms(doc, laidOut.boxes, turns));
    const size = view.state.doc.content.size;
    const moved = (pos: number) => Math.min(edits.map(pos, -1), size);
    this.turns = edits.maps.length === 0 ? turns : turns.map((turn) => ({ ...turn, pos: moved(turn.pos), textPos: turn.textPos === null ? null : moved(turn.textPos) }));
    const signatures = new Map<LaidOutPage, string>();
    const decorations = DecorationSet.create(view.state.doc, [
      ...this.turns.map((turn) =>
        Decoration.widget(turn.pos, (widgetView) => this.turnElement(widgetView, turn), {
          side: turn.starting === null ? 1 : -1,
          // A turn that draws the same pages keeps its element (and its measured size) from the last layout.
          key: turnKey(turn, pages, signatures),
          ignoreSelection: true,
          turn,
        } satisfies TurnSpec & Record<string, unknown>),
      ),
    ]);
    view.dispatch(view.state.tr.setMeta(pagesKey, decorations).setMeta('addToHistory', false));
    showFieldTexts(view, laidOut.fieldTexts);
    // The turns' elements, new and kept, in document order, as the turns are.
    const elements = [...view.dom.querySelectorAll<HTMLElement>('.quire-page-turn')];
    if (elements.length === this.turns.length) elements.forEach((element, index) => this.turnOf.set(element, this.turns[index]!));
    this.measure();
    this.reportCaretPage();
  }

  private turnElement(view: EditorView, turn: PageTurn): HTMLElement {
    const element = createTurnElement(view.dom.ownerDocument, turn, this.pages, this.options.paintFurniture);
    this.turnOf.set(element, turn);
    return element;
  }

  private scheduleMeasure(): void {
    const window = this.view?.dom.ownerDocument.defaultView;
    if (!window || this.measureFrame !== null) return;
    this.measureFrame = window.requestAnimationFrame(() => {
      this.measureFrame = null;
      this.measure();
    });
  }

  /**
   * Sizes every turn from one round of reading the page's layout, then one of writing: the head
   * of a page so that its first line stands where the layout put it, the foot of a page so that
   * the page is as tall as its paper. Changing a turn moves everything after it by the same
   * amount, so heights measured within a page stay true while the turns before it change.
   */
  private measure(): void {
    const view = this.view;
    if (!view || this.pages.length === 0) return;
    // Text set anew (a font that came late) changes the pinned block's lines too.
    this.caretBlock.update(view);
    const all = this.collectParts(view);
    // The turns within half a window's height of it, and the turn before each, whose head is the
    // top of the page measured; the others keep the sizes the layout gives.
    const height = view.dom.ownerDocument.defaultView?.innerHeight ?? 0;
    const parts = partsNear(all, -height / 2, height * 1.5);
    // The turns' text positions are the last layout's: edits made since (a header typed into, before
    // every page) move them, else a head would be measured to a line of the page before.
    const edits = this.edits(view.state);
    const size = view.state.doc.content.size;
    const textPos = (turn: PageTurn) => (turn.textPos === null || edits.maps.length === 0 ? turn.textPos : Math.min(edits.map(turn.textPos, -1), size));
    const reads = parts.map((part) => {
      const sheet = part.element.closest('.quire-sheet') as HTMLElement | null;
      const sheetRect = sheet?.getBoundingClientRect();
      const scale = sheet && sheetRect && sheet.offsetWidth > 0 ? sheetRect.width / sheet.offsetWidth : 1;
      const rect = part.element.getBoundingClientRect();
      const head = part.head?.getBoundingClientRect() ?? null;
      const at = textPos(part.turn);
      const text = at !== null && part.head ? caretTop(view, at) : null;
      return { scale: scale || 1, left: sheetRect ? rect.left - sheetRect.left : 0, top: rect.top, head, text };
    });
    const overflowing: number[] = [];
    let previous: { index: number; headTop: number; headChange: number } | null = null;
    parts.forEach((part, index) => {
      const read = reads[index]!;
      const { turn } = part;
      part.shift = read.left / read.scale;
      if (part.foot && turn.ending !== null && previous && previous.index === turn.ending) {
        const page = this.pages[turn.ending]!;
        const used = (read.top - previous.headTop) / read.scale + previous.headChange;
        const height = Math.max(page.geometry.height * PX_PER_PT - used, 0);
        if (used > page.footnotesTop * PX_PER_PT + 1) overflowing.push(turn.ending + 1);
        // A foot that `giveRoom` already set is written again only if it is off: an unchanged height lays nothing out.
        if (Math.abs(height - part.footHeight) > 0.01) part.footHeight = height;
      }
      let headChange = 0;
      if (part.head && turn.starting !== null && read.head) {
        const expected = expectedTextTop(this.pages[turn.starting]!);
        if (expected !== null && read.text !== null) {
          const below = (read.text - read.head.bottom) / read.scale;
          const height = Math.max(expected - below, 0);
          headChange = height - part.headHeight;
          part.headHeight = height;
        }
        previous = { index: turn.starting, headTop: read.head.top, headChange };
      }
    });
    for (const part of parts) {
      part.chrome.style.setProperty('margin-left', `${-Math.round(part.shift * 100) / 100}px`);
      part.foot?.style.setProperty('height', `${part.footHeight}px`);
      part.head?.style.setProperty('height', `${part.headHeight}px`);
    }
    // Pages measured before keep their verdict until measured again; a page never measured is taken as laid out.
    const measured = new Set(parts.flatMap((part) => (part.turn.ending === null ? [] : [part.turn.ending + 1])));
    this.overflowing = [...this.overflowing.filter((page) => !measured.has(page) && page <= this.pages.length), ...overflowing].sort((a, b) => a - b);
    view.dom.dataset['overflowingPages'] = String(this.overflowing.length);
  }

  /**
   * The pinned caret block grew by `grown` CSS pixels (a line typed onto it): the foot of its page
   * gives up as much at once, as measuring would make it do a frame later, so that the pages after
   * it keep their place and the sheet is laid out once, not again after measuring.
   */
  private giveRoom(grown: number): void {
    const block = this.caretBlock.pinned;
    if (grown === 0 || !block) return;
    // The first turn after the block in document order ends its page.
    let low = 0;
    let high = this.parts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (block.compareDocumentPosition(this.parts[middle]!.element) & block.DOCUMENT_POSITION_FOLLOWING) high = middle;
      else low = middle + 1;
    }
    const part = this.parts[low];
    if (!part?.foot || part.turn.ending === null || !part.element.isConnected) return;
    part.footHeight = Math.max(part.footHeight - grown, 0);
    part.foot.style.setProperty('height', `${part.footHeight}px`);
  }

  private collectParts(view: EditorView): TurnParts[] {
    const known = new Map(this.parts.map((part) => [part.element, part]));
    const parts: TurnParts[] = [];
    for (const element of view.dom.querySelectorAll<HTMLElement>('.quire-page-turn')) {
      const turn = this.turnOf.get(element);
      if (!turn) continue;
      const existing = known.get(element);
      if (existing) {
        existing.turn = turn;
        parts.push(existing);
        continue;
      }
      const foot = element.querySelector<HTMLElement>('.quire-page-foot');
      const head = element.querySelector<HTMLElement>('.quire-page-head');
      parts.push({
        element,
        turn,
        chrome: element.querySelector<HTMLElement>('.quire-page-chrome')!,
        foot,
        head,
        footHeight: foot ? parseFloat(foot.style.height) || 0 : 0,
        headHeight: head ? parseFloat(head.style.height) || 0 : 0,
        shift: 0,
      });
    }
    this.parts = parts;
    return parts;
  }

  private reportCaretPage(): void {
    const view = this.view;
    if (!view || this.pages.length === 0) return;
    const head = view.state.selection.head;
    let page = 0;
    for (const decoration of this.turnDecorations(view.state)) {
      const turn = (decoration.spec as TurnSpec).turn;
      if (decoration.from > head || (decoration.from === head && turn.starting === null)) break;
      page = turn.starting ?? turn.ending ?? page;
    }
    if (page === this.caretPage && this.reportedCount === this.pages.length) return;
    this.caretPage = page;
    this.reportedCount = this.pages.length;
    this.options.onPage(page + 1, this.pages.length);
  }
}

/**
 * The turns that stand between `top` and `bottom` of the window, and the one before the first,
 * whose head is the top of the first page measured; none when no turn stands there. The turns
 * stand in document order, one below the other, so a binary search finds the first: a keystroke
 * reads a few boxes, not every turn's.
 */
function partsNear(parts: readonly TurnParts[], top: number, bottom: number): TurnParts[] {
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (parts[middle]!.element.getBoundingClientRect().bottom < top) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < parts.length && parts[end]!.element.getBoundingClientRect().top <= bottom) end += 1;
  return end === low ? [] : parts.slice(Math.max(low - 1, 0), end);
}

// Each textblock gets the room the layout gave it (see TextblockView), in CSS pixels.
function textblockRooms(doc: Node, boxes: ReadonlyMap<Node, BlockBox>, turns: readonly PageTurn[]): Map<Node, TextblockRoom> {
  const rooms = new Map<Node, TextblockRoom>();
  if (boxes.size === 0) return rooms;
  const holding = new Set(turns.flatMap((turn) => (turn.kind === 'inline' ? [doc.resolve(turn.pos).parent] : [])));
  doc.descendants((node) => {
    const box = node.isTextblock ? boxes.get(node) : undefined;
    if (box) {
      rooms.set(node, {
        before: cssPixels(box.before),
        after: cssPixels(box.after),
        line: cssPixels(box.lineHeight),
        lines: box.lines,
        afterInBar: box.afterInBar,
        holdsTurn: holding.has(node),
      });
    }
    return !node.isTextblock;
  });
  return rooms;
}

// What a turn draws: its kind, its pages, their sizes and the text and places of their headers,
// footers and footnotes. Two turns with one key draw the same thing.
function turnKey(turn: PageTurn, pages: readonly LaidOutPage[], signatures: Map<LaidOutPage, string>): string {
  const signature = (index: number | null): string => {
    const page = index === null ? undefined : pages[index];
    if (!page) return '-';
    let known = signatures.get(page);
    if (known === undefined) {
      const furniture = page.ops.slice(page.textOps).map((op) => (op.kind === 'text' ? `${op.text}@${op.x},${op.y}` : `${op.kind}@${'x' in op ? op.x : op.x1},${'y' in op ? op.y : op.y1}`));
      const { width, height } = page.geometry;
      known = `${width}x${height}|${page.bodyEnd}|${page.start?.top ?? page.bodyTop}|${furniture.join(';')}`;
      signatures.set(page, known);
    }
    return known;
  };
  return [turn.kind, turn.columns, turn.ending, turn.starting, turn.blank.join(','), signature(turn.ending), ...turn.blank.map(signature), signature(turn.starting)].join('#');
}

function cssPixels(points: number): number {
  return Math.round(points * PX_PER_PT * 1000) / 1000;
}

// Where the layout put the top of the text of the line that starts the page, in CSS pixels: the
// baseline of the first text that line drew less its font's ascent, which is where a browser's
// text box starts. None for a page starting with a row or a line without text, whose top the
// turn's head already gives.
function expectedTextTop(page: LaidOutPage): number | null {
  const start = page.start;
  if (!start?.node.isTextblock) return null;
  for (let index = start.ops[0]; index < start.ops[1]; index += 1) {
    const op = page.ops[index];
    if (op?.kind === 'text' && op.text.trim() !== '') return (op.y - fileLineMetrics(op.file).ascent * op.size) * PX_PER_PT;
  }
  return null;
}

function caretTop(view: EditorView, pos: number): number | null {
  try {
    return view.coordsAtPos(Math.min(pos, view.state.doc.content.size), 1).top;
  } catch {
    return null;
  }
}

