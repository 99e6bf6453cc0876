import type { Node } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';

/**
 * Shows in the editor's text what the layout computed for its page fields (the page a PAGE field
 * is on, a table of contents' page numbers) instead of the producer's result. Fields are looked
 * up by node, so a field whose paragraph was edited since the layout still finds its text. The
 * document keeps the producer's result: only the field's element changes, which ProseMirror, for
 * an atom, neither reads nor edits.
 */
export function showFieldTexts(view: EditorView, texts: ReadonlyMap<Node, string>): void {
  if (texts.size === 0) return;
  view.state.doc.descendants((node, pos) => {
    if (node.type.name !== 'field') return true;
    const text = texts.get(node);
    const element = text === undefined ? null : view.nodeDOM(pos);
    if (element && element.textContent !== text) element.textContent = text!;
    return false;
  });
}
