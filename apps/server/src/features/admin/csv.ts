/*
 * CSV files for staff (seat lists, sponsor leads, the AGD roster): RFC 4180 quoting with CRLF
 * line ends, and a guard against formula injection, because these files are opened in a
 * spreadsheet and their cells hold what members typed.
 */

export type TCsvCell = string | number | boolean | null | undefined;

/** Cells a spreadsheet would read as a formula (or a DDE command) start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text that looks like a formula gets a leading ', then quoting where needed. */
export function csvCell(value: TCsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A whole file: the header row, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly TCsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The headers of a CSV download, named for the browser's save dialog. */
export function csvHeaders(fileName: string): Record<string, string> {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '-');
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${safe}"`,
    'cache-control': 'no-store',
  };
}
