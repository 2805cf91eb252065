import { stringify, type Options } from 'csv-stringify/sync';

/*
 * CSV files for staff (seat lists, sponsor leads, the AGD roster, event claims): csv-stringify
 * (issue 37 row 9: a well-kept writer replaces our own) with RFC 4180 quoting and CRLF line
 * ends, and a guard against formula injection, because these files are opened in a spreadsheet
 * and their cells hold what members typed.
 */

export type TCsvCell = string | number | boolean | null | undefined;

const OPTIONS: Options = {
  record_delimiter: 'windows',
  // A text cell starting with = + - @ tab or CR gets a leading ' (csv-stringify's own rule).
  escape_formulas: true,
  // Quoted beyond RFC 4180: a spreadsheet set to ';' as its separator (most of Europe) splits
  // 'a;=cmd' into a cell that is a formula; padding would be trimmed.
  quoted_match: [/;/, /^\s|\s$/],
  cast: { boolean: (value: boolean) => String(value) },
};

/** One cell as it is written in a file. */
export function csvCell(value: TCsvCell): string {
  return stringify([[value]], Object.assign({}, OPTIONS, { record_delimiter: '' })).replace(/\r?\n$/, '');
}

/** A whole file: the header row, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly TCsvCell[])[]): string {
  return stringify([header, ...rows] as TCsvCell[][], OPTIONS);
}

/** The headers of a CSV download, named for the browser's save dialog; never kept by a cache. */
export function csvHeaders(fileName: string): Record<string, string> {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '-');
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${safe}"`,
    'cache-control': 'no-store',
  };
}
