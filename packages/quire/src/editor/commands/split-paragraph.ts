import { chainCommands, createParagraphNear, liftEmptyBlock, newlineInCode, splitBlockAs } from 'prosemirror-commands';
import type { Node } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';

// What a new paragraph does not inherit: the XML it was read from, its bookmarks, its page break.
const NOT_INHERITED = { sourceId: null, anchors: null, pageBreakBefore: false } as const;

/**
 * Enter as in Word: the paragraph made at the end of a paragraph keeps its formatting (style,
 * alignment, indentation, spacing, tab stops), where ProseMirror's splitBlock makes a plain one,
 * so that a line typed after a centred one is centred too; the one after a heading is a body
 * paragraph, as Word's heading styles say. A split inside a block keeps it on both sides, as before.
 */
export const splitParagraphKeepingLook: Command = chainCommands(
  newlineInCode,
  createParagraphNear,
  liftEmptyBlock,
  splitBlockAs((node: Node, atEnd: boolean) =>
    atEnd && node.type.name === 'paragraph' ? { type: node.type, attrs: { ...node.attrs, ...NOT_INHERITED } } : null,
  ),
);
