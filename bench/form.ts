import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { ROOT, freePort } from './server-process';
import { CHROMIUM_ARGS, percentile, servePage } from './static-page';

/**
 * The 300-field form, like for like (`bench/form-page/`, one build, one fresh page load per
 * form per measurement): `ours` is the page engine's one entry (`PageView`) drawing a `form`
 * page definition of 300 fields; `antd` the same 300 fields written by hand as one antd Form
 * (same types, labels, placeholders, rules and messages, three columns, 90 px labels, same
 * card and buttons). Every field is required. Figures, per form (`form.` = ours, `antd.`):
 *
 * - `first_viewport_ms`: render call → the end of the first painted frame in which every field
 *   in the viewport has its control (median of `LOADS` loads);
 * - `all_interactive_ms`: render call → the end of the first painted frame in which all 300
 *   have their controls (median);
 * - `validate_all_ms`: click on 提交 → the end of the first painted frame showing a message
 *   under every empty field (median), and `validate_errors`, how many (300, or 299 after a
 *   load that typed into field 151);
 * - `keystroke_p95_ms`: typing `KEYSTROKES` letters into field 151 (a text field), keydown →
 *   the end of the painted frame showing the new value (p95 pooled over `TYPING_LOADS` loads).
 *
 * Then every ratio as ours ÷ antd: `form.<figure>_ratio_ours_over_antd` (above 1: ours is
 * slower). The exact checks are in `bench/form-page/probe.ts`; `npx vite bench/form-page`
 * serves the page for a look by hand (`?form=ours|antd`).
 */

const PAGE_DIR = path.join(ROOT, 'bench/form-page');
const OUT_DIR = path.join(ROOT, 'bench/.results/form-page');
const LOADS = Number(process.env.BENCH_FORM_LOADS ?? 7);
const TYPING_LOADS = Math.min(LOADS, 3);
const KEYSTROKES = 80;
const FIELDS = 300;
const TYPED_FIELD = 'input[placeholder="请输入字段151"]';

const FORMS = ['ours', 'antd'] as const;
type FormName = (typeof FORMS)[number];
const PREFIX: Record<FormName, string> = { ours: 'form', antd: 'antd' };

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

interface Load {
  readonly firstViewportMs: number;
  readonly allInteractiveMs: number;
  readonly validateMs: number;
  readonly validateErrors: number;
  readonly keystrokes: readonly number[];
}

/**
 * One fresh load: waits until every field has its control, types into field 151 (when
 * `typing`), then clicks 提交 and waits for the messages.
 */
async function measure(browser: Browser, url: string, typing: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__bench?.allInteractiveMs != null, null, {
      timeout: 60_000,
      polling: 100,
    });
    let keystrokes: number[] = [];
    if (typing) {
      await page.click(TYPED_FIELD);
      await page.waitForTimeout(300);
      await page.evaluate(() => (window.__bench.keystrokes = []));
      for (let i = 0; i < KEYSTROKES; i++) {
        await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
        await page.waitForTimeout(60);
      }
      await page.waitForTimeout(300);
      keystrokes = await page.evaluate(() => window.__bench.keystrokes);
    }
    await page.evaluate((n) => (window.__bench.expectedErrors = n), FIELDS - (typing ? 1 : 0));
    await page.waitForTimeout(300);
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    await page.waitForFunction(
      () => window.__bench.validateMs != null || window.__bench.error != null,
      null,
      { timeout: 60_000, polling: 100 },
    );
    const probe = await page.evaluate(() => window.__bench);
    if (probe.error) throw new Error(probe.error);
    if (errors.length > 0) throw new Error(errors.join('; '));
    return {
      firstViewportMs: probe.firstViewportMs!,
      allInteractiveMs: probe.allInteractiveMs!,
      validateMs: probe.validateMs!,
      validateErrors: probe.validateErrors!,
      keystrokes,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const pageErrors = errors.length > 0 ? ` (page errors: ${errors.join('; ')})` : '';
    throw new Error(`${url}: ${message}${pageErrors}`, { cause: error });
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]) => percentile(values, 50);
const round1 = (value: number) => Number(value.toFixed(1));

function describe(load: Load): string {
  const keys =
    load.keystrokes.length > 0
      ? `, keys p50 ${percentile(load.keystrokes, 50).toFixed(1)} p95 ${percentile(load.keystrokes, 95).toFixed(1)}`
      : '';
  return (
    `first viewport ${load.firstViewportMs.toFixed(0)} ms, all ${load.allInteractiveMs.toFixed(0)} ms, ` +
    `validate ${load.validateMs.toFixed(0)} ms (${load.validateErrors} messages)${keys}`
  );
}

export async function benchForm(print: (name: string, value: number) => void): Promise<void> {
  await buildPage();
  const port = await freePort();
  const server = servePage(OUT_DIR, port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
  const log = (line: string) => {
    if (process.env.BENCH_VERBOSE) console.error(line);
  };
  try {
    const url = (name: FormName) => `http://127.0.0.1:${port}/?form=${name}&fields=${FIELDS}`;
    // Warm the browser's code cache for each form.
    for (const name of FORMS) await measure(browser, url(name), false);
    const loads = new Map<FormName, Load[]>(FORMS.map((name) => [name, []]));
    for (let i = 0; i < LOADS; i++) {
      // Alternate which form loads first, so neither always follows the other.
      const order = i % 2 === 0 ? FORMS : [...FORMS].reverse();
      for (const name of order) {
        const load = await measure(browser, url(name), i < TYPING_LOADS);
        loads.get(name)!.push(load);
        log(`${name} load ${i + 1}: ${describe(load)}`);
      }
    }
    const figures = new Map<FormName, Record<string, number>>();
    for (const name of FORMS) {
      const runs = loads.get(name)!;
      const figure = {
        first_viewport: median(runs.map((r) => r.firstViewportMs)),
        all_interactive: median(runs.map((r) => r.allInteractiveMs)),
        validate_all: median(runs.map((r) => r.validateMs)),
        keystroke_p95: percentile(
          runs.flatMap((r) => r.keystrokes),
          95,
        ),
      };
      figures.set(name, figure);
      const prefix = PREFIX[name];
      print(`${prefix}.first_viewport_ms`, Math.round(figure.first_viewport));
      print(`${prefix}.all_interactive_ms`, Math.round(figure.all_interactive));
      print(`${prefix}.validate_all_ms`, Math.round(figure.validate_all));
      print(`${prefix}.validate_errors`, Math.max(...runs.map((r) => r.validateErrors)));
      print(`${prefix}.keystroke_p95_ms`, round1(figure.keystroke_p95));
    }
    const ours = figures.get('ours')!;
    const antd = figures.get('antd')!;
    for (const figure of Object.keys(ours)) {
      print(
        `form.${figure}_ratio_ours_over_antd`,
        Number((ours[figure]! / antd[figure]!).toFixed(2)),
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}
