// Test-local accept-all and reject-all, read as text per paragraph, so that suggest mode's tests
// do not depend on the decisions' own code: accepting drops deleted text and joins a paragraph
// whose mark is deleted to the next; rejecting drops inserted text and joins where the mark is inserted.
import type { Node } from 'prosemirror-model';
import type { StructureChange } from '../../../src/model/marks/review-marks.js';

/** The text of each paragraph of `doc` once every change is accepted, or rejected. */
export function decidedTexts(doc: Node, decision: 'accepted' | 'rejected'): string[] {
  const dropped = decision === 'accepted' ? 'deletion' : 'insertion';
  const paragraphs: string[] = [];
  let open = '';
  let joining = false;
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    node.forEach((child) => {
      if (child.isText && !child.marks.some((mark) => mark.type.name === dropped)) open += child.text;
    });
    const markChange = node.attrs['markChange'] as StructureChange | null;
    joining = markChange?.kind === dropped;
    if (!joining) {
      paragraphs.push(open);
      open = '';
    }
    return false;
  });
  // The last paragraph's mark has no paragraph to join.
  if (joining) paragraphs.push(open);
  return paragraphs;
}

/** The text of each paragraph of a document without changes. */
export function paragraphTexts(doc: Node): string[] {
  const paragraphs: string[] = [];
  doc.descendants((node) => (node.isTextblock ? void paragraphs.push(node.textContent) : true));
  return paragraphs;
}
