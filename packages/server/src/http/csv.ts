/** A CSV cell: text or a number. */
export type CsvCell = string | number;

// Spreadsheets run a cell that starts with one of these as a formula (CWE-1236); licence keys
// reach the operator's CSV from any page's X-License-Key header.
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Returns RFC 4180 CSV text: the header row, then `rows`, CRLF line ends. Cells holding a comma,
 * quote or line break are quoted; text cells that a spreadsheet would run as a formula get a
 * leading apostrophe. Numbers are written as they are.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header, ...rows].map((row) => row.map(encodeCell).join(',')).join('\r\n') + '\r\n';
}

function encodeCell(cell: CsvCell): string {
  if (typeof cell === 'number') return String(cell);
  const text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** True when a request asks for CSV: `format=csv` in the query, or, without `format`, `text/csv` in `Accept`. */
export function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  return accept !== undefined && /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept);
}

/** A `text/csv` response saved as `fileName` (ASCII letters, digits, `-`, `_` and `.` only). */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
