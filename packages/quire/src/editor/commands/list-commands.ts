import type { NodeType } from 'prosemirror-model';
import { liftListItem, sinkListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState } from 'prosemirror-state';
import { shiftIndent } from './block-commands.js';

/** The list kinds of the toolbar and the commands. */
export type ListKind = 'bullet' | 'numbered';

function listTypeOf(state: EditorState, kind: ListKind): NodeType {
  return state.schema.nodes[kind === 'bullet' ? 'bullet_list' : 'ordered_list']!;
}

function isList(type: NodeType): boolean {
  return type.name === 'bullet_list' || type.name === 'ordered_list';
}

/** Returns the kind of the innermost list the selection is in, or null outside lists. */
export function listKindAt(state: EditorState): ListKind | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const type = $from.node(depth).type;
    if (isList(type)) return type.name === 'bullet_list' ? 'bullet' : 'numbered';
  }
  return null;
}

/**
 * Toggles a list: outside lists it wraps the selected paragraphs in a new list; in a list of that
 * kind it lifts them out; in a list of the other kind it turns that list into this kind. A new or
 * changed list has no numbering instance (`numId` null): the DOCX writer gives it one.
 */
export function toggleList(kind: ListKind): Command {
  return (state, dispatch) => {
    const target = listTypeOf(state, kind);
    const { $from, $to } = state.selection;
    const range = $from.blockRange($to, (node) => isList(node.type));
    if (!range) return wrapInList(target)(state, dispatch);
    const list = range.parent;
    if (list.type === target) return liftListItem(state.schema.nodes['list_item']!)(state, dispatch);
    if (dispatch) {
      const level = list.attrs['level'] ?? null;
      const attrs = kind === 'bullet' ? { marker: null, numId: null, level } : { start: 1, format: 'decimal', numId: null, level };
      dispatch(state.tr.setNodeMarkup(range.$from.before(range.depth), target, attrs).scrollIntoView());
    }
    return true;
  };
}

/** Indents: a list item one level deeper (a nested list of the same kind), any other paragraph by half an inch. */
export const indent: Command = (state, dispatch) =>
  listKindAt(state) !== null ? sinkListItem(state.schema.nodes['list_item']!)(state, dispatch) : shiftIndent(1)(state, dispatch);

/** Outdents: a list item one level up (out of the list at the top level), any other paragraph by half an inch. */
export const outdent: Command = (state, dispatch) =>
  listKindAt(state) !== null ? liftListItem(state.schema.nodes['list_item']!)(state, dispatch) : shiftIndent(-1)(state, dispatch);
