import type { Node } from 'prosemirror-model';
import type { NodeViewConstructor } from 'prosemirror-view';
import { bulletListView, orderedListView } from './nodes/list-views.js';
import { ImageView } from './nodes/image-view.js';
import { footnoteReferenceView, footnoteView, headerFooterView } from './nodes/read-only-views.js';
import { SectionView } from './nodes/section-view.js';
import { TableView, tableCellView, tableRowView } from './nodes/table-views.js';
import { isOnFirstPage } from './anchor-position.js';
import { TextBoxView } from './nodes/text-box-view.js';
import { TextblockView } from './nodes/textblock-view.js';
import { readSectionPage } from '../../model/section-page.js';
import { pictureHeightLimitAt, SHEET_PAPER, textWidthAt, type RenderContext } from './render-context.js';

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
    paragraph: (node, view, getPos) => new TextblockView(node, context, () => isInBlockquote(view.state.doc, getPos())),
    heading: (node, view, getPos) => new TextblockView(node, context, () => isInBlockquote(view.state.doc, getPos())),
    bullet_list: (node) => bulletListView(node, context),
    ordered_list: (node) => orderedListView(node, context),
    table: (node) => new TableView(node, context),
    table_row: (node) => tableRowView(node, context),
    table_cell: (node) => tableCellView(node, context),
    text_box: (node, view, getPos) => {
      const pos = getPos();
      const $pos = pos === undefined ? null : view.state.doc.resolve(pos);
      // A box among its section's own blocks stands on the sheet; elsewhere (a list, a table) in the flow.
      const onSheet = $pos !== null && $pos.depth === 1 && $pos.parent.type.name === 'section';
      return new TextBoxView(node, context, onSheet ? { geometry: readSectionPage($pos.parent, SHEET_PAPER), onPage: isOnFirstPage($pos) } : null);
    },
    image: (node, view, getPos) => {
      const pos = getPos();
      if (pos === undefined) return new ImageView(node, context, null);
      const $pos = view.state.doc.resolve(pos);
      // A picture in one of its section's own paragraphs may stand on the sheet.
      const onSheet = $pos.depth === 2 && $pos.node(1).type.name === 'section';
      const sheet = onSheet ? { geometry: readSectionPage($pos.node(1), SHEET_PAPER), onPage: isOnFirstPage($pos) } : null;
      return new ImageView(node, context, { textWidth: textWidthAt($pos), heightLimit: pictureHeightLimitAt($pos) }, sheet);
    },
  };
}

// Finding a position walks the blocks before it: views ask only for the few paragraphs whose style indents them.
function isInBlockquote(doc: Node, pos: number | undefined): boolean {
  if (pos === undefined || pos < 0 || pos > doc.content.size) return false;
  const $pos = doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) if ($pos.node(depth).type.name === 'blockquote') return true;
  return false;
}
