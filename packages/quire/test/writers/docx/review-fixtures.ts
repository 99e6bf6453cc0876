// The review fixtures and what a document holds of review, as plain data tests compare: its
// tracked changes (kind, author, date, move and text, ids left out as a writer may renumber a
// split change) and the text of each comment's range.
import type { Mark, Node } from 'prosemirror-model';
import { bodyTextblocks, edited, exportDocx, middleOfText, openFixture } from './patch-fixtures.js';

/** The fixtures with comments or tracked changes, from Word, Google Docs and python-docx. */
export const REVIEWED = ['python-docx-comments-rich-para.docx', 'superdoc-gdocs-comments-export.docx', 'superdoc-gdocs-tracked-changes.docx', 'superdoc-msword-tracked-changes.docx'];

const REVIEW_MARKS = new Set(['insertion', 'deletion', 'comment']);

/** Opens a fixture, types `Q` into the middle of every paragraph holding a change or a comment range, and exports it. */
export async function typeIntoReviewedParagraphs(name: string) {
  const original = await openFixture(name);
  const targets = bodyTextblocks(original.doc).filter(({ node }) => {
    let reviewed = false;
    node.forEach((child) => (reviewed ||= child.marks.some((mark) => REVIEW_MARKS.has(mark.type.name))));
    return reviewed;
  });
  // From the last paragraph back, so that earlier positions hold.
  const doc = edited(original.doc, (state) => {
    const tr = state.tr;
    for (const target of [...targets].reverse()) tr.insertText('Q', middleOfText(target));
    return tr;
  });
  return { original, doc, targets: targets.length, bytes: await exportDocx(original, doc) };
}

export interface ChangeSummary {
  readonly kind: string;
  readonly author: string;
  readonly date: string | null;
  readonly move: string | null;
  text: string;
}

export interface ReviewSummary {
  readonly changes: ChangeSummary[];
  readonly comments: Record<string, string>;
}

/** The tracked changes of `doc` in order, adjacent text with the same change joined, and each comment's range text (paragraphs joined by `|`). */
export function summarizeReview(doc: Node): ReviewSummary {
  const changes: ChangeSummary[] = [];
  const comments: Record<string, string> = {};
  doc.descendants((block) => {
    if (!block.isTextblock) return true;
    let open: { mark: Mark; summary: ChangeSummary } | undefined;
    const seen = new Set<string>();
    block.forEach((node) => {
      const text = node.isText ? node.text! : node.type.name === 'hard_break' ? '\n' : '';
      const change = node.marks.find((mark) => mark.type.name === 'insertion' || mark.type.name === 'deletion');
      if (change && open && sameChange(open.mark, change)) open.summary.text += text;
      else if (change) {
        open = { mark: change, summary: { kind: change.type.name, author: change.attrs['author'], date: change.attrs['date'], move: change.attrs['move'], text } };
        changes.push(open.summary);
      } else open = undefined;
      for (const mark of node.marks) {
        if (mark.type.name !== 'comment') continue;
        const id = String(mark.attrs['id']);
        const before = comments[id];
        comments[id] = before === undefined ? text : before + (seen.has(id) ? '' : '|') + text;
        seen.add(id);
      }
    });
    return false;
  });
  return { changes, comments };
}

function sameChange(a: Mark, b: Mark): boolean {
  return a.type === b.type && a.attrs['author'] === b.attrs['author'] && a.attrs['date'] === b.attrs['date'] && a.attrs['move'] === b.attrs['move'] && a.attrs['id'] === b.attrs['id'];
}
