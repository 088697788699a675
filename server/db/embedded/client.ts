import { Worker } from 'node:worker_threads';
import { QueryCanceledError, type QueryBound } from '../bounded';
import { LeaseQueue } from './lease-queue';
import { workerEntry } from './worker-entry';
import type { EmbeddedWorkerData, ErrorFields, FromWorker, ToWorker } from './protocol';

/**
 * The main thread's side of the embedded database: the worker thread running PGlite, the one
 * connection's lease, and the watchdog.
 *
 * PGlite cannot cancel a statement, so the watchdog ends the worker: the statement stops, the
 * open transaction is lost with the thread (a rollback: nothing committed is lost, the data
 * folder is recovered from its write-ahead log) and a new worker opens the same folder. It
 * does so for a user-shaped (bounded) statement that outlives its budget, or that has held
 * the database `yieldMs` while other requests wait for it; and it recycles an idle worker
 * whose WebAssembly memory grew past `memoryLimitBytes` (that memory never shrinks).
 */

/** A bounded statement holds the database at most this long while others wait. */
export const EMBEDDED_YIELD_MS = 1000;
/** A worker whose memory grew past this is replaced when the database is next idle. */
export const EMBEDDED_MEMORY_LIMIT_BYTES = 512 * 1024 * 1024;
/** A worker that does not close within this is ended. */
const CLOSE_TIMEOUT_MS = 10_000;
/** After the folder failed to open, the next try waits this long (no busy loop). */
const REOPEN_RETRY_MS = 2000;

export interface EmbeddedOptions {
  readonly dataDir: string;
  /** A PGlite data-dir tarball to unpack into the empty folder on the first open. */
  readonly loadDataDir?: Uint8Array | null;
  readonly yieldMs?: number;
  readonly memoryLimitBytes?: number;
  /** Told of restarts (timeouts, recycles, crashes), for the server log. */
  readonly onEvent?: (event: EmbeddedEvent) => void;
}

export type EmbeddedEvent =
  | { readonly kind: 'timeout'; readonly reason: string; readonly sql: string }
  | { readonly kind: 'recycle'; readonly heapBytes: number }
  | { readonly kind: 'crash'; readonly message: string }
  | { readonly kind: 'reopened'; readonly ms: number };

export interface QueryOutcome {
  readonly rows: unknown[];
  readonly affectedRows: number | undefined;
}

/** The connection, held by one caller at a time. */
export interface Lease {
  /** The worker generation it was taken on: a restart since then ends its transaction. */
  readonly generation: number;
}

/** A database error from the worker, with PostgreSQL's fields (code, detail, constraint, …). */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string, fields: ErrorFields) {
    super(message);
    Object.assign(this, fields);
    this.name = 'DatabaseError';
  }
}

/** The embedded database is not answering (its worker could not open the data folder). */
export class EmbeddedUnavailableError extends Error {
  readonly code = 'EMBEDDED_UNAVAILABLE';
}

interface Pending {
  readonly sql: string;
  readonly bound: QueryBound | undefined;
  readonly resolve: (outcome: QueryOutcome) => void;
  readonly reject: (error: Error) => void;
}

const ROLLBACK = /^\s*rollback\s*;?\s*$/i;

export class EmbeddedClient {
  readonly #options: EmbeddedOptions;
  readonly #yieldMs: number;
  readonly #memoryLimit: number;
  readonly #leases = new LeaseQueue();
  #worker: Worker | null = null;
  #ready: Promise<void> = Promise.resolve();
  #generation = 0;
  #nextId = 1;
  /** Sent and not yet answered, in the order the worker runs them (the first is running). */
  readonly #pending = new Map<number, Pending>();
  #headStartedAt = 0;
  #timer: NodeJS.Timeout | null = null;
  #recycleWanted = false;
  #heapBytes = 0;
  #closed = false;
  #restarts = 0;
  /** When the last open failed; 0 while the database answers. */
  #downSince = 0;

  private constructor(options: EmbeddedOptions) {
    this.#options = options;
    this.#yieldMs = options.yieldMs ?? EMBEDDED_YIELD_MS;
    this.#memoryLimit = options.memoryLimitBytes ?? EMBEDDED_MEMORY_LIMIT_BYTES;
  }

  /** Starts the worker on the folder; resolves once the database answers. */
  static async open(options: EmbeddedOptions): Promise<EmbeddedClient> {
    const client = new EmbeddedClient(options);
    client.#open(options.loadDataDir ?? null);
    await client.#ready;
    return client;
  }

  /** Restarts so far (timeouts, recycles, crashes) and the worker's WebAssembly memory. */
  get stats(): { readonly restarts: number; readonly heapBytes: number } {
    return { restarts: this.#restarts, heapBytes: this.#heapBytes };
  }

  /** Waits for the connection. A waiter makes a running bounded statement yield. */
  async acquire(bound: QueryBound | undefined): Promise<Lease> {
    const taking = this.#leases.take(bound !== undefined);
    this.#arm();
    await taking;
    return { generation: this.#generation };
  }

  release(): void {
    if (this.#recycleWanted && this.#pending.size === 0 && !this.#closed) {
      // Still holding the lease: nobody gets the database until the new worker answers.
      void this.#recycle().finally(() => this.#handOn());
      return;
    }
    this.#handOn();
  }

  /** Runs one statement on the lease; a bounded one is watched (ended past its bound). */
  async query(
    lease: Lease,
    sql: string,
    params: readonly unknown[],
    bound?: QueryBound,
    prelude?: { readonly sql: string; readonly params: readonly unknown[] },
  ): Promise<QueryOutcome> {
    if (this.#closed) throw new EmbeddedUnavailableError('the embedded database is closed');
    if (lease.generation !== this.#generation) {
      // The worker that held this lease's transaction is gone, and the transaction with it.
      if (ROLLBACK.test(sql)) return { rows: [], affectedRows: undefined };
      throw new QueryCanceledError('an ended transaction');
    }
    if (bound && performance.now() >= bound.deadline) {
      throw new QueryCanceledError('statement timeout');
    }
    await this.#whenReady();
    const worker = this.#worker;
    if (!worker) throw new EmbeddedUnavailableError('the embedded database is not available');
    return new Promise<QueryOutcome>((resolve, reject) => {
      const id = this.#nextId++;
      if (this.#pending.size === 0) this.#headStartedAt = performance.now();
      this.#pending.set(id, { sql, bound, resolve, reject });
      this.#send(worker, { type: 'query', id, sql, params, ...(prelude ? { prelude } : {}) });
      this.#arm();
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#leases.take(false);
    this.#closed = true;
    this.#disarm();
    await this.#ready.catch(() => undefined);
    await this.#stopWorker();
  }

  /** Waits for the worker; after a failed open, tries again once the retry delay has passed. */
  async #whenReady(): Promise<void> {
    try {
      await this.#ready;
      return;
    } catch {
      if (performance.now() - this.#downSince < REOPEN_RETRY_MS) {
        throw new EmbeddedUnavailableError('the embedded database is not available');
      }
    }
    this.#open(null);
    await this.#ready.catch(() => {
      throw new EmbeddedUnavailableError('the embedded database is not available');
    });
  }

  /**
   * Starts a worker once `after` (the old worker's end) has settled: two clusters on one folder
   * would corrupt it. A failure to open leaves the database down until the next try.
   */
  #open(loadDataDir: Uint8Array | null, after: Promise<unknown> = Promise.resolve()): void {
    this.#ready = after
      .catch(() => undefined)
      .then(() => this.#start(loadDataDir))
      .then(
        () => {
          this.#downSince = 0;
        },
        (error: unknown) => {
          this.#worker = null;
          this.#downSince = performance.now();
          throw error;
        },
      );
    this.#ready.catch(() => undefined);
  }

  #handOn(): void {
    this.#leases.give();
    this.#arm();
  }

  #send(worker: Worker, message: ToWorker): void {
    worker.postMessage(message);
  }

  /** Starts a worker on the folder; resolves when it answers, rejects when it cannot open. */
  async #start(loadDataDir: Uint8Array | null): Promise<void> {
    const data: EmbeddedWorkerData = { dataDir: this.#options.dataDir, loadDataDir };
    const worker = new Worker(await workerEntry(), { workerData: data });
    this.#worker = worker;
    const started = performance.now();
    let opened = false;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          opened = true;
          this.#heapBytes = message.heapBytes;
          if (this.#restarts > 0) {
            this.#options.onEvent?.({ kind: 'reopened', ms: performance.now() - started });
          }
          resolve();
        } else if (message.type === 'failed') {
          reject(new EmbeddedUnavailableError(message.message));
        } else this.#answer(message);
      });
      // Before it is ready a failure only rejects the open; after, it is a crash to recover.
      worker.on('error', (error) => {
        reject(error);
        if (opened && worker === this.#worker) this.#crashed(error.message);
      });
      worker.on('exit', (code) => {
        reject(new EmbeddedUnavailableError(`the embedded database stopped (exit ${code})`));
        if (opened && worker === this.#worker && !this.#closed) this.#crashed(`exit ${code}`);
      });
    });
  }

  #answer(message: FromWorker): void {
    if (message.type !== 'result' && message.type !== 'error') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    this.#headStartedAt = performance.now();
    this.#heapBytes = message.heapBytes;
    if (message.heapBytes > this.#memoryLimit) this.#recycleWanted = true;
    if (message.type === 'result') {
      pending.resolve({ rows: message.rows, affectedRows: message.affectedRows });
    } else {
      pending.reject(new EmbeddedDatabaseError(message.message, message.fields));
    }
    this.#arm();
  }

  /** Sets the watchdog for the statement running now, if it is bounded. */
  #arm(): void {
    this.#disarm();
    const head = this.#pending.values().next().value;
    if (!head?.bound) return;
    let killAt = head.bound.deadline;
    if (this.#leases.waiting > 0) {
      killAt = Math.min(killAt, this.#headStartedAt + this.#yieldMs);
    }
    const delay = Math.max(0, killAt - performance.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      const reason = this.#leases.waiting > 0 ? 'others waiting' : 'statement timeout';
      this.#options.onEvent?.({ kind: 'timeout', reason, sql: head.sql.slice(0, 200) });
      this.#restart(new QueryCanceledError('statement timeout'));
    }, delay);
  }

  #disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Ends the worker and what it runs (each pending statement fails with `error`); reopens. */
  #restart(error: Error): void {
    const worker = this.#worker;
    this.#worker = null;
    this.#generation++;
    this.#restarts++;
    this.#disarm();
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#open(null, worker?.terminate() ?? Promise.resolve());
  }

  #crashed(message: string): void {
    this.#options.onEvent?.({ kind: 'crash', message });
    this.#restart(new EmbeddedUnavailableError(`the embedded database stopped: ${message}`));
  }

  /** Closes the worker cleanly (a checkpoint) and opens a fresh one: its memory is returned. */
  async #recycle(): Promise<void> {
    this.#recycleWanted = false;
    this.#options.onEvent?.({ kind: 'recycle', heapBytes: this.#heapBytes });
    await this.#stopWorker();
    this.#generation++;
    this.#restarts++;
    this.#open(null);
    await this.#ready.catch(() => undefined);
  }

  /** Asks the worker to close the database, ends it when it does not in time. */
  async #stopWorker(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (!worker) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'closed') resolve();
      });
      worker.once('exit', () => resolve());
      this.#send(worker, { type: 'close' });
      timer.unref();
    });
    await worker.terminate();
  }
}
