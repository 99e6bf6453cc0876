/**
 * Replaces the content of `container` with a table of `rows` under `columns`; numeric columns are
 * right-aligned. An empty table shows `emptyText` instead.
 */
export function renderTable(container: HTMLElement, caption: string, columns: ReadonlyArray<{ label: string; numeric?: boolean }>, rows: ReadonlyArray<ReadonlyArray<string>>, emptyText: string): void {
  container.replaceChildren();
  if (rows.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'empty';
    empty.textContent = emptyText;
    container.append(empty);
    return;
  }
  const wrapper = document.createElement('div');
  wrapper.className = 'table-scroll';
  // A table wider than a phone scrolls sideways: the keyboard must reach it to scroll (WCAG 2.1.1).
  wrapper.tabIndex = 0;
  wrapper.setAttribute('role', 'region');
  wrapper.setAttribute('aria-label', caption);
  const table = document.createElement('table');
  const captionElement = table.createCaption();
  captionElement.textContent = caption;
  const headRow = table.createTHead().insertRow();
  for (const column of columns) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = column.label;
    if (column.numeric) cell.className = 'numeric';
    headRow.append(cell);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tableRow = body.insertRow();
    row.forEach((value, index) => {
      const cell = tableRow.insertCell();
      cell.textContent = value;
      if (columns[index]?.numeric) cell.className = 'numeric';
    });
  }
  wrapper.append(table);
  container.append(wrapper);
}
