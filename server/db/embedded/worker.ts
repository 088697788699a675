/**
 * The embedded database's thread: one PGlite on a data folder, answering one query message at
 * a time. It runs apart from the server's main thread so that a long statement does not stop
 * the HTTP server, and so that the main thread can end it (worker.terminate()) when it runs
 * past its budget: PGlite cannot cancel a statement (no timer signal reaches WebAssembly).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { EmbeddedWorkerData, ErrorFields, FromWorker, ToWorker } from './protocol';

// Both drivers answer `date` as the plain 'YYYY-MM-DD' text (no time-zone shift),
// `bigint` (count(*)) and `numeric` (sort_no) as numbers: every value we keep in them is small.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const parsers = {
  [DATE_OID]: (v: string) => v,
  [INT8_OID]: (v: string) => Number(v),
  [NUMERIC_OID]: (v: string) => Number(v),
};

const port = parentPort;
if (!port) throw new Error('embedded database worker started outside a worker thread');
const data = workerData as EmbeddedWorkerData;
const post = (message: FromWorker) => port.postMessage(message);

/** The primitive fields of a database error (code, detail, constraint, table, …). */
function errorFields(error: unknown): ErrorFields {
  const fields: Record<string, string | number | undefined> = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
    }
  }
  return fields;
}

let pglite: PGlite;
try {
  pglite = await PGlite.create({
    dataDir: data.dataDir,
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
    parsers,
  });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

/** WebAssembly memory of the cluster: it grows with big values and never shrinks. */
const heapBytes = () => pglite.Module.HEAPU8.byteLength;

// One message at a time, in arrival order: the main thread's lease already serialises them,
// this keeps the order exact when one lease sends several at once.
let queue: Promise<void> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  queue = queue.then(() => handle(message));
});

async function handle(message: ToWorker): Promise<void> {
  if (message.type === 'close') {
    await pglite.close().catch(() => undefined);
    post({ type: 'closed' });
    return;
  }
  try {
    if (message.prelude) await pglite.query(message.prelude.sql, [...message.prelude.params]);
    const result = await pglite.query(message.sql, [...message.params], { rowMode: 'object' });
    post({
      type: 'result',
      id: message.id,
      rows: result.rows,
      affectedRows: result.affectedRows,
      heapBytes: heapBytes(),
    });
  } catch (error) {
    post({
      type: 'error',
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
      fields: errorFields(error),
      heapBytes: heapBytes(),
    });
  }
}

post({ type: 'ready', heapBytes: heapBytes() });
