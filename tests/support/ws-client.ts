import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { TestApp } from './test-app';

/**
 * Real WebSocket clients (the `ws` package) against a test app listening on a free port, for
 * the socket tests: each client keeps what it received in order.
 */

/** How long a test waits for a message it expects (a missing one fails sooner than the timeout). */
export const WAIT_MS = 5000;

/** A connected client with its received messages in order. */
export interface Client {
  readonly ws: WebSocket;
  /** The next message (JSON), skipping those `ignore` matches. */
  next(): Promise<unknown>;
  closed(): Promise<number>;
}

/** `ignore`: messages the tests never wait for (e.g. the server's periodic pings). */
export function client(ws: WebSocket, ignore: (message: unknown) => boolean = () => false): Client {
  const queue: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const message: unknown = JSON.parse(data.toString('utf8'));
    if (ignore(message)) return;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    ws,
    next() {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message arrived')), WAIT_MS);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    closed: () => closed,
  };
}

export type Outcome =
  { readonly open: Client } | { readonly refused: number; readonly body: string };

export interface ConnectOptions {
  readonly protocol?: string;
  readonly headers?: Record<string, string>;
  readonly ignore?: (message: unknown) => boolean;
}

/** Opens a socket; resolves with the client, or with the HTTP answer that refused the upgrade. */
export function connect(
  base: string,
  path: string,
  options: ConnectOptions = {},
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}${path}`, options.protocol ? [options.protocol] : [], {
      headers: options.headers,
    });
    const early = client(ws, options.ignore);
    ws.once('open', () => resolve({ open: early }));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ refused: response.statusCode ?? 0, body }));
    });
    ws.once('error', (error) => reject(error));
  });
}

/** Opens a socket with the token as its protocol; throws when refused. */
export async function open(
  base: string,
  path: string,
  token: string,
  ignore?: (message: unknown) => boolean,
): Promise<Client> {
  const outcome = await connect(base, path, { protocol: token, ignore });
  if (!('open' in outcome)) throw new Error(`refused with ${outcome.refused}: ${outcome.body}`);
  return outcome.open;
}

/** Starts the app listening on a free local port; its ws:// base URL. */
export async function baseUrlOf(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** Connections the server holds open (refused upgrades must not stay). */
export function openConnections(t: TestApp): Promise<number> {
  return new Promise((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

export async function userIdOf(t: TestApp, username: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}
