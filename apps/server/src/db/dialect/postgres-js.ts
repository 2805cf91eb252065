import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import postgres from 'postgres';

/*
 * PostgreSQL through postgres.js, the default driver (decision 0827: 32–58 % less CPU per member
 * call than node-postgres with named statements, 0816, which DATABASE_DRIVER=pg keeps as the
 * fallback). postgres.js prepares each query text once per connection by itself (`prepare`), and
 * sends a query to a busy connection (pipelining) when every connection is busy.
 *
 * A query outside a transaction goes to the shared client, which picks a connection for it. A
 * transaction reserves one connection from BEGIN to COMMIT or ROLLBACK. (kysely-postgres-js
 * reserves a connection for every query, which rules out the pipelining, and never asks for a
 * prepared statement.) Kysely's `db.connection()` is refused: its queries would not share one
 * connection.
 */

type TSql = postgres.Sql;
type TReserved = postgres.ReservedSql;
type TParameters = postgres.ParameterOrJSON<never>[];

/**
 * unsafe() sends a query unprepared unless asked; asked, it is prepared when the client's
 * `prepare` option is on (DATABASE_NAMED_STATEMENTS=false turns it off). kysely-postgres-js
 * does not ask, so through it nothing is prepared.
 */
const PREPARE = { prepare: true };

/** Numbers, as node-postgres gives them here (dialect/index.ts): int8 counts and numeric sums. */
const NUMBER_TYPES = {
  int8: {
    to: 20,
    from: [20],
    serialize: (value: unknown) => String(value),
    parse: (value: string) => Number.parseInt(value, 10),
  },
  numeric: {
    to: 1700,
    from: [1700],
    serialize: (value: unknown) => String(value),
    parse: (value: string) => Number.parseFloat(value),
  },
};

export type TPostgresJsOptions = { connectionString: string; poolSize: number; prepare: boolean };

export function postgresJsSql(options: TPostgresJsOptions): TSql {
  return postgres(options.connectionString, {
    max: options.poolSize,
    prepare: options.prepare,
    types: NUMBER_TYPES,
    // node-postgres sends undefined as NULL and keeps notices to itself; postgres.js would
    // refuse the first and print the second.
    transform: { undefined: null },
    onnotice: () => undefined,
  });
}

class PostgresJsConnection implements DatabaseConnection {
  reserved: TReserved | null = null;
  private used = false;
  constructor(private readonly sql: TSql) {}

  /**
   * Outside a transaction Kysely runs one query per acquired connection; a second one means
   * `db.connection()`, whose queries expect one session (a SET, a lock) that the shared client
   * does not give: refused rather than run on whichever connection is free.
   */
  private lone(): TSql {
    if (this.used) throw new Error('db.connection() is not supported on postgres.js: use a transaction');
    this.used = true;
    return this.sql;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.lone();
    const result = await target.unsafe(compiledQuery.sql, compiledQuery.parameters as TParameters, PREPARE);
    const { command, count } = result;
    return {
      rows: result as unknown as R[],
      ...(command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
        ? { numAffectedRows: BigInt(count) }
        : {}),
    };
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    const target = this.reserved ?? this.lone();
    const query = target.unsafe(compiledQuery.sql, compiledQuery.parameters as TParameters, PREPARE);
    for await (const rows of query.cursor(chunkSize)) yield { rows: rows as unknown as R[] };
  }
}

class PostgresJsDriver extends PostgresDriver {
  constructor(private readonly sql: TSql) {
    super({ pool: {} as never });
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.sql);
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const own = connection as PostgresJsConnection;
    own.reserved = await this.sql.reserve();
    await super.beginTransaction(connection, settings);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = connection as PostgresJsConnection;
    own.reserved?.release();
    own.reserved = null;
  }

  override async destroy(): Promise<void> {
    await this.sql.end();
  }
}

export class PostgresJsDialect implements Dialect {
  constructor(private readonly sql: TSql) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PostgresJsDriver(this.sql);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
