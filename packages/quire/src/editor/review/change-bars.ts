import type { Node } from 'prosemirror-model';

/** The class of a paragraph holding a tracked change, which style.css draws a bar beside in all and simple markup. */
export const CHANGED_CLASS = 'quire-changed';

/**
 * Whether Word would draw its changed-lines bar beside `block`, a textblock: it holds text with an
 * `insertion` or `deletion` mark, or its own mark's `markChange`. The paragraph's node view asks
 * when it is drawn and when its content changes, so a bar costs nothing more than the view's own
 * look at its content; decorations would not do (ProseMirror looks up a node's decorations among
 * all those of its parent, which with 2,000 changed paragraphs made every redraw of a section
 * quadratic: 0.8 s more each time the pages of the 300-page bench document were shown).
 */
export function holdsTrackedChange(block: Node): boolean {
  if (block.attrs['markChange']) return true;
  let found = false;
  block.forEach((child) => {
    if (!found) found = child.marks.some((mark) => mark.type.name === 'insertion' || mark.type.name === 'deletion');
  });
  return found;
}
