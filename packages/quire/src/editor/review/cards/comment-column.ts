import { Plugin, PluginKey, TextSelection, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import type { ReviewComment } from '../../../model/review/document-review.js';
import { afterNextPaint } from '../../ui/after-next-paint.js';
import { commentAtCaret, findCommentAnchors } from './comment-anchors.js';
import { createCommentCard } from './comment-card.js';
import { commentDateFormat } from './comment-date.js';
import { threadComments } from './comment-threads.js';
import { stackCards } from './stack-cards.js';

/** The room the column takes right of the sheets (CSS pixels, `--quire-comments-width` in style.css). */
export const COMMENT_COLUMN_WIDTH = 300;
// Space between two stacked cards.
const CARD_GAP = 8;

interface ActiveComment {
  readonly id: string | null;
  readonly decorations: DecorationSet;
}

const activeKey = new PluginKey<ActiveComment>('quire-active-comment');

/** The column of comment cards beside the document (see docs/editor.md, Review, Comment cards). */
export interface CommentColumn {
  /** The plugin that follows the caret into commented ranges and highlights the active one; the view must hold it. */
  readonly plugin: Plugin;
  /** The column's element, placed after the document in the viewport. */
  readonly element: HTMLElement;
  /** The id of the comment whose card is active, or null. */
  readonly active: string | null;
  /** Makes comment `id`'s card active, highlights its range and selects it in the document. */
  activate(id: string): void;
  /** Places the cards again after the next frame (once the column is shown again, for example). */
  refresh(): void;
  dispose(): void;
}

/** What {@link createCommentColumn} needs. */
export interface CommentColumnOptions {
  readonly viewport: HTMLElement;
  readonly view: () => EditorView | null;
  readonly comments: readonly ReviewComment[];
}

/**
 * Builds the cards of `comments` into a column appended to `viewport`, after the document (so
 * that the cards come after it in the Tab order). Cards are placed after the frame is drawn, and
 * again only when the document, its pages or the viewport's width changed: the range tops are
 * read once a frame at most, and a card is measured when it is new or its look changed, never
 * on every keystroke.
 */
export function createCommentColumn(options: CommentColumnOptions): CommentColumn {
  const { viewport } = options;
  const page = viewport.ownerDocument;
  const window = page.defaultView;
  const element = page.createElement('aside');
  element.className = 'quire-comments';
  element.setAttribute('aria-label', 'Comments');
  const toggle = page.createElement('button');
  toggle.type = 'button';
  toggle.className = 'quire-comments-toggle';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-label', 'Show the comments');
  toggle.textContent = String(options.comments.length);
  const stack = page.createElement('div');
  stack.className = 'quire-comments-stack';
  element.append(toggle, stack);

  const dates = commentDateFormat(page);
  const initialView = options.view();
  const anchors = initialView ? findCommentAnchors(initialView.state.doc) : new Map();
  const threads = threadComments(options.comments, (id) => anchors.get(id)?.from);
  const cards = threads.map((thread) => createCommentCard(page, thread, dates));
  stack.append(...cards);
  // Read in every placement: kept beside the cards rather than read from their dataset.
  const ids = threads.map((thread) => thread.comment.id);
  const cardOf = new Map<string, HTMLElement>();
  const threadOf = new Map<string, string>();
  threads.forEach((thread, index) => {
    for (const comment of [thread.comment, ...thread.replies]) {
      cardOf.set(comment.id, cards[index]!);
      threadOf.set(comment.id, thread.comment.id);
    }
  });
  // A reply's range activates its thread's card.
  const threadIdOf = (id: string): string => threadOf.get(id) ?? id;

  // What the last placement read: heights stay until a card's look changes.
  const heights = new Map<HTMLElement, number>();
  const anchorElements = new Map<string, HTMLElement>();
  let anchorsFound = false;
  const placedTops = new Map<HTMLElement, number>();
  let cancelPlacement: (() => void) | null = null;
  let scrollActive = false;

  const schedule = (): void => {
    if (cancelPlacement) return;
    cancelPlacement = afterNextPaint(window, () => {
      cancelPlacement = null;
      place();
    });
  };

  // One round of reads (anchors, new heights, widths), then one of writes.
  const place = (): void => {
    const view = options.view();
    if (!view || element.hidden) return;
    const narrow = isNarrow(view.dom, viewport);
    // Folding or unfolding changes the column's room: its cards are measured in the next frame.
    if (String(narrow) !== element.dataset['narrow']) {
      element.dataset['narrow'] = String(narrow);
      heights.clear();
      return schedule();
    }
    // Folded and closed: nothing to place.
    if (narrow && element.dataset['open'] !== 'true') return;
    const stackTop = stack.getBoundingClientRect().top;
    // Found in one walk the first time; then only a range an edit drew anew is looked up again.
    if (!anchorsFound) {
      findAnchorElements(view.dom, anchorElements);
      anchorsFound = true;
    }
    for (const id of ids) {
      const anchor = anchorElements.get(id);
      if (!anchor || anchor.isConnected) continue;
      const found = view.dom.querySelector<HTMLElement>(`.quire-comment[data-comment-id="${CSS.escape(id)}"]`);
      if (found) anchorElements.set(id, found);
      else anchorElements.delete(id);
    }
    const screen = viewport.getBoundingClientRect();
    const near = { top: screen.top - screen.height, bottom: screen.bottom + screen.height };
    const wanted = ids.map((id) => {
      const anchor = anchorElements.get(id);
      return anchor?.isConnected ? anchorTop(anchor, near) - stackTop : null;
    });
    for (const card of cards) if (!heights.has(card)) heights.set(card, card.offsetHeight);
    // Cards stack in the order of their ranges on screen (an edit can reorder them); one without a range follows the card before it.
    let previous = -Infinity;
    const keys = wanted.map((top) => (previous = top ?? previous));
    const order = cards.map((_, index) => index).sort((a, b) => keys[a]! - keys[b]! || a - b);
    const tops = stackCards(order.map((index) => wanted[index] ?? null), order.map((index) => heights.get(cards[index]!)!), CARD_GAP);
    order.forEach((index, at) => {
      const card = cards[index]!;
      const top = Math.round(tops[at]!);
      if (placedTops.get(card) === top) return;
      placedTops.set(card, top);
      card.style.setProperty('top', `${top}px`);
    });
    const last = order.length > 0 ? tops[order.length - 1]! + heights.get(cards[order[order.length - 1]!]!)! : 0;
    stack.style.setProperty('min-height', `${Math.ceil(last)}px`);
    if (scrollActive) {
      scrollActive = false;
      const id = activeKey.getState(view.state)?.id;
      const card = id ? cardOf.get(id) : undefined;
      if (card && (!narrow || element.dataset['open'] === 'true')) card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  };

  const setActiveCard = (id: string | null): void => {
    const card = id === null ? undefined : cardOf.get(id);
    for (const other of cards) {
      const active = other === card;
      if ((other.dataset['active'] === 'true') === active) continue;
      other.dataset['active'] = String(active);
      heights.delete(other);
    }
  };

  const activeTransaction = (state: EditorState, id: string | null) => {
    const anchor = id === null ? undefined : findCommentAnchors(state.doc).get(id);
    const decorations = anchor ? DecorationSet.create(state.doc, [Decoration.inline(anchor.from, anchor.to, { class: 'quire-comment-active' })]) : DecorationSet.empty;
    return { anchor, tr: state.tr.setMeta(activeKey, { id, decorations } satisfies ActiveComment) };
  };

  const activate = (id: string, select: boolean): void => {
    const view = options.view();
    if (!view) return;
    const { anchor, tr } = activeTransaction(view.state, threadIdOf(id));
    if (select && anchor) tr.setSelection(TextSelection.create(tr.doc, anchor.from, anchor.to));
    view.dispatch(tr);
  };

  const onClick = (event: MouseEvent): void => {
    const card = (event.target as Element).closest?.('.quire-comment-card') as HTMLElement | null;
    if (!card || (event.target as Element).closest('button')) return;
    activate(card.dataset['commentId']!, true);
    // The selected range shows as the page's selection, as when it is selected by hand.
    options.view()?.focus();
  };
  const onKey = (event: KeyboardEvent): void => {
    const card = event.target as HTMLElement;
    if (event.key !== 'Enter' || !card.classList?.contains('quire-comment-card')) return;
    event.preventDefault();
    // The keyboard stays on the card, to go on to the next one; the range is highlighted and selected.
    activate(card.dataset['commentId']!, true);
  };
  const onToggle = (): void => {
    const open = element.dataset['open'] !== 'true';
    element.dataset['open'] = String(open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Hide the comments' : 'Show the comments');
    heights.clear();
    schedule();
  };
  stack.addEventListener('click', onClick);
  stack.addEventListener('keydown', onKey);
  toggle.addEventListener('click', onToggle);
  // Ranges coming near the screen are placed by their own line rather than their block's top.
  viewport.addEventListener('scroll', schedule, { passive: true });
  // A resolved card opened or closed changes its height.
  stack.addEventListener('click', (event) => {
    const card = (event.target as Element).closest?.('.quire-comment-toggle')?.closest('.quire-comment-card');
    if (card) {
      heights.delete(card as HTMLElement);
      schedule();
    }
  });

  const Observer = (window as (Window & { ResizeObserver?: typeof ResizeObserver }) | null)?.ResizeObserver;
  const resizes = Observer ? new Observer(() => schedule()) : null;
  resizes?.observe(viewport);

  const plugin = new Plugin<ActiveComment>({
    key: activeKey,
    state: {
      init: () => ({ id: null, decorations: DecorationSet.empty }),
      apply: (tr, value) => (tr.getMeta(activeKey) as ActiveComment | undefined) ?? (tr.docChanged ? { id: value.id, decorations: value.decorations.map(tr.mapping, tr.doc) } : value),
    },
    props: { decorations: (state) => activeKey.getState(state)?.decorations ?? null },
    view: (view) => {
      resizes?.observe(view.dom);
      schedule();
      return {
        update: (view, previous) => {
          const state = view.state;
          const active = activeKey.getState(state)?.id ?? null;
          // A card activated (by a click, Enter, or the caret) changes its look: it is measured again.
          if (active !== (activeKey.getState(previous)?.id ?? null)) {
            setActiveCard(active);
            return schedule();
          }
          // A change of the text, or of the pages drawn around it (a transaction that moves no selection), moves the ranges.
          if (state.doc !== previous.doc || state.selection.eq(previous.selection)) schedule();
          if (!state.selection.eq(previous.selection)) {
            const at = commentAtCaret(state.doc, state.selection.from, active);
            const id = at === null ? null : threadIdOf(at);
            if (id !== active) {
              scrollActive = id !== null;
              // Not dispatched from within this update: after it, as its own transaction.
              queueMicrotask(() => {
                const current = options.view();
                if (current && current.state === state) current.dispatch(activeTransaction(state, id).tr);
              });
            }
          }
        },
        destroy: () => resizes?.unobserve(view.dom),
      };
    },
  });

  viewport.append(element);
  return {
    plugin,
    element,
    get active() {
      const view = options.view();
      return view ? (activeKey.getState(view.state)?.id ?? null) : null;
    },
    activate: (id) => activate(id, true),
    refresh: schedule,
    dispose() {
      cancelPlacement?.();
      resizes?.disconnect();
      viewport.removeEventListener('scroll', schedule);
      element.remove();
      delete viewport.dataset['comments'];
    },
  };
}

// The top of a range near the screen; far from it, the top of the block holding it: the lines of
// a block off screen are not laid out (content-visibility), and reading where one of them stands
// would lay out the whole block, for each of hundreds of comments.
const blockOfAnchor = new WeakMap<HTMLElement, HTMLElement>();
function anchorTop(anchor: HTMLElement, near: { readonly top: number; readonly bottom: number }): number {
  let block = blockOfAnchor.get(anchor);
  if (!block) blockOfAnchor.set(anchor, (block = anchor.closest<HTMLElement>('.quire-sheet > *') ?? anchor));
  const box = block.getBoundingClientRect();
  return box.bottom < near.top || box.top > near.bottom ? box.top : anchor.getBoundingClientRect().top;
}

// The first element of each comment's range in the document's DOM, by comment id.
function findAnchorElements(root: HTMLElement, into: Map<string, HTMLElement>): void {
  into.clear();
  for (const span of root.querySelectorAll<HTMLElement>('.quire-comment[data-comment-id]')) {
    const id = span.dataset['commentId']!;
    if (!into.has(id)) into.set(id, span);
  }
}

// Too narrow for the column beside the widest sheet: it folds to a toggle and opens over the document.
function isNarrow(documentElement: HTMLElement, viewport: HTMLElement): boolean {
  let widest = 0;
  for (const child of documentElement.children) if (child.classList.contains('quire-sheet')) widest = Math.max(widest, child.getBoundingClientRect().width);
  return widest + COMMENT_COLUMN_WIDTH + 48 > viewport.clientWidth;
}
