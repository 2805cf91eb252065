import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { DB } from './types.ts';

/*
 * Kysely builds and compiles a query on every call. On the hottest calls (the session behind
 * every member request, the live room's 15-second poll) that cost more than SQLite took to run
 * the query (bench/RESULTS.md). A query made with compiledOnce is built once per database and
 * shape with marker values in place of its parameters; each call puts its own values where the
 * markers are in the compiled parameter list. The SQL text stays the same, so the SQLite
 * dialect's statement cache and PostgreSQL's plan are reused too.
 */

type TDb = Kysely<DB> | Transaction<DB>;
type TParam = string | number | null;

const MARKER = '\u0000compiled-once:';

/**
 * A query compiled once. `build` must put every value of `values` into the query only as a
 * parameter (a comparison or insert value), never as a branch: branches belong in `shape`.
 */
export function compiledOnce<TValues extends Record<string, TParam>, TRow, TShape extends string = 'default'>(
  build: (db: TDb, shape: TShape, values: TValues) => Compilable<TRow>,
) {
  // Kept per the database's adapter, not per Kysely object: each transaction is a Kysely object
  // of its own (the same adapter, compiler and plugins), and keyed by it every query in a
  // transaction was built and compiled again on every call (a reservation's two on SQLite:
  // issue 39, decision 1125).
  const compiledByAdapter = new WeakMap<object, Map<TShape, CompiledQuery<TRow>>>();

  function compiled(db: TDb, shape: TShape, names: string[]): CompiledQuery<TRow> {
    const adapter = db.getExecutor().adapter;
    let byShape = compiledByAdapter.get(adapter);
    if (!byShape) compiledByAdapter.set(adapter, (byShape = new Map()));
    let query = byShape.get(shape);
    if (!query) {
      const markers = Object.fromEntries(names.map((name) => [name, MARKER + name])) as TValues;
      query = build(db, shape, markers).compile();
      byShape.set(shape, query);
    }
    return query;
  }

  return async (db: TDb, shape: TShape, values: TValues): Promise<TRow[]> => {
    const query = compiled(db, shape, Object.keys(values));
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARKER) ? values[p.slice(MARKER.length)] : p,
    );
    const result = await db.executeQuery<TRow>(Object.assign({}, query, { parameters }));
    return result.rows;
  };
}
