import type { Node } from 'prosemirror-model';

/** Where a comment is anchored in the document: the span from the first to the last text carrying its `comment` mark. */
export interface CommentAnchor {
  readonly from: number;
  readonly to: number;
  /** The anchored text, paragraphs joined by a line break. */
  readonly text: string;
}

/**
 * The anchors of the comments in `doc`, by comment id, in the order their ranges start. A comment
 * whose range holds no text (Word's point comments, or a range an edit emptied) has none. One walk
 * over the document: called when the cards are built, on a click and by `comments.list()`, never per keystroke.
 */
export function findCommentAnchors(doc: Node): Map<string, CommentAnchor> {
  const spans = new Map<string, { from: number; to: number }>();
  doc.descendants((node, pos) => {
    if (!node.isInline) return true;
    for (const mark of node.marks) {
      if (mark.type.name !== 'comment') continue;
      const id = String(mark.attrs['id']);
      const span = spans.get(id);
      if (span) span.to = pos + node.nodeSize;
      else spans.set(id, { from: pos, to: pos + node.nodeSize });
    }
    return false;
  });
  const anchors = new Map<string, CommentAnchor>();
  for (const [id, { from, to }] of spans) anchors.set(id, { from, to, text: doc.textBetween(from, to, '\n', '') });
  return anchors;
}

/**
 * The id of a comment whose range the caret at `pos` is in or touches, or null: `preferred` when
 * its range is one of them (overlapping ranges keep the comment already active), else the first.
 */
export function commentAtCaret(doc: Node, pos: number, preferred: string | null): string | null {
  const $pos = doc.resolve(pos);
  let found: string | null = null;
  for (const node of [$pos.nodeAfter, $pos.nodeBefore]) {
    for (const mark of node?.marks ?? []) {
      if (mark.type.name !== 'comment') continue;
      const id = String(mark.attrs['id']);
      if (id === preferred) return id;
      found ??= id;
    }
  }
  return found;
}
