import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './server-process';
import { CHROMIUM_ARGS } from './static-page';

function gzipKb(bytes: Buffer): number {
  return zlib.gzipSync(bytes, { level: 9 }).length / 1024;
}

/**
 * JavaScript the browser loads (gzip -9 of each file, the way it is served): the login route,
 * and everything up to the first page after signing in (the dashboard), cumulative.
 */
export async function benchBundle(print: (name: string, value: number) => void): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    const seen = new Map<string, { kind: 'js' | 'css'; kb: number; phase: 'login' | 'after' }>();
    let phase: 'login' | 'after' = 'login';
    page.on('response', async (response) => {
      const url = response.url();
      const kind = /\.m?js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
      if (!kind || seen.has(url)) return;
      seen.set(url, { kind, kb: 0, phase });
      const body = await response.body().catch(() => Buffer.alloc(0));
      seen.get(url)!.kb = gzipKb(body);
    });
    await page.goto(`${server.baseURL}/user/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#username');
    phase = 'after';
    await page.fill('#username', 'admin');
    await page.fill('#password', '123456');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard/analysis');
    await page.getByText('快捷入口').waitFor();
    await page.waitForLoadState('networkidle');
    if (process.env.BENCH_VERBOSE) {
      for (const [url, e] of seen)
        console.error(`${e.phase}\t${e.kind}\t${e.kb.toFixed(1)}\t${url.split('/').pop()}`);
    }
    const sum = (filter: (e: { kind: string; phase: string }) => boolean) =>
      [...seen.values()].filter(filter).reduce((total, e) => total + e.kb, 0);
    print(
      'bundle.login_js_gzip_kb',
      Math.round(sum((e) => e.kind === 'js' && e.phase === 'login')),
    );
    print(
      'bundle.login_css_gzip_kb',
      Math.round(sum((e) => e.kind === 'css' && e.phase === 'login')),
    );
    print('bundle.first_page_js_gzip_kb', Math.round(sum((e) => e.kind === 'js')));
    print('bundle.first_page_js_files', [...seen.values()].filter((e) => e.kind === 'js').length);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
