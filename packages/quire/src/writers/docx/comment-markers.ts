import type { Fragment } from 'prosemirror-model';
import type { InlineSource } from '../../model/docx-source-map.js';
import type { CommentMarkers } from './review-writer.js';

const MARKER = /^<w:commentRange(Start|End)\b[^>]*?\bw:id="([^"]*)"/;

/** The comment range markers an edit takes out of a paragraph, and how the new runs write them again. */
export interface TakenMarkers extends CommentMarkers {
  readonly taken: readonly InlineSource[];
  /** Markers of comments the new content has no text of: ends go before it, starts after it. */
  readonly before: string;
  readonly after: string;
}

/**
 * The `w:commentRangeStart` and `w:commentRangeEnd` children of a paragraph among the children
 * `first` to `last` that an edit rewrites, and those right beside them: the writer puts them
 * again where the marks of the new content (`content`) start and end, so that a range keeps to
 * its text however the runs around it are written. A comment whose marks the content lacks
 * ended before it or starts after it (both, for one whose text is gone: it keeps its place).
 */
export function takeCommentMarkers(text: string, inline: readonly InlineSource[], first: number, last: number, content: Fragment): TakenMarkers {
  const marker = (child: InlineSource | undefined): RegExpExecArray | null => (child && child.from === child.to ? MARKER.exec(text.slice(child.start, child.end)) : null);
  while (first > 0 && marker(inline[first - 1])) first--;
  while (last < inline.length - 1 && marker(inline[last + 1])) last++;
  const present = new Set<string>();
  content.forEach((node) => {
    for (const mark of node.marks) if (mark.type.name === 'comment') present.add(String(mark.attrs['id']));
  });
  const starts = new Set<string>();
  const ends = new Set<string>();
  const absentStarts = new Set<string>();
  const absentEnds: string[] = [];
  const taken: InlineSource[] = [];
  for (let index = first; index <= last; index++) {
    const child = inline[index]!;
    const found = marker(child);
    if (!found) continue;
    const [, kind, id] = found as unknown as [string, string, string];
    taken.push(child);
    if (present.has(id)) (kind === 'Start' ? starts : ends).add(id);
    else if (kind === 'Start') absentStarts.add(id);
    else absentEnds.push(id);
  }
  let before = '';
  let after = '';
  for (const id of absentStarts) after += `<w:commentRangeStart w:id="${id}"/>`;
  for (const id of absentEnds) {
    if (absentStarts.has(id)) after += `<w:commentRangeEnd w:id="${id}"/>`;
    else before += `<w:commentRangeEnd w:id="${id}"/>`;
  }
  return { starts, ends, taken, before, after };
}
