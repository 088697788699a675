import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/**
 * The operation log's link between a request and the database (migration 0019): while a
 * signed-in write request runs, every connection it takes carries `sys_audit.ctx` — who, from
 * where, which route and code, and the id of the request's log row — and the `sys_audit`
 * trigger records each row the request changes, in the change's own transaction.
 *
 * The scope follows the request's async calls (AsyncLocalStorage); it closes when the request
 * ends, so work the request left running (a job it started) is not written in its name.
 */

export interface AuditScope {
  /** Id of the request's `sys_log` row. */
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly ip: string;
  /** The route as registered (`/system/sys/position/edit`). */
  readonly route: string;
  /** The URL called, cut to the column's length. */
  readonly url: string;
  readonly method: string;
  /** The permission code the caller was admitted with; null on signed-in routes. */
  readonly code: string | null;
  readonly operateType: number;
  /** The log row's one-line description. */
  readonly content: string;
}

interface OpenScope {
  readonly scope: AuditScope;
  readonly text: string;
  open: boolean;
}

const storage = new AsyncLocalStorage<OpenScope>();

/** Runs `work` with its database writes recorded under `scope`; closed once `work` settles. */
export async function withAuditScope<T>(scope: AuditScope, work: () => Promise<T>): Promise<T> {
  const open: OpenScope = { scope, text: JSON.stringify(scope), open: true };
  try {
    return await storage.run(open, work);
  } finally {
    open.open = false;
  }
}

/** The scope the current call runs in, if a write request's and still open. */
export function currentAuditScope(): AuditScope | null {
  const open = storage.getStore();
  return open?.open ? open.scope : null;
}

const setContext = (text: string) =>
  CompiledQuery.raw(
    "select set_config('sys_audit.ctx', $1, false), set_config('sys_audit.n', '0', false)",
    [text],
  );

/** Connections handed out inside a scope, to be cleared when they go back. */
const scoped = new WeakSet<DatabaseConnection>();

class AuditedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const open = storage.getStore();
    if (open?.open) {
      try {
        await connection.executeQuery(setContext(open.text));
      } catch (error) {
        await this.inner.releaseConnection(connection);
        throw error;
      }
      scoped.add(connection);
    }
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (scoped.delete(connection)) {
      // A connection goes back to the pool without the request's name on it. Should the
      // reset fail the connection is gone (PostgreSQL) or restarting (embedded): either way
      // nothing reuses the setting.
      await connection.executeQuery(setContext('')).catch(() => undefined);
    }
    return this.inner.releaseConnection(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported');
    return this.inner.savepoint(connection, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported');
    return this.inner.rollbackToSavepoint(connection, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported');
    return this.inner.releaseSavepoint(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with its connections named by the audit scope of the call that takes them. */
export function auditedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new AuditedDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
