import type { Mark, MarkType, ResolvedPos } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { readSafeHref } from '../../readers/html/safe-href.js';

/** A run of text carrying one mark: its range and the mark. */
interface MarkRange {
  readonly from: number;
  readonly to: number;
  readonly mark: Mark;
}

/** Returns the extent of the `type` mark around `$pos` in its textblock (the link the cursor is in or just after), or null. */
export function markRangeAt($pos: ResolvedPos, type: MarkType): MarkRange | null {
  const parent = $pos.parent;
  let index = $pos.index();
  let mark = type.isInSet(parent.maybeChild(index)?.marks ?? []);
  if (!mark && $pos.textOffset === 0 && index > 0) mark = type.isInSet(parent.child(--index).marks);
  if (!mark) return null;
  let first = index;
  let last = index + 1;
  while (first > 0 && mark.isInSet(parent.child(first - 1).marks)) first--;
  while (last < parent.childCount && mark.isInSet(parent.child(last).marks)) last++;
  let from = $pos.start();
  for (let i = 0; i < first; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = first; i < last; i++) to += parent.child(i).nodeSize;
  return { from, to, mark };
}

/** Returns the address of the link at the start of the selection, or null. */
export function linkAt(state: EditorState): string | null {
  const type = state.schema.marks['link']!;
  const { $from, empty } = state.selection;
  const mark = empty ? markRangeAt($from, type)?.mark : type.isInSet($from.marks()) ?? type.isInSet(state.doc.nodeAt($from.pos)?.marks ?? []);
  return mark ? String(mark.attrs['href']) : null;
}

/**
 * Links the selected text to `href`; with an empty selection, changes the link the cursor is in,
 * or inserts `href` as linked text. Addresses whose scheme could run code (`javascript:`...) are
 * refused, as the readers refuse them: the command then returns false.
 */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    const safe = typeof href === 'string' ? readSafeHref(href) : undefined;
    const type = state.schema.marks['link']!;
    const { $from, empty, ranges } = state.selection;
    if (safe === undefined || !$from.parent.type.allowsMarkType(type)) return false;
    if (!dispatch) return true;
    const mark = type.create({ href: safe });
    const tr = state.tr;
    if (!empty) {
      for (const range of ranges) tr.removeMark(range.$from.pos, range.$to.pos, type).addMark(range.$from.pos, range.$to.pos, mark);
    } else {
      const around = markRangeAt($from, type);
      if (around) tr.removeMark(around.from, around.to, type).addMark(around.from, around.to, mark);
      else tr.insert($from.pos, state.schema.text(safe, [...type.removeFromSet($from.marks()), mark]));
    }
    dispatch(tr.scrollIntoView());
    return true;
  };
}

/** Removes the links from the selected text, or the link the cursor is in. */
export const removeLink: Command = (state, dispatch) => {
  const type = state.schema.marks['link']!;
  const { $from, empty, ranges } = state.selection;
  const targets = empty ? [markRangeAt($from, type)].filter((range) => range !== null) : ranges.map((range) => ({ from: range.$from.pos, to: range.$to.pos })).filter(({ from, to }) => state.doc.rangeHasMark(from, to, type));
  if (targets.length === 0) return false;
  if (dispatch) {
    const tr = state.tr;
    for (const { from, to } of targets) tr.removeMark(from, to, type);
    dispatch(tr.scrollIntoView());
  }
  return true;
};
