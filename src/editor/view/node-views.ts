import type { NodeViewConstructor } from 'prosemirror-view';
import { bulletListView, orderedListView } from './nodes/list-views.js';
import { ImageView } from './nodes/image-view.js';
import { footnoteReferenceView, footnoteView, headerFooterView } from './nodes/read-only-views.js';
import { SectionView } from './nodes/section-view.js';
import { TableView, tableCellView, tableRowView } from './nodes/table-views.js';
import { TextblockView } from './nodes/textblock-view.js';
import { textWidthAt, type RenderContext } from './render-context.js';

/**
 * The node views of one document. Nodes without one (quotes, breaks, rules, code, fields,
 * opaque content) are drawn by the schema's `toDOM`, which sets no inline styles.
 */
export function createNodeViews(context: RenderContext): Record<string, NodeViewConstructor> {
  return {
    section: (node) => new SectionView(node, context),
    header_footer: (node) => headerFooterView(node, context),
    footnote: (node) => footnoteView(node, context),
    footnote_reference: (node) => footnoteReferenceView(node, context),
    paragraph: (node) => new TextblockView(node, context),
    heading: (node) => new TextblockView(node, context),
    bullet_list: (node) => bulletListView(node, context),
    ordered_list: (node) => orderedListView(node, context),
    table: (node) => new TableView(node, context),
    table_row: (node) => tableRowView(node, context),
    table_cell: (node) => tableCellView(node, context),
    image: (node, view, getPos) => {
      const pos = getPos();
      return new ImageView(node, context, pos === undefined ? null : textWidthAt(view.state.doc.resolve(pos)));
    },
  };
}
