import type { Node } from 'prosemirror-model';
import { Plugin, PluginKey, type Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { changedRanges } from './changed-ranges.js';
import { decimalSplit, nextTabStop, readTabStops, tabWidth } from '../../model/tab-stops.js';
import type { TabLeader } from '../../model/tab-stops.js';
import type { Indentation } from '../../model/paragraph-attrs.js';
import { TWIPS_PER_PIXEL } from '../../model/units.js';

/**
 * Where a tab stands in the laid-out page, in CSS pixels: `x` from the start edge of its text
 * column (where Word measures stops from), `lineEnd` the room up to the end of its line, and the
 * width of the text after it up to the next tab or the end of its line (`following`), of which
 * `beforeDecimal` stands before its decimal separator.
 */
export interface TabPlacement {
  readonly x: number;
  readonly lineEnd: number;
  readonly following: number;
  readonly beforeDecimal: number;
}

/** Measures the tab at `pos` (its shown space is `space`); null when it is not laid out. */
export type MeasureTab = (view: EditorView, pos: number, space: HTMLElement) => TabPlacement | null;

/** How a tab is shown: its width in pixels and the leader of its stop. */
export interface TabLook {
  readonly width: number;
  readonly leader: TabLeader | null;
}

interface TabState {
  /** The position of each tab character of the document, in order. */
  readonly tabs: readonly number[];
  /** How each tab is shown, by position; a tab not measured yet has no width. */
  readonly looks: ReadonlyMap<number, TabLook>;
  readonly decorations: DecorationSet;
}

const key = new PluginKey<TabState>('quire-tab-stops');
const UNMEASURED: TabLook = { width: 0, leader: null };
// Rounds of measuring in a row without an edit: a line that rewraps as tabs widen settles within a few.
const MAX_ROUNDS = 4;

/**
 * Shows tabs at their stops: each tab character is drawn without width (`.quire-tab-char`) and
 * followed by a widget (`.quire-tab`) as wide as the stop asks, measured from the laid-out text
 * after every change and set through the CSSOM (a strict CSP allows it). Left, centre, right and
 * decimal stops of the paragraph's `tabs` are honoured, then the default stops every half inch;
 * the widget of a stop with a leader carries it as `data-leader`, which style.css fills.
 */
export function tabStops(measure: MeasureTab = measureTabInLayout): Plugin<TabState> {
  return new Plugin<TabState>({
    key,
    state: {
      init: (_config, state) => tabState(state.doc, new Map()),
      apply(tr, value, _old, state) {
        const measured = tr.getMeta(key) as ReadonlyMap<number, TabLook> | undefined;
        if (measured) return withDecorations(state.doc, [...value.tabs], measured);
        if (!tr.docChanged) return value;
        return mappedTabState(tr, value, state.doc);
      },
    },
    props: { decorations: (state) => key.getState(state)?.decorations ?? null },
    view(view) {
      let rounds = 0;
      let pending = false;
      // Measured once the browser has laid the change out, never within an update (nor the view's constructor).
      const schedule = (): void => {
        if (pending) return;
        pending = true;
        const frame = view.dom.ownerDocument.defaultView?.requestAnimationFrame ?? ((run: () => void) => setTimeout(run, 0));
        frame(() => {
          pending = false;
          if (rounds >= MAX_ROUNDS || view.isDestroyed) return;
          const looks = measureLooks(view, measure);
          if (!looks) return;
          rounds += 1;
          view.dispatch(view.state.tr.setMeta(key, looks).setMeta('addToHistory', false));
        });
      };
      // Web fonts change the text's widths once they load (on pages with the CSS Font Loading API):
      // those loading now, and those the editor adds later, when it has found which fonts are missing.
      const fonts = (view.dom.ownerDocument as Partial<Document>).fonts as Partial<FontFaceSet> | undefined;
      const remeasure = (): void => {
        rounds = 0;
        schedule();
      };
      void fonts?.ready?.then(remeasure);
      fonts?.addEventListener?.('loadingdone', remeasure);
      schedule();
      return {
        update(updated, previous) {
          if (updated.state.doc !== previous.doc) rounds = 0;
          schedule();
        },
        destroy() {
          fonts?.removeEventListener?.('loadingdone', remeasure);
        },
      };
    },
  });
}

function tabState(doc: Node, looks: ReadonlyMap<number, TabLook>): TabState {
  const tabs: number[] = [];
  doc.descendants((node, pos) => {
    if (node.isText) addTabsOf(node, pos, tabs);
    return !node.isText;
  });
  return withDecorations(doc, tabs, looks);
}

/**
 * The state after an edit, without walking the whole document on every keystroke: tabs outside
 * the changed stretches keep their measured look at their mapped place, and only the text the
 * edit touched is searched for tabs.
 */
function mappedTabState(tr: Transaction, value: TabState, doc: Node): TabState {
  const found = new Set<number>();
  const looks = new Map<number, TabLook>();
  for (const pos of value.tabs) {
    const at = tr.mapping.map(pos, 1);
    if (at + 1 > doc.content.size || doc.textBetween(at, at + 1) !== '\t') continue;
    found.add(at);
    const look = value.looks.get(pos);
    if (look) looks.set(at, look);
  }
  for (const { from, to } of changedRanges([tr])) {
    doc.nodesBetween(from, Math.min(to, doc.content.size), (node, pos) => {
      if (!node.isText) return true;
      const inserted: number[] = [];
      addTabsOf(node, pos, inserted);
      for (const at of inserted) found.add(at);
      return false;
    });
  }
  return withDecorations(doc, [...found].sort((a, b) => a - b), looks);
}

function addTabsOf(text: Node, pos: number, tabs: number[]): void {
  const content = text.text ?? '';
  for (let index = content.indexOf('\t'); index >= 0; index = content.indexOf('\t', index + 1)) tabs.push(pos + index);
}

function withDecorations(doc: Node, tabs: number[], looks: ReadonlyMap<number, TabLook>): TabState {
  const decorations: Decoration[] = [];
  for (const at of tabs) {
    const look = looks.get(at) ?? UNMEASURED;
    decorations.push(
      Decoration.inline(at, at + 1, { class: 'quire-tab-char' }),
      Decoration.widget(at + 1, (view) => tabSpace(view.dom.ownerDocument, at, look), {
        side: -1,
        ignoreSelection: true,
        key: `tab-${at}-${Math.round(look.width * 10)}-${look.leader ?? ''}`,
      }),
    );
  }
  return { tabs, looks, decorations: DecorationSet.create(doc, decorations) };
}

// Headers and footers are not shown where they stand in the document: spaces are found by position, not by order.
function tabSpace(page: Document, pos: number, look: TabLook): HTMLElement {
  const space = page.createElement('span');
  space.className = 'quire-tab';
  space.dataset['pos'] = String(pos);
  space.style.width = `${look.width}px`;
  if (look.leader) space.dataset['leader'] = look.leader;
  return space;
}

// Returns how to show every tab when any differs from how it is shown by half a pixel or more, else null.
function measureLooks(view: EditorView, measure: MeasureTab): Map<number, TabLook> | null {
  const state = key.getState(view.state);
  if (!state || state.tabs.length === 0) return null;
  const spaces = new Map<number, HTMLElement>();
  for (const space of view.dom.querySelectorAll<HTMLElement>('.quire-tab')) spaces.set(Number(space.dataset['pos']), space);
  const looks = new Map<number, TabLook>();
  let changed = false;
  state.tabs.forEach((pos) => {
    const shown = state.looks.get(pos) ?? UNMEASURED;
    const space = spaces.get(pos);
    const placement = space ? measure(view, pos, space) : null;
    const look = placement ? tabLookAt(view.state.doc, pos, placement) : shown;
    if (Math.abs(look.width - shown.width) >= 0.5 || look.leader !== shown.leader) changed = true;
    looks.set(pos, look);
  });
  return changed ? looks : null;
}

/** Returns how to show the tab at `pos` of `doc` placed as `placement` says, by the stops of its paragraph. */
export function tabLookAt(doc: Node, pos: number, placement: TabPlacement): TabLook {
  const block = doc.resolve(pos).parent;
  const indent = block.attrs['indent'] as Indentation | null | undefined;
  // The first line of a hanging indent has a stop where the other lines start.
  const hanging = indent?.hanging ? (indent.left ?? 0) : undefined;
  const stop = nextTabStop(readTabStops(block.attrs['tabs']), placement.x * TWIPS_PER_PIXEL, undefined, hanging);
  // A stop past the end of the line is taken back to it, as the PDF writer does; half a pixel
  // short of it, since text that ends exactly there may wrap as the browser rounds its width.
  const position = Math.min(stop.position / TWIPS_PER_PIXEL, placement.x + Math.max(placement.lineEnd - 0.5, 0));
  return { width: tabWidth({ position, align: stop.align }, placement.x, placement.following, placement.beforeDecimal), leader: stop.leader };
}

// Measures a tab in the browser's layout; the tab character itself has no width (style.css).
function measureTabInLayout(view: EditorView, pos: number, space: HTMLElement): TabPlacement | null {
  const $pos = view.state.doc.resolve(pos);
  const block = view.nodeDOM($pos.before());
  if (!(block instanceof HTMLElement)) return null;
  const box = block.getBoundingClientRect();
  // Boxes come scaled by the editor's zoom, the computed lengths not: placements are in CSS pixels at 100%.
  const scale = (block as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? (box.width / block.offsetWidth || 1);
  const computed = getComputedStyle(block);
  // A right-to-left paragraph's stops are measured from the right edge of its column, its text
  // running leftwards (ECMA-376 Part 1, 17.3.1.37): distances are taken along the line's direction.
  const rtl = computed.direction === 'rtl';
  const column = rtl ? box.right + parseFloat(computed.marginRight || '0') * scale : box.left - parseFloat(computed.marginLeft || '0') * scale;
  const contentEnd = rtl ? box.left + parseFloat(computed.paddingLeft || '0') * scale : box.right - parseFloat(computed.paddingRight || '0') * scale;
  const along = (from: number, to: number): number => (rtl ? from - to : to - from);
  const shown = space.getBoundingClientRect();
  const start = { begin: rtl ? shown.right : shown.left, end: rtl ? shown.left : shown.right };
  // Leaf nodes (pictures, breaks) count one character, so offsets in this text are offsets in the block.
  const text = $pos.parent.textBetween(0, $pos.parent.content.size, '', '\ufffc');
  const from = $pos.parentOffset + 1;
  const next = text.indexOf('\t', from);
  const to = next >= 0 ? next : text.length;
  const end = view.coordsAtPos($pos.start() + to, -1);
  const line = view.coordsAtPos(pos, 1);
  const onLineOf = (a: { top: number; bottom: number }, b: { top: number }) => Math.abs(b.top - a.top) < (a.bottom - a.top) / 2;
  const sameLine = onLineOf(line, end);
  // Text after the tab pushed whole onto the next line keeps its width, so that the tab shrinks
  // and lets it back: an earlier tab of the line measured before the one in front of it widened
  // (or an edit) can make a tab too wide for a moment. Text that wraps across lines is aligned
  // no more: the tab reaches its stop.
  const first = view.coordsAtPos($pos.start() + from, 1);
  const origin = sameLine ? start.end : onLineOf(first, end) ? first.left : null;
  const following = origin === null ? 0 : Math.max(0, along(origin, end.left));
  const split = decimalSplit(text.slice(from, to));
  const beforeDecimal = origin !== null && split < to - from ? Math.max(0, along(origin, view.coordsAtPos($pos.start() + from + split).left)) : following;
  return { x: along(column, start.begin) / scale, lineEnd: along(start.begin, contentEnd) / scale, following: following / scale, beforeDecimal: beforeDecimal / scale };
}
