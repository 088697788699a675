import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { currentBound } from '../bounded';
import type { EmbeddedClient, Lease } from './client';

/**
 * Kysely on the embedded database's worker (client.ts). One connection: the driver takes the
 * client's lease for each statement or transaction, so the client sees who waits; statements
 * issued inside `boundedQueries` carry their bound to the watchdog.
 */

/**
 * A connection whose statement can carry another to run just before it, in one trip to the
 * worker (the operation log's session setting: server/db/audit-scope.ts).
 */
export class EmbeddedConnection implements DatabaseConnection {
  constructor(
    readonly client: EmbeddedClient,
    readonly lease: Lease,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.executeAfter<R>(compiled, undefined);
  }

  /** Runs `prelude` then `compiled` in one trip; `compiled` runs only if `prelude` succeeded. */
  async executeAfter<R>(
    compiled: CompiledQuery,
    prelude: CompiledQuery | undefined,
  ): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.client.query(
      this.lease,
      compiled.sql,
      compiled.parameters,
      currentBound(),
      prelude ? { sql: prelude.sql, params: prelude.parameters } : undefined,
    );
    return {
      rows: rows as R[],
      ...(affectedRows != null ? { numAffectedRows: BigInt(affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- the interface wants a generator; PGlite has no cursor
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the embedded database.');
  }
}

class EmbeddedDriver implements Driver {
  constructor(private readonly client: EmbeddedClient) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new EmbeddedConnection(this.client, await this.client.acquire(currentBound()));
  }

  async releaseConnection(): Promise<void> {
    this.client.release();
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction';
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) text += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteName(name)}`));
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

/** Per worker generation: the one session every lease of that worker talks to. */
const sessions = new Map<EmbeddedClient, { generation: number; token: object }>();

/**
 * The database session a connection of this dialect uses: one per life of the worker (a
 * restart starts a new session, with none of the old one's settings).
 */
export function embeddedSessionOf(connection: DatabaseConnection): object {
  if (!(connection instanceof EmbeddedConnection)) return connection;
  const { client, lease } = connection;
  const known = sessions.get(client);
  if (known?.generation === lease.generation) return known.token;
  const token = {};
  sessions.set(client, { generation: lease.generation, token });
  return token;
}

/** Savepoint names come from our code; quoted all the same. */
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** PostgreSQL's adapter; the one-connection rule is the client's lease. */
class EmbeddedAdapter extends PostgresAdapter implements DialectAdapter {
  // The migrator holds the one connection from lock to release: nobody else can run.
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

export class EmbeddedDialect implements Dialect {
  constructor(private readonly client: EmbeddedClient) {}

  createAdapter(): DialectAdapter {
    return new EmbeddedAdapter();
  }

  createDriver(): Driver {
    return new EmbeddedDriver(this.client);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
