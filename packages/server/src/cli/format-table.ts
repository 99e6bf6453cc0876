/**
 * Formats rows as a plain-text table with a header and a rule; numbers (cells of digits) are
 * right-aligned, text left-aligned. Every row must have one cell per header.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => /^\d+$/.test(row[column] ?? '')));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line), ''].join('\n');
}
