import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../../db/types.ts';

/*
 * Queries of the generic authoring CRUD. The table is chosen at run time from the admin schema
 * (authoring.tables.ts), so these queries see the database through an untyped view; the
 * columns they touch all come from the shared field definitions.
 */

export type TRow = Record<string, unknown>;
type TAnyDB = Record<string, TRow>;
type TDb = Kysely<DB> | Transaction<DB>;

const untyped = (db: TDb) => db as unknown as Kysely<TAnyDB>;

/** A LIKE pattern that finds `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where one of the columns (or text expressions) contains `q`, case-insensitive. */
export function matching(columns: readonly (string | RawBuilder<string>)[], q: string) {
  const pattern = containsPattern(q);
  return sql<boolean>`(${sql.join(
    columns.map((c) => sql`lower(${typeof c === 'string' ? sql.ref(c) : c}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

export type TPageRequest = {
  table: string;
  searchColumns: readonly string[];
  q?: string | undefined;
  sortColumn: string;
  isDescending: boolean;
  keyColumn: string;
  offset: number;
  limit: number;
};

/** One page of rows and the number of rows in all pages. */
export async function selectPage(db: TDb, req: TPageRequest): Promise<{ rows: TRow[]; total: number }> {
  let query = untyped(db).selectFrom(req.table);
  if (req.q) query = query.where(matching(req.searchColumns, req.q));
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy(req.sortColumn, req.isDescending ? 'desc' : 'asc')
    .orderBy(req.keyColumn)
    .offset(req.offset)
    .limit(req.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function selectRow(db: TDb, table: string, keyColumn: string, key: string): Promise<TRow | undefined> {
  return untyped(db).selectFrom(table).selectAll().where(keyColumn, '=', key).executeTakeFirst();
}

/** id → label of the given rows of a table, for the names of referred rows in lists. */
export async function selectLabels(
  db: TDb,
  table: string,
  labelColumn: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await untyped(db)
    .selectFrom(table)
    .select(['id', `${labelColumn} as label`])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [String(r.id), String(r.label)]));
}

/** Every row as a choice for a dropdown, by label. */
export async function selectOptions(
  db: TDb,
  table: string,
  columns: { key: string; label: string },
  limit: number,
): Promise<{ value: string; label: string }[]> {
  const rows = await untyped(db)
    .selectFrom(table)
    .select([`${columns.key} as value`, `${columns.label} as label`])
    .orderBy(columns.label)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ value: String(r.value), label: String(r.label) }));
}

/** The ids among `ids` that a table holds. */
export async function selectExistingIds(db: TDb, table: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await untyped(db).selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => String(r.id)));
}

export async function insertRow(db: TDb, table: string, row: TRow): Promise<void> {
  await untyped(db).insertInto(table).values(row).execute();
}

/** Updates one row; the number of rows changed (0 when it does not exist). */
export async function updateRow(db: TDb, table: string, keyColumn: string, key: string, row: TRow) {
  const result = await untyped(db).updateTable(table).set(row).where(keyColumn, '=', key).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteRow(db: TDb, table: string, keyColumn: string, key: string) {
  const result = await untyped(db).deleteFrom(table).where(keyColumn, '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Slugs of a table equal to `base` or `base-<n>`: the ones a new slug must not take. */
export async function selectSlugsLike(
  db: TDb,
  table: string,
  base: string,
  exceptId?: string,
): Promise<string[]> {
  let query = untyped(db)
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return rows.map((r) => String(r.slug));
}

/**
 * A row's links in a join table (its categories, or its CE topic tags of issue 23): the values
 * of `column` for the owner, in order.
 */
export async function selectLinks(
  db: TDb,
  join: { table: string; key: string },
  column: string,
  ownerId: string,
): Promise<string[]> {
  const rows = await untyped(db)
    .selectFrom(join.table)
    .select(column)
    .where(join.key, '=', ownerId)
    .orderBy(column)
    .execute();
  return rows.map((r) => String(r[column]));
}

/** Sets a row's links in a join table to exactly these values. */
export async function replaceLinks(
  db: TDb,
  join: { table: string; key: string },
  column: string,
  ownerId: string,
  values: string[],
): Promise<void> {
  await untyped(db).deleteFrom(join.table).where(join.key, '=', ownerId).execute();
  const unique = [...new Set(values)];
  if (unique.length === 0) return;
  await untyped(db)
    .insertInto(join.table)
    .values(unique.map((value) => ({ [join.key]: ownerId, [column]: value })))
    .execute();
}
