import { parse } from 'csv-parse/sync';
import { Texts, type TParticipantRow } from '@opence/shared';
import { badRequest } from '../../lib/api-errors.ts';

/*
 * The meeting service's participant report as CSV (issue 25): the common export columns are
 * found by name (name, e-mail, join time, leave time, duration in minutes), after any summary
 * block the service puts above them. A file that cannot be read is refused with its line.
 */

const COLUMN = {
  name: /^(name|participant|full name|user name)/i,
  email: /e-?mail/i,
  join: /join/i,
  leave: /leave/i,
  duration: /duration|minutes/i,
} as const;

const lineError = (line: number, reason: string) =>
  badRequest(`${Texts.ATTENDANCE_LINE} ${line}: ${reason}`, 'csv');

type TRecord = { record: string[]; info: { lines: number } };

function findColumns(header: string[]) {
  const at = (pattern: RegExp) => header.findIndex((cell) => pattern.test(cell.trim()));
  return {
    name: at(COLUMN.name),
    email: at(COLUMN.email),
    duration: at(COLUMN.duration),
    join: at(COLUMN.join),
    leave: at(COLUMN.leave),
  };
}

/** The report's participant rows, each with the line it starts on. */
export function parseParticipantReport(csv: string): TParticipantRow[] {
  let records: TRecord[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as TRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw lineError(line, Texts.ATTENDANCE_BAD_CSV);
  }
  const headerIndex = records.findIndex(({ record }) => {
    const cols = findColumns(record);
    return cols.email >= 0 && cols.duration >= 0;
  });
  if (headerIndex < 0) throw badRequest(Texts.ATTENDANCE_NO_HEADER, 'csv');
  const header = records[headerIndex]!.record;
  const cols = findColumns(header);
  const rows: TParticipantRow[] = [];
  for (const { record, info } of records.slice(headerIndex + 1)) {
    if (record.length !== header.length) throw lineError(info.lines, Texts.ATTENDANCE_BAD_COLUMNS);
    const rawMinutes = record[cols.duration]!.replace(',', '.');
    const minutes = Number(rawMinutes);
    if (rawMinutes === '' || !Number.isFinite(minutes) || minutes < 0 || minutes > 100_000)
      throw lineError(info.lines, Texts.ATTENDANCE_BAD_MINUTES);
    rows.push({
      line: info.lines,
      name: cols.name >= 0 ? record[cols.name]! : '',
      email: record[cols.email]!.trim(),
      minutes,
      joinedAt: cols.join >= 0 ? record[cols.join]! : '',
      leftAt: cols.leave >= 0 ? record[cols.leave]! : '',
    });
  }
  return rows;
}
