import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from './server-process';
import { CHROMIUM_ARGS } from './static-page';

/**
 * What the browser downloads (JavaScript and CSS, each file compressed here the way a server
 * would send it: gzip -9 and brotli quality 11 with node:zlib; sizes in KB of 1024 bytes):
 *
 * - `bundle.login_*`: the login route (`/user/login`, until the form is ready);
 * - `bundle.user_list_*`: login + the first screen drawn by the page engine, 系统管理 →
 *   用户管理: a second browser context with the signed-in session and an empty cache opens
 *   `/isystem/user` by its URL and waits until the table shows rows; the figure is the union
 *   of both contexts' files (by URL: file names carry content hashes), so a file needed by
 *   both counts once; `bundle.user_list_screen_*` is what that screen adds to the login files;
 * - `bundle.dashboard_*`: login + the page the login lands on (the dashboard), in the first
 *   context after signing in.
 *
 * `_js_files` counts the JavaScript files. `BENCH_VERBOSE=1` lists every file on stderr with its
 * size raw, gzip and brotli and where it was loaded.
 */

type Kind = 'js' | 'css';
type Where = 'login' | 'dashboard' | 'user';

interface Asset {
  readonly url: string;
  readonly kind: Kind;
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

const USER_LIST_URL = '/isystem/user';
/** Generous: on a busy machine signing in and drawing a first screen can take long. */
const STEP_TIMEOUT = 120_000;

function compressed(bytes: Buffer): Pick<Asset, 'raw' | 'gzip' | 'brotli'> {
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** Records every JavaScript and CSS file a page receives, by URL (first answer wins). */
class Recorder {
  readonly assets = new Map<string, Promise<Asset>>();
  /** URLs seen, in order, with where they were first seen. */
  readonly seen = new Map<string, Where>();
  where: Where = 'login';

  watch(page: Page): void {
    page.on('response', (response) => {
      const url = response.url();
      const kind = /\.m?js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
      if (!kind || this.seen.has(url)) return;
      this.seen.set(url, this.where);
      this.assets.set(
        url,
        response
          .body()
          .catch(() => Buffer.alloc(0))
          .then((body) => ({ url, kind, ...compressed(body) })),
      );
    });
  }

  /** URLs first seen while `where` was one of `phases`. */
  urls(...phases: Where[]): string[] {
    return [...this.seen].filter(([, w]) => phases.includes(w)).map(([url]) => url);
  }
}

interface Totals {
  readonly jsGzip: number;
  readonly jsBrotli: number;
  readonly cssGzip: number;
  readonly cssBrotli: number;
  readonly jsFiles: number;
}

function totals(assets: readonly Asset[]): Totals {
  const sum = (kind: Kind, key: 'gzip' | 'brotli') =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0) / 1024;
  return {
    jsGzip: sum('js', 'gzip'),
    jsBrotli: sum('js', 'brotli'),
    cssGzip: sum('css', 'gzip'),
    cssBrotli: sum('css', 'brotli'),
    jsFiles: assets.filter((a) => a.kind === 'js').length,
  };
}

async function signIn(context: BrowserContext, baseURL: string, recorder: Recorder) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  recorder.watch(page);
  await page.goto(`${baseURL}/user/login`, { waitUntil: 'networkidle' });
  await page.waitForSelector('#username');
  recorder.where = 'dashboard';
  await page.fill('#username', 'admin');
  await page.fill('#password', '123456');
  await page.click('button[type=submit]');
  await explained(page, async () => {
    await page.waitForURL('**/dashboard/analysis');
    await page.getByText('快捷入口').waitFor();
    await page.waitForLoadState('networkidle');
  });
}

/** Runs a wait; when it fails, says where the page is and what it shows. */
async function explained(page: Page, wait: () => Promise<void>): Promise<void> {
  try {
    await wait();
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    const shown = text.replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`${page.url()} shows: ${shown}`, { cause: error });
  }
}

async function openUserList(context: BrowserContext, baseURL: string, recorder: Recorder) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  recorder.where = 'user';
  recorder.watch(page);
  await page.goto(`${baseURL}${USER_LIST_URL}`);
  await explained(page, async () => {
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
  });
}

export async function benchBundle(print: (name: string, value: number) => void): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  try {
    const viewport = { width: 1366, height: 800 };
    const first = await browser.newContext({ viewport });
    const signedIn = new Recorder();
    await signIn(first, server.baseURL, signedIn);
    // A fresh context (its own empty cache) with the session: 用户管理 opened by its URL.
    const second = await browser.newContext({ viewport, storageState: await first.storageState() });
    const opened = new Recorder();
    await openUserList(second, server.baseURL, opened);

    const assets = new Map<string, Asset>();
    for (const recorder of [signedIn, opened]) {
      for (const [url, asset] of recorder.assets)
        if (!assets.has(url)) assets.set(url, await asset);
    }
    const pick = (urls: Iterable<string>) => [...new Set(urls)].map((url) => assets.get(url)!);
    const login = signedIn.urls('login');
    const user = opened.urls('user');
    const groups = {
      login: totals(pick(login)),
      user_list: totals(pick([...login, ...user])),
      user_list_screen: totals(pick(user.filter((url) => !login.includes(url)))),
      dashboard: totals(pick(signedIn.urls('login', 'dashboard'))),
    };

    if (process.env.BENCH_VERBOSE) {
      const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
      console.error('where      kind      raw     gzip   brotli  file');
      for (const asset of assets.values()) {
        const where = [
          login.includes(asset.url) ? 'login' : null,
          signedIn.seen.get(asset.url) === 'dashboard' ? 'dashboard' : null,
          user.includes(asset.url) ? 'user' : null,
        ]
          .filter(Boolean)
          .join('+');
        console.error(
          `${where.padEnd(10)} ${asset.kind.padEnd(4)} ${kb(asset.raw)} ${kb(asset.gzip)} ${kb(asset.brotli)}  ${new URL(asset.url).pathname}`,
        );
      }
    }
    const kb = (value: number) => Math.round(value);
    for (const [name, t] of Object.entries(groups)) {
      print(`bundle.${name}_js_gzip_kb`, kb(t.jsGzip));
      print(`bundle.${name}_js_brotli_kb`, kb(t.jsBrotli));
      if (name !== 'user_list_screen' && name !== 'dashboard') {
        print(`bundle.${name}_css_gzip_kb`, kb(t.cssGzip));
        print(`bundle.${name}_css_brotli_kb`, kb(t.cssBrotli));
      }
      print(`bundle.${name}_js_files`, t.jsFiles);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
