/**
 * Messages between the server's main thread and the worker thread that runs the embedded
 * database (PGlite). Plain data only: everything crosses by structured clone.
 */

/** What the worker is started with (`workerData`). */
export interface EmbeddedWorkerData {
  /** Folder of the cluster on disk. Always set: a restarted worker reopens it. */
  readonly dataDir: string;
  /** A PGlite data-dir tarball to unpack into an empty folder on the first open. */
  readonly loadDataDir: Uint8Array | null;
}

export type ToWorker =
  | {
      readonly type: 'query';
      readonly id: number;
      readonly sql: string;
      readonly params: readonly unknown[];
      /**
       * A statement run just before, in the same turn (the operation log's session setting):
       * when it fails, the query does not run and answers its error.
       */
      readonly prelude?: { readonly sql: string; readonly params: readonly unknown[] };
    }
  | { readonly type: 'close' };

/** A database error's fields, as PostgreSQL names them (code, detail, constraint, …). */
export type ErrorFields = Readonly<Record<string, string | number | undefined>>;

export type FromWorker =
  | { readonly type: 'ready'; readonly heapBytes: number }
  | {
      readonly type: 'result';
      readonly id: number;
      readonly rows: unknown[];
      readonly affectedRows: number | undefined;
      readonly heapBytes: number;
    }
  | {
      readonly type: 'error';
      readonly id: number;
      readonly message: string;
      readonly fields: ErrorFields;
      readonly heapBytes: number;
    }
  | { readonly type: 'closed' }
  /** The database could not be opened; the worker exits after this. */
  | { readonly type: 'failed'; readonly message: string };
