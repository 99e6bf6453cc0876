import type { Node } from 'prosemirror-model';
import { TableMap } from 'prosemirror-tables';
import type { NodeView, ViewMutationRecord } from 'prosemirror-view';
import type { Borders } from '../../../model/nodes/table-nodes.js';
import { twipsToPixels } from '../../../model/units.js';
import { estimateLines } from '../block-lines.js';
import type { RenderContext } from '../render-context.js';
import { GRID_BORDERS, setCellBorders, setTableBorders } from '../table-borders.js';
import { markupView } from './markup-view.js';

/**
 * A table: `<table>` with a `<colgroup>` of the grid's column widths (twips, from the cells'
 * `colwidth`, else the table's `columnWidths`), its alignment and borders. A table without
 * borders that Quire made (HTML, Markdown, new) shows Word's Table Grid, as the writers give it;
 * a DOCX table without borders shows faint gridlines, as Word does on screen.
 */
export class TableView implements NodeView {
  readonly dom: HTMLTableElement;
  readonly contentDOM: HTMLTableSectionElement;
  private readonly colgroup: HTMLTableColElement;
  private columnsKey = '';

  constructor(
    private node: Node,
    private readonly context: RenderContext,
  ) {
    const { page } = context;
    this.dom = page.createElement('table');
    this.colgroup = this.dom.appendChild(page.createElement('colgroup'));
    this.contentDOM = this.dom.appendChild(page.createElement('tbody'));
    this.renderAttrs();
    this.renderColumns();
    this.dom.style.setProperty('--quire-lines', String(estimateLines(node, context)));
  }

  update(node: Node): boolean {
    if (node.type !== this.node.type) return false;
    const attrsChanged = !node.sameMarkup(this.node);
    this.node = node;
    if (attrsChanged) this.renderAttrs();
    this.renderColumns();
    return true;
  }

  ignoreMutation(record: ViewMutationRecord): boolean {
    return record.type === 'attributes' && record.target === this.dom ? true : this.colgroup.contains(record.target);
  }

  private renderAttrs(): void {
    const { attrs } = this.node;
    const borders = attrs['borders'] as Borders | null;
    const madeHere = attrs['styleId'] === null && attrs['sourceId'] === null;
    // A table read without borders (null or none) shows Word's light gridlines.
    const borderless = !borders || Object.keys(borders).length === 0;
    this.dom.classList.toggle('quire-table-gridlines', borderless && !madeHere);
    setTableBorders(this.dom, borders ?? (madeHere ? GRID_BORDERS : {}));
    const align = attrs['align'];
    this.dom.style.setProperty('margin-left', align === 'center' || align === 'right' ? 'auto' : '0');
    this.dom.style.setProperty('margin-right', align === 'center' ? 'auto' : '0');
  }

  private renderColumns(): void {
    const widths = columnWidths(this.node);
    const key = widths.join(',');
    if (key === this.columnsKey) return;
    this.columnsKey = key;
    const cols = widths.map((width) => {
      const col = this.context.page.createElement('col');
      if (width !== null) col.style.setProperty('width', `${twipsToPixels(width)}px`);
      return col;
    });
    this.colgroup.replaceChildren(...cols);
    const known = widths.every((width) => width !== null) && widths.length > 0;
    if (known) {
      this.dom.style.setProperty('table-layout', 'fixed');
      this.dom.style.setProperty('width', `${twipsToPixels(widths.reduce<number>((sum, width) => sum + (width ?? 0), 0))}px`);
    } else {
      this.dom.style.removeProperty('table-layout');
      this.dom.style.removeProperty('width');
    }
  }
}

/** Returns the width in twips of each grid column of `table`, null where neither a cell nor the table gives one. */
export function columnWidths(table: Node): (number | null)[] {
  let map: TableMap;
  try {
    map = TableMap.get(table);
  } catch {
    return [];
  }
  const widths: (number | null)[] = new Array<number | null>(map.width).fill(null);
  const grid = table.attrs['columnWidths'];
  let missing = map.width;
  for (let row = 0; row < map.height && missing > 0; row++) {
    for (let column = 0; column < map.width; column++) {
      if (widths[column] !== null) continue;
      const pos = map.map[row * map.width + column]!;
      const cell = table.nodeAt(pos);
      const colwidth = cell?.attrs['colwidth'] as readonly unknown[] | null | undefined;
      const width = Array.isArray(colwidth) ? colwidth[column - map.findCell(pos).left] : undefined;
      if (typeof width === 'number' && width > 0) {
        widths[column] = width;
        missing--;
      }
    }
  }
  if (Array.isArray(grid) && grid.length === map.width) {
    grid.forEach((width: unknown, column) => {
      if (widths[column] === null && typeof width === 'number' && width > 0) widths[column] = width;
    });
  }
  return widths;
}

/** A table row: `<tr>`, at least its `height` (twips) high. */
export function tableRowView(node: Node, context: RenderContext): NodeView {
  const dom = context.page.createElement('tr');
  const render = (row: Node) => {
    // An inserted row is not shown in original markup, a deleted one in simple and no markup (style.css), as the layout leaves them out.
    const change = row.attrs['change'] as { kind?: string } | null;
    if (change?.kind) dom.dataset['change'] = change.kind;
    else delete dom.dataset['change'];
    const height = row.attrs['height'];
    if (typeof height === 'number' && height > 0) dom.style.setProperty('height', `${twipsToPixels(height)}px`);
    else dom.style.removeProperty('height');
  };
  return markupView(dom, node, render);
}

const VERTICAL_ALIGN: Readonly<Record<string, string>> = { top: 'top', center: 'middle', bottom: 'bottom' };

/** A table cell: `<td>` with its spans, shading, vertical alignment and own borders. */
export function tableCellView(node: Node, context: RenderContext): NodeView {
  const dom = context.page.createElement('td');
  const render = (cell: Node) => {
    const { attrs } = cell;
    setSpan(dom, 'colspan', attrs['colspan']);
    setSpan(dom, 'rowspan', attrs['rowspan']);
    const background = attrs['background'];
    if (typeof background === 'string' && /^[0-9A-Fa-f]{6}$/.test(background)) dom.style.setProperty('background-color', `#${background}`);
    else dom.style.removeProperty('background-color');
    const align = VERTICAL_ALIGN[String(attrs['verticalAlign'])];
    if (align) dom.style.setProperty('vertical-align', align);
    else dom.style.removeProperty('vertical-align');
    setCellBorders(dom, (attrs['borders'] as Borders | null) ?? null);
  };
  return markupView(dom, node, render);
}

function setSpan(element: HTMLElement, name: string, value: unknown): void {
  if (typeof value === 'number' && value > 1) element.setAttribute(name, String(Math.floor(value)));
  else element.removeAttribute(name);
}
