import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import type { ScrollResult } from './grid-page/probe';
import { ROOT, freePort } from './server-process';
import { CHROMIUM_ARGS, percentile, servePage } from './static-page';

/**
 * The editable grid (issue: editable grid) side by side with its ceiling and its origin, on the
 * same seeded data, one fresh page load per contender per measurement (`bench/grid-page/`,
 * `?grid=ours|rdg|vxe&rows=…&cols=…`):
 *
 * - `ours`: the product's `EditableGrid` (click to edit), every column with rules;
 * - `rdg`: a bare react-data-grid with its plain text editor on every column;
 * - `vxe`: vxe-table 4 on Vue 3 with plain inputs, rows and columns virtual.
 *
 * Figures, per contender (`grid.` = ours), at 10,000 × 30 and with a `.100x33` suffix at 100 × 33:
 *
 * - `mount_ms`: render call → the end of the first painted frame showing the first visible rows
 *   (median of `LOADS` loads). Each contender renders into a root mounted before the render
 *   call (a React root, a Vue app), as a grid opens inside a running app; ours inside the
 *   product's host around it (antd's ConfigProvider and App, the engine context). Creating
 *   the root and the host is not the grid's work;
 * - `scroll_p95_ms`: scrolling without pause, one viewport of rows (`VISIBLE_ROWS`) per step,
 *   `SCROLL_STEPS` steps per load: from setting the body's `scrollTop` (at the end of the frame
 *   that showed the previous step) to the end of the painted frame showing the rows now at the
 *   top — the frame time while scrolling, 16.7 ms when the grid keeps up (p95 pooled over
 *   `INTERACTIVE_LOADS` loads);
 * - `keystroke_p95_ms`: click row 3's first cell (a text column), type `KEYSTROKES` letters →
 *   per key, keydown → the end of the painted frame where the input shows it (p95 pooled);
 * - `grid.validate_ms`: `await handle.getValues()` (collect and validate every cell; median);
 * - `heap_mb`: used JS heap after mount and two forced GCs (median).
 *
 * The exact checks are in `bench/grid-page/probe.ts`. Targets are printed as ratios only; a
 * missed target never fails the run. No build of the app is needed: the page is built here.
 */

const PAGE_DIR = path.join(ROOT, 'bench/grid-page');
const OUT_DIR = path.join(ROOT, 'bench/.results/grid-page');
const GRID_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];
const LOADS = Number(process.env.BENCH_GRID_LOADS ?? 7);
const INTERACTIVE_LOADS = Math.min(LOADS, 3);
const SCROLL_STEPS = 60;
const KEYSTROKES = 30;
const KEY_ROW = 2;

const ALL = ['ours', 'rdg', 'vxe'] as const;
type ContenderName = (typeof ALL)[number];
/** `BENCH_GRID=rdg,vxe` measures only those (e.g. while ours does not build). */
const CONTENDERS = ALL.filter(
  (name) => !process.env.BENCH_GRID || process.env.BENCH_GRID.split(',').includes(name),
);
const PREFIX: Record<ContenderName, string> = { ours: 'grid', rdg: 'rdg', vxe: 'vxe' };
const SIZES = [
  { rows: 10_000, cols: 30, suffix: '' },
  { rows: 100, cols: 33, suffix: '.100x33' },
] as const;

async function buildPage(): Promise<void> {
  await build({
    configFile: path.join(PAGE_DIR, 'vite.config.ts'),
    root: PAGE_DIR,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir: OUT_DIR,
      emptyOutDir: true,
      minify: process.env.BENCH_MINIFY !== '0',
    },
  });
}

interface Load {
  readonly mountMs: number;
  readonly heapMb: number | null;
  readonly scroll: ScrollResult | null;
  readonly keystrokes: readonly number[];
  readonly validate: { readonly ms: number; readonly errors: number } | null;
}

/** One fresh page load of a contender: mount, heap, then (interactive) scroll and typing,
 * then validate (ours). */
async function measure(browser: Browser, url: string, interactive: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page.waitForFunction(
      () => window.__gridBench?.mountMs != null || window.__gridBench?.error != null,
      null,
      { timeout: 60_000, polling: 100 },
    );
    const probeError = await page.evaluate(() => window.__gridBench.error);
    if (probeError) throw new Error(probeError);
    const mountMs = await page.evaluate(() => window.__gridBench.mountMs!);
    await page.waitForTimeout(500);
    const heapMb = await page.evaluate(() => window.__gridBench.heapMb());
    let scroll: ScrollResult | null = null;
    let keystrokes: number[] = [];
    if (interactive) {
      scroll = await page.evaluate((steps) => window.__gridBench.scroll(steps), SCROLL_STEPS);
      await page.evaluate(() => window.__gridBench.scrollToTop());
      keystrokes = await type(page);
    }
    const validate = await page.evaluate(() => window.__gridBench.validate());
    if (errors.length > 0) throw new Error(errors.join('; '));
    return { mountMs, heapMb, scroll, keystrokes, validate };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const pageErrors = errors.length > 0 ? ` (page errors: ${errors.join('; ')})` : '';
    throw new Error(`${url}: ${message}${pageErrors}`, { cause: error });
  } finally {
    await context.close();
  }
}

/** Clicks row `KEY_ROW`'s first cell (scrolled to the top), waits for an editor, types letters. */
async function type(page: Page): Promise<number[]> {
  const point = await page.evaluate((row) => window.__gridBench.cellCenter(row), KEY_ROW);
  if (!point) throw new Error('no cell to click');
  await page.mouse.click(point.x, point.y);
  await page.waitForFunction(
    () =>
      document.activeElement instanceof HTMLInputElement ||
      document.activeElement instanceof HTMLTextAreaElement,
    null,
    { timeout: 10_000 },
  );
  await page.waitForTimeout(300);
  await page.evaluate(() => (window.__gridBench.keystrokes = []));
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__gridBench.keystrokes);
}

const median = (values: readonly number[]) => percentile(values, 50);
const round1 = (value: number) => Number(value.toFixed(1));
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One load's figures, for `BENCH_VERBOSE`. */
function describe(load: Load): string {
  const spread = (values: readonly number[]) =>
    `p50 ${percentile(values, 50).toFixed(1)} p95 ${percentile(values, 95).toFixed(1)}`;
  const parts = [`mount ${load.mountMs.toFixed(0)} ms`, `heap ${load.heapMb?.toFixed(1)} MB`];
  if (load.scroll) {
    parts.push(`scroll ${spread(load.scroll.frames)} (misses ${load.scroll.misses})`);
  }
  if (load.keystrokes.length > 0) parts.push(`keys ${spread(load.keystrokes)}`);
  if (load.validate) {
    parts.push(`validate ${load.validate.ms.toFixed(0)} ms (${load.validate.errors} errors)`);
  }
  return parts.join(', ');
}

export async function benchGrid(print: (name: string, value: number) => void): Promise<void> {
  await buildPage();
  const port = await freePort();
  const server = servePage(OUT_DIR, port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: GRID_CHROMIUM_ARGS,
  });
  const verbose = Boolean(process.env.BENCH_VERBOSE);
  const log = (line: string) => {
    if (verbose) console.error(line);
  };
  log(`load average at start: ${loadAverage()}`);
  try {
    const base = `http://127.0.0.1:${port}/`;
    for (const size of SIZES) {
      const url = (name: ContenderName) =>
        `${base}?grid=${name}&rows=${size.rows}&cols=${size.cols}`;
      // Warm the browser's code cache for each contender.
      for (const name of CONTENDERS) await measure(browser, url(name), false);
      const loads = new Map<ContenderName, Load[]>(CONTENDERS.map((name) => [name, []]));
      for (let i = 0; i < LOADS; i++) {
        // Rotate the order so no contender always runs first after another's load.
        for (let j = 0; j < CONTENDERS.length; j++) {
          const name = CONTENDERS[(i + j) % CONTENDERS.length]!;
          const load = await measure(browser, url(name), i < INTERACTIVE_LOADS);
          loads.get(name)!.push(load);
          log(`${name} ${size.rows}x${size.cols} load ${i + 1}: ${describe(load)}`);
        }
      }
      const figures = new Map<ContenderName, { mount: number; keys: number }>();
      for (const name of CONTENDERS) {
        const runs = loads.get(name)!;
        const prefix = PREFIX[name];
        const mount = median(runs.map((r) => r.mountMs));
        const frames = runs.flatMap((r) => r.scroll?.frames ?? []);
        const keys = percentile(
          runs.flatMap((r) => r.keystrokes),
          95,
        );
        figures.set(name, { mount, keys });
        print(`${prefix}.mount_ms${size.suffix}`, Math.round(mount));
        print(`${prefix}.scroll_p95_ms${size.suffix}`, round1(percentile(frames, 95)));
        print(`${prefix}.keystroke_p95_ms${size.suffix}`, round1(keys));
        const misses = runs.reduce((sum, r) => sum + (r.scroll?.misses ?? 0), 0);
        if (misses > 0) print(`${prefix}.scroll_misses${size.suffix}`, misses);
        const validations = runs.flatMap((r) => (r.validate ? [r.validate] : []));
        if (validations.length > 0) {
          const validateMs = median(validations.map((v) => v.ms));
          print(`${prefix}.validate_ms${size.suffix}`, Math.round(validateMs));
          print(`${prefix}.validate_errors${size.suffix}`, validations[0]!.errors);
        }
        const heaps = runs.flatMap((r) => (r.heapMb === null ? [] : [r.heapMb]));
        if (heaps.length > 0) print(`${prefix}.heap_mb${size.suffix}`, round1(median(heaps)));
      }
      const ours = figures.get('ours');
      const rdg = figures.get('rdg');
      const vxe = figures.get('vxe');
      const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
      if (ours && rdg) {
        print(`grid.mount_ratio_rdg${size.suffix}`, ratio(ours.mount, rdg.mount));
        print(`grid.keystroke_ratio_rdg${size.suffix}`, ratio(ours.keys, rdg.keys));
      }
      if (ours && vxe) print(`vxe.mount_ratio_grid${size.suffix}`, ratio(vxe.mount, ours.mount));
    }
  } finally {
    await browser.close();
    server.close();
  }
  log(`load average at end: ${loadAverage()}`);
}
