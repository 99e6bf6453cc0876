import type { Fragment, Node } from 'prosemirror-model';
import type { CommentMarkers } from './review-writer.js';

/** Where each comment's range starts and ends in the document: the paragraphs holding its first and last text. */
export interface CommentSpans {
  readonly first: ReadonlyMap<string, Node>;
  readonly last: ReadonlyMap<string, Node>;
  /** Comments made in the editor, whose `w:commentReference` run the writer adds after their range's end. */
  readonly added: ReadonlySet<string>;
}

/** No comment ranges: a document whose comments did not change needs no walk. */
export const NO_COMMENT_SPANS: CommentSpans = { first: new Map(), last: new Map(), added: new Set() };

/**
 * The paragraphs that hold the first and the last text of each comment of `doc` (one walk). A
 * paragraph written anew takes a comment's `w:commentRangeStart` when it holds the first text,
 * its `w:commentRangeEnd` when it holds the last (ECMA-376 Part 1, 17.13.4.3-4), so that a range
 * split by Enter, joined by Backspace or made in the editor keeps its two ends.
 */
export function findCommentSpans(doc: Node, added: ReadonlySet<string>): CommentSpans {
  const first = new Map<string, Node>();
  const last = new Map<string, Node>();
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    node.forEach((child) => {
      for (const mark of child.marks) {
        if (mark.type.name !== 'comment') continue;
        const id = String(mark.attrs['id']);
        if (!first.has(id)) first.set(id, node);
        last.set(id, node);
      }
    });
    return false;
  });
  return { first, last, added };
}

/**
 * The comment markers to write among `content`, the runs written anew of `paragraph`: those the
 * caller took out of the paragraph (`taken`) where this paragraph still holds that end of the
 * range, and the ends this paragraph now holds that its XML as read (`readXml`, null for a new
 * paragraph) lacks. An end taken from a paragraph that no longer holds it goes, to the paragraph
 * that does (which lacked it). New comments get their reference run after their end.
 */
export function paragraphCommentMarkers(spans: CommentSpans, paragraph: Node, content: Fragment, readXml: string | null, taken: CommentMarkers | null): CommentMarkers {
  const ids = new Set<string>();
  content.forEach((node) => {
    for (const mark of node.marks) if (mark.type.name === 'comment') ids.add(String(mark.attrs['id']));
  });
  const starts = new Set<string>();
  const ends = new Set<string>();
  for (const id of ids) {
    if (spans.first.get(id) === paragraph && (taken?.starts.has(id) || !hasMarker(readXml, 'Start', id))) starts.add(id);
    if (spans.last.get(id) === paragraph && (taken?.ends.has(id) || !hasMarker(readXml, 'End', id))) ends.add(id);
  }
  // A paragraph the walk did not see (spans of no walk): the markers taken are written as before.
  if (spans.first.size === 0 && taken) return taken;
  return { starts, ends, references: new Set([...ends].filter((id) => spans.added.has(id))) };
}

function hasMarker(xml: string | null, kind: 'Start' | 'End', id: string): boolean {
  return xml !== null && new RegExp(`<w:commentRange${kind}\\b[^>]*?\\bw:id="${id.replace(/[^\w-]/g, '')}"`).test(xml);
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
