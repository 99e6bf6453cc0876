import type { NodeSpec } from 'prosemirror-model';
import { sourceIdAttrSpec } from '../source-id-attr.js';
import type { Twips } from '../units.js';

/** One border line: its style (`single`, `double`, `dashed`, `dotted`, `none`), width in points and colour. */
export interface BorderLine {
  readonly style: 'single' | 'double' | 'dashed' | 'dotted' | 'none';
  readonly width: number;
  readonly color: string;
}

/** Borders of a table or cell; `insideH`/`insideV` apply to tables only. */
export interface Borders {
  readonly top?: BorderLine;
  readonly right?: BorderLine;
  readonly bottom?: BorderLine;
  readonly left?: BorderLine;
  readonly insideH?: BorderLine;
  readonly insideV?: BorderLine;
}

/** Attributes of a `table_cell`. Widths are per spanned column, in twips, as prosemirror-tables expects. */
export interface TableCellAttrs {
  readonly colspan: number;
  readonly rowspan: number;
  readonly colwidth: readonly Twips[] | null;
  readonly background: string | null;
  readonly borders: Borders | null;
  readonly verticalAlign: 'top' | 'center' | 'bottom' | null;
}

/**
 * Tables follow prosemirror-tables' conventions (`tableRole`, `colspan`, `rowspan`, `colwidth`) so
 * that the editor can use its commands. A cell covered by a row span above it is not repeated in
 * the rows below (as in HTML); writers add Word's `vMerge` continuation cells themselves.
 */
export const tableNodes: Record<string, NodeSpec> = {
  table: {
    content: 'table_row+',
    group: 'block',
    tableRole: 'table',
    isolating: true,
    attrs: {
      /** Id of the table style (`w:tblStyle`); `null` uses the writer's default grid style. */
      styleId: { default: null, validate: 'string|null' },
      /** Column widths of the grid in twips (`w:tblGrid`); `null` shares the text width equally. */
      columnWidths: { default: null },
      borders: { default: null },
      align: { default: null, validate: 'string|null' },
      sourceId: sourceIdAttrSpec,
    },
    toDOM: () => ['table', ['tbody', 0]],
    parseDOM: [{ tag: 'table' }],
  },
  table_row: {
    content: 'table_cell+',
    tableRole: 'row',
    attrs: {
      /** Whether the row is a header row, repeated on each page (`w:tblHeader`). */
      header: { default: false, validate: 'boolean' },
      /** Minimum row height in twips. */
      height: { default: null, validate: 'number|null' },
      sourceId: sourceIdAttrSpec,
      /** A tracked insertion or deletion of the row (`StructureChange`, `w:trPr/w:ins`, `w:del`); `null`: none. */
      change: { default: null },
    },
    toDOM: () => ['tr', 0],
    parseDOM: [{ tag: 'tr' }],
  },
  table_cell: {
    content: 'block+',
    tableRole: 'cell',
    isolating: true,
    attrs: {
      colspan: { default: 1, validate: 'number' },
      rowspan: { default: 1, validate: 'number' },
      colwidth: { default: null },
      background: { default: null, validate: 'string|null' },
      borders: { default: null },
      verticalAlign: { default: null, validate: 'string|null' },
      sourceId: sourceIdAttrSpec,
    },
    toDOM: (node) => {
      const attrs: Record<string, string> = {};
      if (node.attrs['colspan'] !== 1) attrs['colspan'] = String(node.attrs['colspan']);
      if (node.attrs['rowspan'] !== 1) attrs['rowspan'] = String(node.attrs['rowspan']);
      if (node.attrs['background']) attrs['style'] = `background-color: #${String(node.attrs['background'])}`;
      return ['td', attrs, 0];
    },
    parseDOM: [
      {
        tag: 'td, th',
        getAttrs: (dom) => ({
          colspan: Number(dom.getAttribute('colspan') ?? 1) || 1,
          rowspan: Number(dom.getAttribute('rowspan') ?? 1) || 1,
        }),
      },
    ],
  },
};
