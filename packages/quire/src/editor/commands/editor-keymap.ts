import { chainCommands } from 'prosemirror-commands';
import type { Schema } from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import { TextSelection, type Command } from 'prosemirror-state';
import { goToNextCell } from 'prosemirror-tables';
import { acceptChangesInSelectionCommand, rejectChangesInSelectionCommand, REVIEW_SHORTCUTS } from '../review/review-commands.js';
import { setAlignment } from './block-commands.js';
import { simpleCommands } from './editor-commands.js';
import { splitParagraphKeepingLook } from './split-paragraph.js';

/**
 * Keyboard shortcuts on top of ProseMirror's base keymap: Word's for marks, undo and redo; Google
 * Docs' for alignment (Mod-Shift-L/E/R/J) and lists (Mod-Shift-7/8), which do not collide with
 * the browser's own; Tab and Shift-Tab move between table cells and nest list items (elsewhere
 * Tab leaves the editor, so keyboard users are never trapped); Mod-K opens the link form;
 * Alt-Shift-A and Alt-Shift-R accept and reject the tracked changes in the selection (Word has no
 * keys of its own for them; Alt-Shift like the header and footer keys, which nothing else takes).
 */
export function editorKeymap(schema: Schema, openLinkForm: () => boolean): Record<string, Command> {
  const commands = simpleCommands(schema);
  const item = schema.nodes['list_item']!;
  return {
    'Mod-z': commands.undo,
    'Shift-Mod-z': commands.redo,
    'Mod-y': commands.redo,
    'Mod-b': commands.bold,
    'Mod-i': commands.italic,
    'Mod-u': commands.underline,
    'Mod-Shift-x': commands.strike,
    'Mod-Shift-l': setAlignment('left'),
    'Mod-Shift-e': setAlignment('center'),
    'Mod-Shift-r': setAlignment('right'),
    'Mod-Shift-j': setAlignment('justify'),
    'Mod-Shift-7': commands.numberedList,
    'Mod-Shift-8': commands.bulletList,
    'Mod-]': commands.indent,
    'Mod-[': commands.outdent,
    'Mod-k': () => openLinkForm(),
    'Mod-a': selectSection,
    [REVIEW_SHORTCUTS.accept]: acceptChangesInSelectionCommand,
    [REVIEW_SHORTCUTS.reject]: rejectChangesInSelectionCommand,
    Enter: chainCommands(splitListItem(item), splitParagraphKeepingLook),
    Tab: chainCommands(goToNextCell(1), sinkListItem(item)),
    'Shift-Tab': chainCommands(goToNextCell(-1), liftListItem(item)),
  };
}

/**
 * Select all selects the text of the section the cursor is in, from its first block after the
 * headers and footers to its end: headers, footers and notes are read-only, and a selection
 * holding them could be neither formatted nor deleted.
 */
const selectSection: Command = (state, dispatch) => {
  const { $from } = state.selection;
  if ($from.depth < 1 || $from.node(1).type.name !== 'section') return false;
  const section = $from.node(1);
  let start = $from.start(1);
  for (let index = 0; index < section.childCount && section.child(index).type.name === 'header_footer'; index++) start += section.child(index).nodeSize;
  const end = $from.end(1);
  if (dispatch) dispatch(state.tr.setSelection(TextSelection.between(state.doc.resolve(start), state.doc.resolve(end))));
  return true;
};
