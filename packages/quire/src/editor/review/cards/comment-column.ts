import { Plugin, PluginKey, TextSelection, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import type { ReviewComment } from '../../../model/review/document-review.js';
import { afterNextPaint } from '../../ui/after-next-paint.js';
import { commentAtCaret, findCommentAnchors } from './comment-anchors.js';
import { createCommentCard } from './comment-card.js';
import { createCommentForm } from './comment-form.js';
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
  /** Shows `comments` in place of the cards shown (after a comment was added, answered, edited, resolved or removed). */
  setComments(comments: readonly ReviewComment[]): void;
  /** Opens the card of a new comment on `from`..`to`, its text box focused; it is added when posted (see `CommentEditing.add`). */
  startDraft(from: number, to: number): void;
  /** Whether a new comment's card is open. */
  readonly drafting: boolean;
  dispose(): void;
}

/** What {@link createCommentColumn} needs. */
export interface CommentColumnOptions {
  readonly viewport: HTMLElement;
  readonly view: () => EditorView | null;
  readonly comments: readonly ReviewComment[];
  /** What the cards' buttons and forms do; null for read-only cards. */
  readonly editing?: CommentEditing | null;
}

/** The edits the cards' buttons make (see `EditorComments`); each returns whether it applied. */
export interface CommentEditing {
  /** The name of the person editing, whose comments the cards let them edit; null where the document is read-only. */
  user(): string | null;
  add(text: string, range: { from: number; to: number }): boolean;
  reply(parentId: string, text: string): boolean;
  update(id: string, text: string): boolean;
  resolve(id: string): boolean;
  reopen(id: string): boolean;
  remove(id: string): boolean;
  /** Called after a form closed without a change or a comment was removed: the keyboard goes back to the document. */
  focusDocument(): void;
  /** Called after a new comment's card closed without a comment: a column left without cards can go. */
  draftClosed(): void;
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
  const stack = page.createElement('div');
  stack.className = 'quire-comments-stack';
  element.append(toggle, stack);

  const dates = commentDateFormat(page);
  const editing = options.editing ?? null;
  let cards: HTMLElement[] = [];
  // Read in every placement: kept beside the cards rather than read from their dataset.
  let ids: string[] = [];
  const cardOf = new Map<string, HTMLElement>();
  const threadOf = new Map<string, string>();
  // The card of a new comment being written, at the selection it is for.
  let draft: { readonly card: HTMLElement; readonly from: number; readonly to: number } | null = null;
  // Builds the cards of `comments`, replacing those shown.
  const build = (comments: readonly ReviewComment[]): void => {
    const view = options.view();
    const anchors = view ? findCommentAnchors(view.state.doc) : new Map();
    const threads = threadComments(comments, (id) => anchors.get(id)?.from);
    const user = editing?.user() ?? undefined;
    cards = threads.map((thread) => createCommentCard(page, thread, dates, user));
    stack.replaceChildren(...cards, ...(draft ? [draft.card] : []));
    ids = threads.map((thread) => thread.comment.id);
    cardOf.clear();
    threadOf.clear();
    threads.forEach((thread, index) => {
      for (const comment of [thread.comment, ...thread.replies]) {
        cardOf.set(comment.id, cards[index]!);
        threadOf.set(comment.id, thread.comment.id);
      }
    });
    toggle.textContent = String(comments.length);
    heights.clear();
    placedTops.clear();
    schedule();
  };
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
    const placed = draft ? [...cards, draft.card] : cards;
    if (draft) wanted.push(draftTop(view, draft.from) - stackTop);
    for (const card of placed) if (!heights.has(card)) heights.set(card, card.offsetHeight);
    // Cards stack in the order of their ranges on screen (an edit can reorder them); one without a range follows the card before it.
    let previous = -Infinity;
    const keys = wanted.map((top) => (previous = top ?? previous));
    const order = placed.map((_, index) => index).sort((a, b) => keys[a]! - keys[b]! || a - b);
    const tops = stackCards(order.map((index) => wanted[index] ?? null), order.map((index) => heights.get(placed[index]!)!), CARD_GAP);
    order.forEach((index, at) => {
      const card = placed[index]!;
      const top = Math.round(tops[at]!);
      if (placedTops.get(card) === top) return;
      placedTops.set(card, top);
      card.style.setProperty('top', `${top}px`);
    });
    const last = order.length > 0 ? tops[order.length - 1]! + heights.get(placed[order[order.length - 1]!]!)! : 0;
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

  // The buttons and forms of the cards (see createCommentCard and createCommentForm).
  const focusCard = (id: string): void => {
    const card = cardOf.get(threadIdOf(id));
    if (card) card.focus();
    else editing?.focusDocument();
  };
  const closeForm = (form: HTMLElement, changed: boolean): void => {
    const id = form.dataset['commentId']!;
    const card = form.closest<HTMLElement>('.quire-comment-card');
    if (card) heights.delete(card);
    if (form.dataset['form'] === 'new') {
      draft?.card.remove();
      draft = null;
      if (!changed) {
        editing?.focusDocument();
        editing?.draftClosed();
      }
    } else {
      form.parentElement?.querySelector<HTMLElement>('[hidden][data-replaced]')?.removeAttribute('hidden');
      form.remove();
      focusCard(id);
    }
    schedule();
  };
  const openForm = (card: HTMLElement, form: HTMLFormElement, replacing?: HTMLElement): void => {
    if (replacing) {
      replacing.hidden = true;
      replacing.dataset['replaced'] = 'true';
      replacing.after(form);
    } else card.append(form);
    heights.delete(card);
    schedule();
    form.querySelector('textarea')?.focus();
  };
  const submit = (form: HTMLFormElement): void => {
    if (!editing) return;
    const id = form.dataset['commentId']!;
    const text = form.querySelector('textarea')!.value;
    if (text.trim() === '') return;
    const kind = form.dataset['form'];
    const range = draft;
    if (kind === 'new' && range) {
      closeForm(form, true);
      if (editing.add(text, range)) focusCard(newestId());
      return;
    }
    // A rebuilt column replaces the form; one that did not change keeps it open.
    const done = kind === 'reply' ? editing.reply(id, text) : editing.update(id, text);
    if (done) focusCard(id);
    else closeForm(form, false);
  };
  // The id of the comment added last: the highest, as new ids are.
  const newestId = (): string => ids.reduce((best, id) => (Number(id) > Number(best) ? id : best), ids[0] ?? '');
  stack.addEventListener('click', (event) => {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('button[data-action]');
    if (!button || !editing) return;
    const id = button.dataset['commentId']!;
    const card = button.closest<HTMLElement>('.quire-comment-card');
    switch (button.dataset['action']) {
      case 'reply':
        if (card && !card.querySelector('form')) openForm(card, createCommentForm(page, 'reply', id), button.closest<HTMLElement>('.quire-comment-actions') ?? undefined);
        break;
      case 'edit': {
        const text = card?.querySelector<HTMLElement>(`.quire-comment-entry[data-comment-id="${CSS.escape(id)}"] > .quire-comment-text`);
        const current = [...(text?.children ?? [])].map((line) => line.textContent ?? '').join('\n');
        if (card && text && !card.querySelector('form')) openForm(card, createCommentForm(page, 'edit', id, current), text);
        break;
      }
      case 'resolve':
        if (editing.resolve(id)) focusCard(id);
        break;
      case 'reopen':
        if (editing.reopen(id)) focusCard(id);
        break;
      case 'delete':
        if (editing.remove(id)) editing.focusDocument();
        break;
      case 'cancel':
        closeForm(button.closest('form')!, false);
        break;
    }
  });
  stack.addEventListener('submit', (event) => {
    event.preventDefault();
    submit(event.target as HTMLFormElement);
  });
  stack.addEventListener('keydown', (event) => {
    const form = (event.target as Element).closest?.<HTMLFormElement>('form.quire-comment-form');
    if (!form) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeForm(form, false);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit(form);
    }
  });

  const Observer = (window as (Window & { ResizeObserver?: typeof ResizeObserver }) | null)?.ResizeObserver;
  const resizes = Observer ? new Observer(() => schedule()) : null;
  resizes?.observe(viewport);

  const plugin = new Plugin<ActiveComment>({
    key: activeKey,
    state: {
      init: () => ({ id: null, decorations: DecorationSet.empty }),
      apply: (tr, value) => {
        // A new comment's card follows its selection through edits made while it is open.
        if (draft && tr.docChanged) draft = { ...draft, from: tr.mapping.map(draft.from, 1), to: tr.mapping.map(draft.to, -1) };
        return (tr.getMeta(activeKey) as ActiveComment | undefined) ?? (tr.docChanged ? { id: value.id, decorations: value.decorations.map(tr.mapping, tr.doc) } : value);
      },
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
  build(options.comments);
  return {
    plugin,
    element,
    get drafting() {
      return draft !== null;
    },
    setComments: build,
    startDraft(from, to) {
      draft?.card.remove();
      const card = page.createElement('div');
      card.className = 'quire-comment-card quire-comment-draft';
      card.append(createCommentForm(page, 'new', ''));
      draft = { card, from, to };
      stack.append(card);
      if (element.dataset['narrow'] === 'true' && element.dataset['open'] !== 'true') onToggle();
      schedule();
      // After the toolbar button that opened it gives the focus back to the document.
      queueMicrotask(() => card.querySelector('textarea')?.focus());
    },
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

// Where a new comment's card goes: the top of the line its range starts on.
function draftTop(view: EditorView, from: number): number {
  try {
    return view.coordsAtPos(from).top;
  } catch {
    // A view that cannot measure (no layout): at the top.
    return view.dom.getBoundingClientRect().top;
  }
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
