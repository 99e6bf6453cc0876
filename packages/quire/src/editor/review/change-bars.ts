import type { Node } from 'prosemirror-model';
import { Plugin, PluginKey, type Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** The class of a paragraph holding a tracked change, which style.css draws a bar beside in all and simple markup. */
export const CHANGED_CLASS = 'quire-changed';

const CHANGE_MARKS = new Set(['insertion', 'deletion', 'formatChange']);

const key = new PluginKey<DecorationSet>('quire-change-bars');

/**
 * Word's changed lines: every textblock holding a tracked change (text with an `insertion`,
 * `deletion` or `formatChange` mark, its own mark's `markChange` or its properties' `formatChange`) gets the {@link CHANGED_CLASS} class, and the
 * style sheet draws the bar in the margin beside it. Found in one walk when the document is
 * shown; after an edit only the textblocks the transaction touched are looked at again, so a
 * keystroke costs the same with 2,000 changes as with none.
 */
export function changeBars(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: (_config, state) => DecorationSet.create(state.doc, barsBetween(state.doc, 0, state.doc.content.size)),
      apply: (tr, bars) => (tr.docChanged ? updateBars(tr, bars.map(tr.mapping, tr.doc)) : bars),
    },
    props: { decorations: (state) => key.getState(state) },
  });
}

function updateBars(tr: Transaction, mapped: DecorationSet): DecorationSet {
  let bars = mapped;
  const { doc } = tr;
  const size = doc.content.size;
  for (const { from, to } of touchedRanges(tr)) {
    // One position more on each side: a range between two paragraphs touches both.
    const blocks: { pos: number; node: Node }[] = [];
    doc.nodesBetween(Math.max(0, from - 1), Math.min(size, to + 1), (node, pos) => {
      if (!node.isTextblock) return true;
      blocks.push({ pos, node });
      return false;
    });
    if (blocks.length === 0) continue;
    const start = blocks[0]!.pos;
    const end = blocks.at(-1)!.pos + blocks.at(-1)!.node.nodeSize;
    // The bars inside those textblocks go, those that mapping left astride a split too; then each gets its bar again if it holds a change.
    const stale = bars.find(start, end).filter((bar) => bar.from >= start && bar.to <= end);
    const fresh = blocks.filter(({ node }) => holdsChange(node)).map(({ pos, node }) => Decoration.node(pos, pos + node.nodeSize, { class: CHANGED_CLASS }));
    bars = bars.remove(stale).add(doc, fresh);
  }
  return bars;
}

// The ranges of the new document each step of `tr` touched, marks and attributes included (their
// steps map no positions, so `tr.mapping` alone would miss an accepted change).
function touchedRanges(tr: Transaction): { from: number; to: number }[] {
  const size = tr.doc.content.size;
  return tr.steps.map((step, index) => {
    const { from, to, pos } = step as unknown as Partial<Record<'from' | 'to' | 'pos', number>>;
    let range = { from: from ?? pos ?? 0, to: to ?? pos ?? from ?? 0 };
    // A replacement's range in the document after it.
    step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => (range = { from: Math.min(range.from, newStart), to: newEnd }));
    const rest = tr.mapping.slice(index + 1);
    return { from: Math.min(rest.map(range.from, -1), size), to: Math.min(rest.map(range.to, 1), size) };
  });
}

function barsBetween(doc: Node, from: number, to: number): Decoration[] {
  const bars: Decoration[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    if (holdsChange(node)) bars.push(Decoration.node(pos, pos + node.nodeSize, { class: CHANGED_CLASS }));
    return false;
  });
  return bars;
}

function holdsChange(block: Node): boolean {
  if (block.attrs['markChange'] || block.attrs['formatChange']) return true;
  let found = false;
  block.forEach((child) => {
    if (!found) found = child.marks.some((mark) => CHANGE_MARKS.has(mark.type.name));
  });
  return found;
}
