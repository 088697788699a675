import { request, type Answer } from './cluster-process';

/**
 * A steady load on a running server for fault tests: `concurrency` loops, each sending one
 * request after another, each on a connection of its own. Every answer and every failure is
 * kept with its time, so a test can say what happened before, during and after a fault.
 */

export interface LoadCall {
  readonly kind: string;
  readonly method: 'GET' | 'POST';
  readonly url: () => string;
  readonly body?: () => unknown;
}

export interface LoadResult {
  readonly kind: string;
  /** Epoch ms the request was sent and settled. */
  readonly sentAt: number;
  readonly doneAt: number;
  /** The answer, or why there was none (a reset connection, a timeout). */
  readonly answer: Answer | null;
  readonly error: string | null;
}

export interface RunningLoad {
  readonly results: LoadResult[];
  /** Stops sending, waits for what is in flight, and answers everything seen. */
  stop(): Promise<LoadResult[]>;
}

export function startLoad(options: {
  readonly port: number;
  readonly token: string;
  readonly concurrency: number;
  readonly calls: readonly LoadCall[];
  /** A request unanswered this long counts as a hang. Default 5000. */
  readonly timeoutMs?: number;
}): RunningLoad {
  const results: LoadResult[] = [];
  let running = true;
  let turn = 0;
  const loop = async () => {
    while (running) {
      const call = options.calls[turn++ % options.calls.length]!;
      const sentAt = Date.now();
      try {
        const answer = await request(options.port, call.method, call.url(), {
          token: options.token,
          body: call.body?.(),
          timeoutMs: options.timeoutMs ?? 5000,
        });
        results.push({ kind: call.kind, sentAt, doneAt: Date.now(), answer, error: null });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({ kind: call.kind, sentAt, doneAt: Date.now(), answer: null, error: message });
        // A refused connection answers at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const loops = Array.from({ length: options.concurrency }, loop);
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
