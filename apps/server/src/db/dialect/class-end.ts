import { sql, type RawBuilder } from 'kysely';
import type { TDialectName } from './index.ts';

/**
 * A class's end (release_at + duration_min) as ISO-8601 UTC text with milliseconds, the form
 * every timestamp is stored in, so it compares with nowIso() as text on both engines. The
 * engines share no date arithmetic on text, hence the branch.
 */
export function classEndIso(dialect: TDialectName): RawBuilder<string> {
  if (dialect === 'sqlite') {
    return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', classes.release_at, '+' || classes.duration_min || ' minutes')`;
  }
  return sql<string>`to_char((classes.release_at::timestamptz + classes.duration_min * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
