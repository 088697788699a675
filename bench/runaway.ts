import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from './online-files';
import { startServer } from './server-process';

/**
 * A runaway report preview on the built app with its real defaults (issue 21): one admin
 * previews a statement that would count for minutes, while another session asks for the
 * position list every 100 ms. Prints when the runaway was answered (查询超时 expected) alone
 * and with the other session waiting, how long each list took meanwhile (max and median),
 * then one list after. Before the
 * embedded database ran in a worker, the same preview ran 68 s and a list waited 67.8 s.
 */

const PREVIEW = '/system/online/cgreport/head/preview';
const LIST = '/system/sys/position/list?pageSize=10';
const RUNAWAY_SQL =
  'with recursive r(n) as (select 1 union all select n + 1 from r where n < 1000000000) ' +
  'select count(*) as total from r';
const LIST_EVERY_MS = 100;

type Print = (name: string, value: number) => void;

async function timedList(baseURL: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseURL}${LIST}`, { headers: { 'x-access-token': token } });
  const body = (await res.json()) as { success: boolean };
  if (!body.success) throw new Error('the list was refused');
  return performance.now() - started;
}

/** Previews the runaway statement; its answer time (it must answer 查询超时). */
async function preview(baseURL: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseURL}${PREVIEW}`, {
    method: 'POST',
    headers: { 'x-access-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({
      definition: { sql: RUNAWAY_SQL, items: [{ field: 'total', title: '总数' }] },
    }),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (body.success || !body.message.includes('查询超时')) {
    throw new Error(`the runaway preview was not ended: ${body.message}`);
  }
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export async function benchRunaway(print: Print): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-runaway-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const runner = await login(server.baseURL);
    const other = await login(server.baseURL);
    await timedList(server.baseURL, other); // warm

    // Alone: nobody waits, so it runs to its budget (USER_QUERY_BUDGET_MS, 10 s).
    const alone = await preview(server.baseURL, runner);
    print('runaway.alone_answer_ms', Math.round(alone));
    // The first call after it waits for the reopened database.
    print('runaway.first_list_after_ms', Math.round(await timedList(server.baseURL, other)));

    let done = false;
    const runaway = preview(server.baseURL, runner).then((ms) => {
      done = true;
      return ms;
    });
    const lists: number[] = [];
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, LIST_EVERY_MS));
      lists.push(await timedList(server.baseURL, other));
    }
    print('runaway.preview_answer_ms', Math.round(await runaway));
    print('runaway.other_list_count', lists.length);
    print('runaway.other_list_max_ms', Math.round(Math.max(...lists)));
    print('runaway.other_list_median_ms', Math.round(median(lists)));
    print('runaway.list_after_ms', Math.round(await timedList(server.baseURL, other)));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
