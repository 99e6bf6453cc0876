import type { Node } from 'prosemirror-model';
import type { CommentMarkers } from './review-writer.js';

/**
 * The range markers of the comments `ids` (those made in the editor), by the paragraph that holds
 * the first or the last text of each: the writer puts `w:commentRangeStart` before that first text,
 * `w:commentRangeEnd` after the last, and the `w:commentReference` run after the end (ECMA-376
 * Part 1, 17.13.4). Adding a comment marks its text, so the paragraphs holding its ends are
 * written again and take their markers there. Empty, without a walk, when `ids` is.
 */
export function newCommentMarkers(doc: Node, ids: ReadonlySet<string>): Map<Node, CommentMarkers> {
  const found = new Map<Node, { starts: Set<string>; ends: Set<string>; references: Set<string> }>();
  if (ids.size === 0) return found;
  const first = new Map<string, Node>();
  const last = new Map<string, Node>();
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    node.forEach((child) => {
      for (const mark of child.marks) {
        const id = String(mark.attrs['id']);
        if (mark.type.name !== 'comment' || !ids.has(id)) continue;
        if (!first.has(id)) first.set(id, node);
        last.set(id, node);
      }
    });
    return false;
  });
  const of = (paragraph: Node) => {
    let markers = found.get(paragraph);
    if (!markers) found.set(paragraph, (markers = { starts: new Set(), ends: new Set(), references: new Set() }));
    return markers;
  };
  for (const [id, paragraph] of first) of(paragraph).starts.add(id);
  for (const [id, paragraph] of last) {
    of(paragraph).ends.add(id);
    of(paragraph).references.add(id);
  }
  return found;
}

/** `markers` with those of the new comments in `added` (see {@link newCommentMarkers}). */
export function withNewComments(markers: CommentMarkers, added: CommentMarkers | undefined): CommentMarkers {
  if (!added) return markers;
  return {
    starts: new Set([...markers.starts, ...added.starts]),
    ends: new Set([...markers.ends, ...added.ends]),
    references: new Set([...(markers.references ?? []), ...(added.references ?? [])]),
  };
}

/**
 * `text` (a part's XML) without the range markers and reference marks of the removed comments
 * `ids`: a reference's run goes when it holds nothing else, as Word writes it, else the reference alone.
 */
export function removeCommentMarkup(text: string, ids: ReadonlySet<string>): string {
  if (ids.size === 0) return text;
  const removed = (id: string) => ids.has(id);
  const run = /<w:r(?:\s[^>]*)?>(?:<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>|<w:rPr\/>)?<w:commentReference\b[^>]*?\bw:id="([^"]*)"[^>]*\/><\/w:r>/g;
  const element = /<w:(?:commentRangeStart|commentRangeEnd|commentReference)\b[^>]*?\bw:id="([^"]*)"[^>]*\/>/g;
  return text.replace(run, (whole, id: string) => (removed(id) ? '' : whole)).replace(element, (whole, id: string) => (removed(id) ? '' : whole));
}
