import type { Attrs } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import type { Alignment, Indentation } from '../../model/paragraph-attrs.js';
import type { ParagraphStyleOption } from './paragraph-style-options.js';
import { selectedTextblocks } from './selected-textblocks.js';

// Word's Increase Indent steps by half an inch.
const INDENT_STEP = 720;

/** Sets the alignment of the selected paragraphs and headings. */
export function setAlignment(alignment: Alignment): Command {
  return (state, dispatch) => {
    const blocks = selectedTextblocks(state);
    if (blocks.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of blocks) tr.setNodeMarkup(pos, undefined, { ...node.attrs, align: alignment });
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Returns the alignment of the paragraph the selection starts in; `left` when it has none of its own. */
export function alignmentAt(state: EditorState): Alignment {
  const align = state.selection.$from.parent.attrs['align'];
  return align === 'center' || align === 'right' || align === 'justify' ? align : 'left';
}

/**
 * Gives the selected paragraphs and headings a paragraph style: heading styles make headings of
 * their level, the default style a plain paragraph, any other style a paragraph with its
 * `styleId`. Direct formatting (alignment, indentation, spacing) is kept, as Word keeps it.
 */
export function setParagraphStyle(style: ParagraphStyleOption): Command {
  return (state, dispatch) => {
    const blocks = selectedTextblocks(state);
    if (blocks.length === 0) return false;
    if (dispatch) {
      const { paragraph, heading } = state.schema.nodes;
      const tr = state.tr;
      for (const { node, pos } of blocks) {
        const { level: _level, ...shared } = node.attrs as Attrs & { level?: unknown };
        if (style.headingLevel !== null) tr.setNodeMarkup(pos, heading, { ...shared, styleId: null, level: style.headingLevel });
        else tr.setNodeMarkup(pos, paragraph, { ...shared, styleId: style.isDefault ? null : style.id });
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Returns the id of the paragraph style of the block the selection starts in, from `styles`; null when none matches. */
export function paragraphStyleAt(state: EditorState, styles: readonly ParagraphStyleOption[]): string | null {
  const block = state.selection.$from.parent;
  if (block.type.name === 'heading') return styles.find((style) => style.headingLevel === block.attrs['level'])?.id ?? null;
  if (block.type.name !== 'paragraph') return null;
  const styleId = block.attrs['styleId'];
  if (typeof styleId === 'string') return styles.find((style) => style.id === styleId)?.id ?? null;
  return styles.find((style) => style.isDefault)?.id ?? null;
}

/** Moves the left indentation of the selected paragraphs and headings by `steps` half inches (not below zero). */
export function shiftIndent(steps: number): Command {
  return (state, dispatch) => {
    const changes = selectedTextblocks(state).flatMap(({ node, pos }) => {
      const indent = (node.attrs['indent'] as Indentation | null) ?? {};
      const left = Math.max(0, (indent.left ?? 0) + steps * INDENT_STEP);
      return left === (indent.left ?? 0) ? [] : [{ node, pos, indent: { ...indent, left } }];
    });
    if (changes.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos, indent } of changes) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent });
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}
