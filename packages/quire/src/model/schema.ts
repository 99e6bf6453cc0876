import { Schema } from 'prosemirror-model';
import { formatMarks } from './marks/format-marks.js';
import { linkMark } from './marks/link-mark.js';
import { reviewMarks } from './marks/review-marks.js';
import { styleMarks } from './marks/style-marks.js';
import { blockNodes } from './nodes/block-nodes.js';
import { documentNodes } from './nodes/document-nodes.js';
import { inlineNodes } from './nodes/inline-nodes.js';
import { listNodes } from './nodes/list-nodes.js';
import { opaqueNodes } from './nodes/opaque-nodes.js';
import { tableNodes } from './nodes/table-nodes.js';
import { textBlockNodes } from './nodes/text-block-nodes.js';

/**
 * The one document model that the editor, the readers and the writers share. Node order matters:
 * `paragraph` comes first in the `block` group, so ProseMirror fills empty containers with it.
 */
export const schema = new Schema({
  nodes: {
    ...documentNodes,
    ...textBlockNodes,
    ...blockNodes,
    ...listNodes,
    ...tableNodes,
    ...inlineNodes,
    ...opaqueNodes,
  },
  // Links first so that they wrap the other marks, and serialise as the outermost element.
  marks: { link: linkMark, ...formatMarks, ...styleMarks, ...reviewMarks },
});
