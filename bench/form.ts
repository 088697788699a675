import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { ROOT, freePort } from './server-process';

/**
 * The 300-field form page (issue 3): first render of the page engine's form (render call →
 * painted frame with every control) and keystroke-to-paint p95 while typing into one of its
 * fields, beside a bare antd Input typed into the same way in the same run. The page is
 * `bench/form-page/` (`npx vite bench/form-page` serves it for a look by hand).
 */

const PAGE_DIR = path.join(ROOT, 'bench/form-page');
const OUT_DIR = path.join(ROOT, 'bench/.results/form-page');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];
const LOADS = 7;
const KEYSTROKES = 80;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

async function buildPage(): Promise<void> {
  await build({
    configFile: false,
    root: PAGE_DIR,
    base: './',
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: {
      outDir: OUT_DIR,
      emptyOutDir: true,
      chunkSizeWarningLimit: 5000,
      minify: process.env.BENCH_MINIFY !== '0',
    },
  });
}

function serve(port: number): http.Server {
  return http
    .createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const file = path.join(OUT_DIR, url.pathname === '/' ? 'index.html' : url.pathname);
      if (!file.startsWith(OUT_DIR) || !fs.existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      fs.createReadStream(file).pipe(response);
    })
    .listen(port, '127.0.0.1');
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Run {
  readonly firstRenderMs: number;
  readonly keystrokes: readonly number[];
}

async function measure(
  browser: Browser,
  url: string,
  selector: string,
  type: boolean,
): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.firstRenderMs !== null, null, {
    timeout: 60_000,
  });
  const firstRenderMs = await page.evaluate(() => window.__bench.firstRenderMs!);
  if (type) {
    await page.click(selector);
    await page.waitForTimeout(300);
    await page.evaluate(() => (window.__bench.keystrokes = []));
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(300);
  }
  const keystrokes = await page.evaluate(() => window.__bench.keystrokes);
  await context.close();
  if (errors.length > 0) throw new Error(`bench page failed: ${errors.join('; ')}`);
  return { firstRenderMs, keystrokes };
}

export async function benchForm(print: (name: string, value: number) => void): Promise<void> {
  await buildPage();
  const port = await freePort();
  const server = serve(port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const base = `http://127.0.0.1:${port}/`;
    // Warm the browser's code cache, then alternate form and bare loads in the same run.
    await measure(browser, `${base}?mode=form`, '', false);
    const renders: number[] = [];
    const formKeys: number[] = [];
    const bareKeys: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const typing = i < 3;
      const form = await measure(
        browser,
        `${base}?mode=form`,
        'input[placeholder="请输入字段151"]',
        typing,
      );
      renders.push(form.firstRenderMs);
      formKeys.push(...form.keystrokes);
      if (typing) {
        const bare = await measure(browser, `${base}?mode=bare`, 'input[aria-label="bare"]', true);
        bareKeys.push(...bare.keystrokes);
      }
    }
    if (process.env.BENCH_VERBOSE) {
      console.error(`first renders: ${renders.map((r) => r.toFixed(0)).join(' ')}`);
      console.error(
        `form keys p50 ${percentile(formKeys, 50).toFixed(1)} bare p50 ${percentile(bareKeys, 50).toFixed(1)}`,
      );
    }
    print('form.first_render_ms', Math.round(percentile(renders, 50)));
    print('form.keystroke_p95_ms', Number(percentile(formKeys, 95).toFixed(1)));
    print('bare.keystroke_p95_ms', Number(percentile(bareKeys, 95).toFixed(1)));
  } finally {
    await browser.close();
    server.close();
  }
}
