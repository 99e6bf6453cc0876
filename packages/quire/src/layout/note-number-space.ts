import type { Node } from 'prosemirror-model';

/**
 * Returns a note's first paragraph with a space at its start, unless its text starts with one (as
 * a note read from DOCX does): Word and LibreOffice set a note's number followed by a space, and
 * both writers put the number in front of what this returns.
 */
export function withNoteNumberSpace(paragraph: Node): Node {
  if (/^\s/.test(paragraph.textContent)) return paragraph;
  return paragraph.copy(paragraph.content.addToStart(paragraph.type.schema.text(' ')));
}
