// `npm run cluster -- 3`: N server processes (dist/server/main.js) on one PostgreSQL + Redis,
// sharing one port through node's cluster module, for demos and tests (docs/deployment.md).
// A worker that dies is started again after a growing pause; SIGTERM / SIGINT go to every
// worker, whose own shutdown (server/main.ts) finishes the calls in flight, and this process
// ends once they all have.
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'dist/server/main.js');

const DEFAULT_WORKERS = 3;
const MAX_WORKERS = 64;
/** First pause before a restart; it doubles with each death in a row, up to the maximum. */
const RESTART_BASE_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that has listened this long counts as healthy: its next death waits the base pause. */
const STABLE_MS = 10_000;
/** server/main.ts gives its calls 10 s to finish; after this the stragglers are killed. */
const SHUTDOWN_DEADLINE_MS = 15_000;

const say = (message) => console.log(`cluster: ${message}`);

function refuse(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

function workerCount(arg) {
  if (arg === undefined) return DEFAULT_WORKERS;
  const n = Number(arg);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    refuse(
      `"${arg}" is not a number of processes (1 to ${MAX_WORKERS}). Usage: npm run cluster -- 3`,
    );
  }
  return n;
}

const count = workerCount(process.argv[2]);
const example =
  'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/schema_admin ' +
  'REDIS_URL=redis://127.0.0.1:6379 npm run cluster -- 3';
if (!process.env.DATABASE_URL?.trim()) {
  refuse(
    'DATABASE_URL is not set. Several processes need one PostgreSQL server: the embedded ' +
      `database (PGlite) is one process's data folder and cannot be shared (${example}).`,
  );
}
if (!process.env.REDIS_URL?.trim()) {
  refuse(
    'REDIS_URL is not set. Several processes need Redis: it carries session and permission ' +
      `invalidations and notice / table-sync messages between them (${example}).`,
  );
}
if (!fs.existsSync(serverMain)) {
  refuse(`${path.relative(process.cwd(), serverMain)} is missing: run \`npm run build\` first.`);
}

// Round robin (node's default except on Windows), said out loud: connections are spread evenly.
cluster.schedulingPolicy = cluster.SCHED_RR;
cluster.setupPrimary({ exec: serverMain, args: [] });

/** One place per process: its number (1..N), its current worker, its deaths in a row. */
const slots = Array.from({ length: count }, (_, i) => ({
  number: i + 1,
  worker: null,
  listening: false,
  failures: 0,
  stableTimer: null,
  restartTimer: null,
}));
let everListened = false;
let stopping = false;
let cleanExit = true;

const slotOf = (worker) => slots.find((slot) => slot.worker === worker);
const label = (slot, worker) => `server ${slot.number} (pid ${worker.process.pid})`;

function start(slot) {
  slot.restartTimer = null;
  slot.listening = false;
  slot.worker = cluster.fork();
}

function where(address) {
  if (address.addressType === -1) return address.address; // a unix socket
  return address.addressType === 6
    ? `[${address.address}]:${address.port}`
    : `${address.address}:${address.port}`;
}

cluster.on('listening', (worker, address) => {
  const slot = slotOf(worker);
  // HOST=localhost listens on 127.0.0.1 and ::1: the first address is enough to tell.
  if (!slot || slot.listening) return;
  slot.listening = true;
  say(`${label(slot, worker)} listening on ${where(address)}`);
  if (slots.every((s) => s.listening)) {
    const pids = slots.map((s) => s.worker.process.pid).join(', ');
    say(`${count} of ${count} server processes listening (pids ${pids}); Ctrl+C stops them`);
  }
  slot.stableTimer = setTimeout(() => (slot.failures = 0), STABLE_MS);
  slot.stableTimer.unref();
  if (!everListened) {
    // The first process ran the migrations and, on an empty database, the seed: the others
    // start now and find them done (two first starts at once would both try to seed).
    everListened = true;
    for (const other of slots) if (!other.worker && !stopping) start(other);
  }
});

cluster.on('exit', (worker, code, signal) => {
  const slot = slotOf(worker);
  if (!slot) return;
  slot.worker = null;
  slot.listening = false;
  clearTimeout(slot.stableTimer);
  const how = signal ? `signal ${signal}` : `code ${code}`;
  if (stopping) {
    if (code !== 0) cleanExit = false;
    say(`${label(slot, worker)} stopped (${how})`);
    if (slots.every((s) => !s.worker)) process.exit(cleanExit ? 0 : 1);
    return;
  }
  if (!everListened) {
    // Nothing ever listened: a setting, the database or Redis is wrong. Restarting would only
    // print the same error again; the process's own message is above.
    refuse(`${label(slot, worker)} exited (${how}) before listening; see its message above.`);
  }
  slot.failures += 1;
  const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (slot.failures - 1));
  say(`${label(slot, worker)} exited unexpectedly (${how}); restarting in ${delay / 1000} s`);
  slot.restartTimer = setTimeout(() => start(slot), delay);
});

function stop(signal) {
  // Ctrl+C under npm arrives twice (from the terminal and forwarded by npm): once is enough,
  // and the deadline below bounds the wait.
  if (stopping) return;
  stopping = true;
  for (const slot of slots) clearTimeout(slot.restartTimer);
  const running = slots.filter((slot) => slot.worker);
  if (running.length === 0) process.exit(0);
  say(`${signal}: stopping ${running.length} server processes (calls in flight may finish)`);
  // Each worker's own handler (server/main.ts) closes it in order; not worker.kill(), which
  // disconnects first and would cut that order short.
  for (const slot of running) slot.worker.process.kill(signal);
  setTimeout(() => {
    say(`still running after ${SHUTDOWN_DEADLINE_MS / 1000} s: killing them`);
    for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

say(
  `starting ${count} server processes on port ${process.env.PORT || 3000}; ` +
    'the first alone until it listens (migrations, first-run seed)',
);
start(slots[0]);
