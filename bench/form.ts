import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { ROOT, freePort } from './server-process';
import { CHROMIUM_ARGS, percentile, servePage } from './static-page';

/**
 * The 300-field form page (issue 3), rendered by the page engine's one entry (`PageView`):
 *
 * - `form.first_render_ms`: render call → the first painted frame in which every field in the
 *   viewport has its control (median of the loads);
 * - `form.all_fields_ms`: render call → the painted frame in which all 300 have their controls;
 * - `form.keystroke_p95_ms`: keydown → the painted frame showing the new value, typing into
 *   field 151 (p95 over every load that types);
 * - `bare.keystroke_p95_ms`: the same for a plain antd Input above the form in the same page
 *   and load (same DOM, same paint cost), typed right before or after the form field;
 * - `bare_alone.keystroke_p95_ms`: a plain antd Input alone in a page;
 * - `bare300.first_render_ms`: the same 300 antd controls with labels and no form library —
 *   the floor of mounting every control at once;
 * - `bare300.keystroke_p95_ms`: typing into field 151 of that page: a plain antd Input at the
 *   same place in the same grid of controls, without the form engine.
 *
 * The page is `bench/form-page/` (`npx vite bench/form-page` serves it for a look by hand).
 */

const PAGE_DIR = path.join(ROOT, 'bench/form-page');
const OUT_DIR = path.join(ROOT, 'bench/.results/form-page');
const LOADS = 7;
const TYPING_LOADS = 3;
const KEYSTROKES = 80;

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

interface Run {
  readonly firstRenderMs: number;
  readonly allFieldsMs: number;
  /** Keystroke samples per typed selector. */
  readonly keystrokes: readonly (readonly number[])[];
}

/** Loads a page, waits until every field has its control, then types into each selector. */
async function measure(browser: Browser, url: string, selectors: readonly string[]): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.allFieldsMs != null, null, {
    timeout: 60_000,
  });
  const { firstRenderMs, allFieldsMs } = await page.evaluate(() => window.__bench);
  const keystrokes: number[][] = [];
  for (const selector of selectors) {
    await page.click(selector);
    await page.waitForTimeout(300);
    await page.evaluate(() => (window.__bench.keystrokes = []));
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(300);
    keystrokes.push(await page.evaluate(() => window.__bench.keystrokes));
  }
  await context.close();
  if (errors.length > 0) throw new Error(`bench page failed: ${errors.join('; ')}`);
  return { firstRenderMs: firstRenderMs!, allFieldsMs: allFieldsMs!, keystrokes };
}

const FORM_FIELD = 'input[placeholder="请输入字段151"]';
const BARE_INPUT = 'input[aria-label="bare"]';

export async function benchForm(print: (name: string, value: number) => void): Promise<void> {
  await buildPage();
  const port = await freePort();
  const server = servePage(OUT_DIR, port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  try {
    const base = `http://127.0.0.1:${port}/`;
    // Warm the browser's code cache, then alternate the pages in the same run.
    await measure(browser, `${base}?mode=form`, []);
    await measure(browser, `${base}?mode=bare300`, []);
    const renders: number[] = [];
    const allFields: number[] = [];
    const bare300: number[] = [];
    const formKeys: number[] = [];
    const bareKeys: number[] = [];
    const aloneKeys: number[] = [];
    const bare300Keys: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const typing = i < TYPING_LOADS;
      // Which input is typed first alternates, so neither always types into a fresher page.
      const order = i % 2 === 0 ? [FORM_FIELD, BARE_INPUT] : [BARE_INPUT, FORM_FIELD];
      const form = await measure(browser, `${base}?mode=form`, typing ? order : []);
      renders.push(form.firstRenderMs);
      allFields.push(form.allFieldsMs);
      if (typing) {
        formKeys.push(...form.keystrokes[order.indexOf(FORM_FIELD)]!);
        bareKeys.push(...form.keystrokes[order.indexOf(BARE_INPUT)]!);
        const alone = await measure(browser, `${base}?mode=bare`, [BARE_INPUT]);
        aloneKeys.push(...alone.keystrokes[0]!);
      }
      const floor = await measure(browser, `${base}?mode=bare300`, typing ? [FORM_FIELD] : []);
      bare300.push(floor.allFieldsMs);
      if (typing) bare300Keys.push(...floor.keystrokes[0]!);
    }
    if (process.env.BENCH_VERBOSE) {
      const list = (values: number[]) => values.map((r) => r.toFixed(0)).join(' ');
      console.error(`first renders: ${list(renders)}; all fields: ${list(allFields)}`);
      console.error(`bare300: ${list(bare300)}`);
      console.error(
        `keys p50: form ${percentile(formKeys, 50).toFixed(1)}, bare ${percentile(bareKeys, 50).toFixed(1)}, ` +
          `alone ${percentile(aloneKeys, 50).toFixed(1)}, bare300 ${percentile(bare300Keys, 50).toFixed(1)} ` +
          `(${formKeys.length} samples each)`,
      );
    }
    print('form.first_render_ms', Math.round(percentile(renders, 50)));
    print('form.all_fields_ms', Math.round(percentile(allFields, 50)));
    print('form.keystroke_p95_ms', Number(percentile(formKeys, 95).toFixed(1)));
    print('bare.keystroke_p95_ms', Number(percentile(bareKeys, 95).toFixed(1)));
    print('bare_alone.keystroke_p95_ms', Number(percentile(aloneKeys, 95).toFixed(1)));
    print('bare300.first_render_ms', Math.round(percentile(bare300, 50)));
    print('bare300.keystroke_p95_ms', Number(percentile(bare300Keys, 95).toFixed(1)));
  } finally {
    await browser.close();
    server.close();
  }
}
