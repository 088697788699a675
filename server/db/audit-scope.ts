import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type QueryResult,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { EmbeddedConnection } from './embedded/dialect';

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

/** Statements that cannot change a row: they go without the scope's setting. */
const READS =
  /^\s*(select|show|explain|values|begin|start|commit|rollback|savepoint|release|set|reset)\b/i;

/** Whether a statement may change rows (the audit trigger would then want its scope). */
export function mayWrite(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  if (kind !== 'RawNode') return true;
  return !READS.test(query.sql);
}

/**
 * The database session a connection talks to: the object of a pooled PostgreSQL connection,
 * or one token per life of the embedded database's worker (every lease shares its session).
 */
export type SessionOf = (connection: DatabaseConnection) => object;

/**
 * What each session's `sys_audit.ctx` holds, as far as this process knows: absent means not
 * known (a new session, or a rollback that may have undone a setting), so the next write sets it.
 */
type Known = WeakMap<object, string>;

/**
 * Every connection the driver hands out. Before a statement that may write, it makes the
 * session's setting the scope of the call (or empty outside one) when the session holds
 * something else; reads, and writes of a session already set, cost nothing extra. So a write
 * request costs one statement more, and a connection never carries a request's name into
 * another caller's write.
 */
class ScopedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    /** The scope's setting, or '' outside a scope. */
    private readonly text: string,
    private readonly session: object,
    private readonly known: Known,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.known.get(this.session) === this.text || !mayWrite(query)) {
      return this.inner.executeQuery<R>(query);
    }
    this.known.delete(this.session);
    const setting = setContext(this.text);
    let result: QueryResult<R>;
    if (this.inner instanceof EmbeddedConnection) {
      // One trip: the worker runs the setting, then (only if it took) the statement.
      result = await this.inner.executeAfter<R>(query, setting);
    } else {
      await this.inner.executeQuery(setting);
      result = await this.inner.executeQuery<R>(query);
    }
    this.known.set(this.session, this.text);
    return result;
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }

  /** A rollback may have undone a setting made inside it. */
  forget(): void {
    this.known.delete(this.session);
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof ScopedConnection ? connection.inner : connection;

function forget(connection: DatabaseConnection): void {
  if (connection instanceof ScopedConnection) connection.forget();
}

class AuditedDriver implements Driver {
  private readonly known: Known = new WeakMap();

  constructor(
    private readonly inner: Driver,
    private readonly sessionOf: SessionOf,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const open = storage.getStore();
    const text = open?.open ? open.text : '';
    return new ScopedConnection(connection, text, this.sessionOf(connection), this.known);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(innerOf(connection));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.rollbackTransaction(innerOf(connection));
    forget(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported');
    return this.inner.savepoint(innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported');
    await this.inner.rollbackToSavepoint(innerOf(connection), name, compile);
    forget(connection);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported');
    return this.inner.releaseSavepoint(innerOf(connection), name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with its connections named by the audit scope of the call that takes them. */
export function auditedDialect(dialect: Dialect, sessionOf: SessionOf): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new AuditedDriver(dialect.createDriver(), sessionOf),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
