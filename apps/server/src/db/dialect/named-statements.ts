import { createHash } from 'node:crypto';
import pg from 'pg';

/*
 * For the node-postgres driver (DATABASE_DRIVER=pg, the fallback since decision 0827; the default
 * driver, postgres.js, prepares by itself). PostgreSQL plans an unnamed statement anew every time it is sent: on the live-room poll the
 * learner-record query took 0.78 ms to plan and 0.06 ms to run (issue 21). node-postgres
 * prepares a statement once per connection when the query is given a name, then only binds and
 * executes it. Kysely sends plain text, so this client names each query text itself, from a hash
 * of the text (decision 0816):
 * - a text is named the second time the connection sees it, so one-off texts (migrations,
 *   reports) never take a slot in the backend;
 * - at most `limit` texts are named per connection; texts beyond that are sent unnamed;
 * - when PostgreSQL reports a prepared statement no longer valid (a schema change altered its
 *   result: 0A000 "cached plan must not change result type"; or the statement is gone: 26000,
 *   as after DISCARD ALL), the query is retried unnamed and the text is prepared again, under a
 *   new name, the next time it is seen.
 */

/** Texts named (prepared) per connection, by default. */
export const NAMED_STATEMENTS_PER_CONNECTION = 1_000;

/** Texts seen once that a connection remembers before it forgets them all and starts counting again. */
const SEEN_ONCE_LIMIT = 10_000;

/** True when PostgreSQL refused to run a prepared statement that a fresh prepare would run. */
export function isInvalidPreparedStatement(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '26000') return true;
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan');
}

type TQuery = (...args: unknown[]) => unknown;

/** A node-postgres Client class that prepares each repeated query text once per connection. */
export function namedStatementClient(limit = NAMED_STATEMENTS_PER_CONNECTION): typeof pg.Client {
  return class NamedStatementClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const client = this as unknown as { query: TQuery };
      client.query = namingQuery(client.query.bind(this), limit);
    }
  };
}

/**
 * Wraps one connection's query(): only (text, values) calls, the form Kysely uses, are named; a
 * config object, a callback or a cursor goes through untouched.
 */
function namingQuery(query: TQuery, limit: number): TQuery {
  /** Texts seen once, not named yet. */
  const seenOnce = new Set<string>();
  /** Texts named on this connection, with their names. */
  const names = new Map<string, string>();
  /** Bumped when a name is dropped, so a text prepared again never reuses a dropped name. */
  let generation = 0;

  const nameFor = (text: string): string | null => {
    const known = names.get(text);
    if (known) return known;
    if (names.size >= limit) return null;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= SEEN_ONCE_LIMIT) seenOnce.clear();
      seenOnce.add(text);
      return null;
    }
    seenOnce.delete(text);
    const hash = createHash('sha1').update(text).digest('base64url').slice(0, 22);
    const name = `k${hash}_${generation}`;
    names.set(text, name);
    return name;
  };

  return (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || typeof values === 'function' || callback !== undefined) {
      return query(...args);
    }
    const name = nameFor(text);
    const run = query as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
    const plain = { text, values: values as unknown[] | undefined };
    if (!name) return run(plain);
    return run({ text, values: plain.values, name }).catch(async (error: unknown) => {
      if (!isInvalidPreparedStatement(error)) throw error;
      names.delete(text);
      generation++;
      try {
        return await run(plain);
      } catch (retryError) {
        // Inside a transaction the failure aborted it: the first error is the one that says why.
        throw (retryError as { code?: unknown }).code === '25P02' ? error : retryError;
      }
    });
  };
}
