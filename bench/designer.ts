import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { chromium, type Browser } from 'playwright-core';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../src/contracts/page';
import { migrateToLatest, openDatabase } from '../server/db/index';
import { seedIfEmpty } from '../server/db/seed/index';
import { newId } from '../server/ids';
import { startServer } from './server-process';
import { CHROMIUM_ARGS, percentile } from './static-page';

/**
 * The page designer (页面配置 → 设计) on a stored page of 100 fields, in the built app with its
 * real defaults (embedded database, admin):
 *
 * - `designer.first_open_ms`: click on 设计 → the 字段 table shows its first row, in a fresh
 *   browser context (the designer's chunk not cached), median of `LOADS`;
 * - `designer.keystroke_p95_ms` (and `_p50_`): typing `KEYSTROKES` letters into the 标题 of
 *   field 5 (the table draws the rows in view only, from 40 fields), keydown → the end of the painted frame showing the new value (the way
 *   bench/frames.ts measures it), pooled over the loads. Each keystroke rewrites the draft
 *   text, re-reads it and redraws the table, as the designer does.
 */

const FIELDS = 100;
const LOADS = Number(process.env.BENCH_DESIGNER_LOADS ?? 3);
const KEYSTROKES = 40;
const CODE = 'bench_designer';
const EDITOR = '/lowcode/page';

function benchPage(): PageDefinition {
  const names = Array.from({ length: FIELDS }, (_, i) => `field${i + 1}`);
  return {
    schemaVersion: PAGE_SCHEMA_VERSION,
    code: CODE,
    title: '设计器压测',
    kind: 'list',
    table: {
      name: CODE,
      columns: names.map((name) => ({ name, type: 'string', length: 100 })),
    },
    fields: names.map((name, i) => ({ name, label: `字段${i + 1}`, type: 'input' })),
  };
}

export async function setUpDesignerBench(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { production: false, adminPassword: null });
    const page = benchPage();
    const columns = Array.from({ length: FIELDS }, (_, i) => `field${i + 1} varchar(100)`);
    await sql
      .raw(
        `create table ${CODE} (id varchar(32) primary key, create_by varchar(100),
        create_time timestamptz default now(), update_by varchar(100), update_time timestamptz,
        ${columns.join(', ')})`,
      )
      .execute(handle.db);
    await handle.db
      .insertInto('sys_page')
      .values({
        id: newId(),
        code: CODE,
        title: page.title,
        kind: 'list',
        definition: JSON.stringify(page),
        tableName: CODE,
      })
      .execute();
  } finally {
    await handle.close();
  }
}

/**
 * Keystroke-to-paint of every key typed into an input, into `window.__keys` (as frames.ts
 * measures it). A string: the bench runs through tsx, whose helpers a passed function would
 * reference in the page.
 */
const WATCH_KEYS = `(() => {
  window.__keys = [];
  const painted = (done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  };
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    const began = event.timeStamp;
    const before = target.value;
    let frames = 0;
    const check = () => {
      if (target.value !== before || ++frames > 60) painted((at) => window.__keys.push(at - began));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, true);
})()`;

async function oneLoad(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('123456');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
    await page.goto(`${EDITOR}?code=${CODE}`);
    await page.getByText('设计', { exact: true }).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(500);
    const started = performance.now();
    await page.getByText('设计', { exact: true }).click();
    // The table draws the rows in view (it is virtual from 40 fields): the first is enough.
    await page.getByRole('textbox', { name: '第 1 个字段的字段名' }).waitFor({ timeout: 120_000 });
    const firstOpenMs = performance.now() - started;
    await page.evaluate(WATCH_KEYS);
    const title = page.getByRole('textbox', { name: '第 5 个字段的标题' });
    await title.click();
    await page.keyboard.press('End');
    for (let i = 0; i < KEYSTROKES; i += 1) {
      await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
      await page.waitForTimeout(40);
    }
    await page.waitForTimeout(500);
    const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
    return { firstOpenMs, keys };
  } finally {
    await context.close();
  }
}

export async function benchDesigner(print: (name: string, value: number) => void): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-designer-'));
  await setUpDesignerBench(dataDir);
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  try {
    const opens: number[] = [];
    const keys: number[] = [];
    for (let i = 0; i < LOADS; i += 1) {
      const load = await oneLoad(browser, server.baseURL);
      opens.push(load.firstOpenMs);
      keys.push(...load.keys);
    }
    print('designer.fields', FIELDS);
    print('designer.first_open_ms', Math.round(percentile(opens, 50)));
    print('designer.keystrokes', keys.length);
    print('designer.keystroke_p50_ms', Math.round(percentile(keys, 50)));
    print('designer.keystroke_p95_ms', Math.round(percentile(keys, 95)));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
