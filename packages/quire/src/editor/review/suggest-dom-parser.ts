import { DOMParser, type Schema, type TagParseRule } from 'prosemirror-model';

// The marks of tracked changes and comment ranges, read back from the elements the editor drew
// (see model/marks/review-marks.ts), by their data attributes.
const drawnReviewRules: readonly TagParseRule[] = [
  { tag: 'ins[data-change-id]', mark: 'insertion', getAttrs: (element) => changeAttrs(element) },
  { tag: 'del[data-change-id]', mark: 'deletion', getAttrs: (element) => changeAttrs(element) },
  { tag: 'span.quire-comment[data-comment-id]', mark: 'comment', getAttrs: (element) => ({ id: element.getAttribute('data-comment-id') }) },
];

function changeAttrs(element: HTMLElement) {
  return { id: element.getAttribute('data-change-id'), author: element.getAttribute('data-author') ?? '', date: element.getAttribute('data-date'), move: element.getAttribute('data-move') };
}

/**
 * Returns the parser the view reads its own edited DOM with (ProseMirror's `domParser` prop, not
 * the clipboard's): the schema's rules plus the review marks as drawn. Without them, a browser edit
 * that redraws an `ins` or `del` element (Chromium removing an emptied one, say) reads its
 * neighbours' text back without their change, and suggest mode records that text as removed and
 * typed again. Pasted HTML is still never a tracked change: the clipboard parser has no such rules.
 */
export function createReviewDomParser(schema: Schema): DOMParser {
  return new DOMParser(schema, [...drawnReviewRules, ...DOMParser.fromSchema(schema).rules]);
}
