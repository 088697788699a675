import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from './server-process';
import { CHROMIUM_ARGS, percentile } from './static-page';

/**
 * Names behind picker values on a list (issue 13): a page of 100 rows with two user columns
 * (`sel_user`) and one department column (`sel_depart`), every cell holding ids, opened by its
 * URL in a fresh browser context (empty cache, signed in) against the built server:
 * - `pickers.user_lookups` / `pickers.depart_lookups`: requests to /sys/user/queryByIds and to
 *   the department tree (/sys/sysDepart/queryIdTree) while the page opens (the most of the
 *   three runs);
 * - `pickers.rows_painted_ms`: navigation start to the 100 rows drawn (names or not yet);
 * - `pickers.names_painted_ms`: navigation start to every one of the 300 cells showing names
 *   (no id left), median of three runs. The difference is what the names cost.
 */

const CODE = 'bench_pickers';
const ROWS = 100;
const RUNS = 3;
const TIMEOUT = 120_000;
const TOKEN_KEY = 'pro__Access-Token';
const PAGE_URL = '/isystem/bench-pickers';

const DEFINITION = {
  schemaVersion: 2,
  code: CODE,
  title: '选择器名称',
  kind: 'list',
  table: {
    name: CODE,
    columns: [
      { name: 'title', type: 'string', length: 50, comment: '标题' },
      { name: 'owner', type: 'string', length: 500, comment: '负责人' },
      { name: 'checker', type: 'string', length: 500, comment: '审核人' },
      { name: 'depart_id', type: 'string', length: 500, comment: '部门' },
    ],
  },
  list: { pageSize: ROWS, pageSizeOptions: [10, ROWS] },
  fields: [
    { name: 'title', label: '标题', type: 'input' },
    { name: 'owner', label: '负责人', type: 'sel_user' },
    { name: 'checker', label: '审核人', type: 'sel_user' },
    { name: 'departId', label: '部门', type: 'sel_depart' },
  ],
};

interface Envelope<T> {
  readonly success: boolean;
  readonly message: string;
  readonly result: T;
}

async function api<T>(page: Page, base: string, method: string, url: string, data?: unknown) {
  const token = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? ((JSON.parse(raw) as { value?: string }).value ?? '') : '';
  }, TOKEN_KEY);
  const response = await page.request.fetch(`${base}/system${url}`, {
    method,
    headers: { 'X-Access-Token': token },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as Envelope<T>;
  if (!body.success) throw new Error(`${method} ${url}: ${body.message}`);
  return body.result;
}

/** Ids of a department tree, depth first. */
function departIds(nodes: readonly { key: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((n) => [
    n.key,
    ...departIds((n.children ?? []) as { key: string; children?: unknown[] }[]),
  ]);
}

export async function benchPickers(print: (name: string, value: number) => void): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const base = server.baseURL;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  try {
    const viewport = { width: 1440, height: 900 };
    const setup = await browser.newContext({ viewport });
    const page = await setup.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${base}/user/login`, { waitUntil: 'networkidle' });
    await page.fill('#username', 'admin');
    await page.fill('#password', '123456');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard/analysis');

    await api(page, base, 'POST', '/lowcode/page/add', { definition: DEFINITION });
    await api(page, base, 'POST', '/lowcode/page/addToMenu', {
      code: CODE,
      url: PAGE_URL,
      name: '选择器名称',
    });
    const users = await api<{ records: { id: string }[] }>(
      page,
      base,
      'GET',
      '/sys/user/queryUserComponentData?pageNo=1&pageSize=60',
    );
    const departs = departIds(
      await api<{ key: string }[]>(page, base, 'GET', '/sys/sysDepart/queryIdTree'),
    );
    const userIds = users.records.map((u) => u.id);
    for (let i = 0; i < ROWS; i++) {
      await api(page, base, 'POST', `/online/cgform/api/${CODE}/add`, {
        title: `第${i + 1}行`,
        owner: `${userIds[i % userIds.length]},${userIds[(i * 7 + 3) % userIds.length]}`,
        checker: userIds[(i * 13 + 5) % userIds.length],
        departId: departs[i % departs.length],
      });
    }
    const state = await setup.storageState();
    const everyId = [...userIds, ...departs];

    const times: number[] = [];
    const rowTimes: number[] = [];
    let userLookups = 0;
    let departLookups = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport, storageState: state });
      const screen = await context.newPage();
      screen.setDefaultTimeout(TIMEOUT);
      let users = 0;
      let trees = 0;
      screen.on('request', (request) => {
        const url = request.url();
        if (url.includes('/sys/user/queryByIds')) users++;
        if (url.includes('/sys/sysDepart/queryIdTree')) trees++;
      });
      const started = performance.now();
      await screen.goto(`${base}${PAGE_URL}`);
      await screen.waitForFunction(
        (rows) => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === rows,
        ROWS,
        { polling: 'raf', timeout: TIMEOUT },
      );
      rowTimes.push(performance.now() - started);
      await screen.waitForFunction(
        ({ rows, ids }) => {
          const body = document.querySelector('.ant-table-tbody');
          const trs = body ? [...body.querySelectorAll('tr.ant-table-row')] : [];
          if (trs.length !== rows) return false;
          const text = body!.textContent ?? '';
          // Every cell named: no id on screen, and each row's three cells filled.
          if (ids.some((id) => text.includes(id))) return false;
          return trs.every((tr) => {
            const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
            return cells.filter((c) => c.trim() !== '').length >= 4;
          });
        },
        { rows: ROWS, ids: everyId },
        { polling: 'raf', timeout: TIMEOUT },
      );
      times.push(performance.now() - started);
      userLookups = Math.max(userLookups, users);
      departLookups = Math.max(departLookups, trees);
      await context.close();
    }
    print('pickers.rows', ROWS);
    print('pickers.user_lookups', userLookups);
    print('pickers.depart_lookups', departLookups);
    print('pickers.rows_painted_ms', Math.round(percentile(rowTimes, 50)));
    print('pickers.names_painted_ms', Math.round(percentile(times, 50)));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
