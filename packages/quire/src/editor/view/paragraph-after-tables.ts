import type { Node } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { changedRanges } from './changed-ranges.js';

// Word ends a table cell, a text box and a section's body with a paragraph (ECMA-376 Part 1, 17.4.66; a
// section break sits in a paragraph): where an edit leaves one of them ending with a table, the
// editor shows the empty paragraph Word would, so that the exported document is what was shown.
const ENDS_WITH_PARAGRAPH = new Set(['table_cell', 'section', 'text_box']);
// Lists and quotes dissolve into their paragraphs in Word: a table last in them is last in their container.
const DISSOLVING = new Set(['bullet_list', 'ordered_list', 'list_item', 'blockquote']);

/** Adds an empty paragraph after a table that an edit left last in a cell or a section. */
export function paragraphAfterTables(): Plugin {
  return new Plugin({
    appendTransaction(transactions, _old, state) {
      if (!transactions.some((tr) => tr.docChanged)) return null;
      const ends = tablesEndingContainers(state.doc, changedRanges(transactions));
      if (ends.length === 0) return null;
      const paragraph = state.schema.nodes['paragraph']!;
      const tr = state.tr;
      // From the end, so that the positions found stay valid. Undo takes the paragraph away with the edit.
      for (const end of ends.sort((a, b) => b - a)) tr.insert(end, paragraph.create());
      return tr;
    },
  });
}

// The end positions (inside) of the cells and sections around the changed ranges that end with a table.
function tablesEndingContainers(doc: Node, ranges: readonly { from: number; to: number }[]): number[] {
  const ends = new Set<number>();
  for (const { from, to } of ranges) {
    for (const pos of [Math.max(0, Math.min(from, doc.content.size)), Math.max(0, Math.min(to, doc.content.size))]) {
      const $pos = doc.resolve(pos);
      for (let depth = $pos.depth; depth > 0; depth--) {
        const node = $pos.node(depth);
        if (ENDS_WITH_PARAGRAPH.has(node.type.name) && endsWithTable(node)) ends.add($pos.end(depth));
      }
    }
    // A table inserted whole lies inside the range: its own cells may end with a table too.
    doc.nodesBetween(Math.max(0, from), Math.min(to, doc.content.size), (node, pos) => {
      if (ENDS_WITH_PARAGRAPH.has(node.type.name) && endsWithTable(node)) ends.add(pos + node.nodeSize - 1);
      return true;
    });
  }
  return [...ends];
}

function endsWithTable(container: Node): boolean {
  let last = container.lastChild;
  while (last && DISSOLVING.has(last.type.name)) last = last.lastChild;
  return last?.type.name === 'table';
}
