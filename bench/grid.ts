import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import type { ScrollResult } from './grid-page/probe';
import { ROOT, freePort } from './server-process';
import { CHROMIUM_ARGS, percentile, servePage } from './static-page';

/**
 * The editable grid (issue: editable grid) side by side with the two libraries it is measured
 * against, on the same seeded data and doing the same work, one fresh page load per contender
 * per measurement (`bench/grid-page/`, `?grid=ours|rdg|vxe&rows=…&cols=…`):
 *
 * - `ours`: the product's `EditableGrid` as the page engine mounts a detail table, every
 *   option at its default: toolbar, row numbers (with the row menu), tick-box selection, click
 *   to edit, 400 px height limit, live sync and flashes on; every column with rules;
 * - `rdg`: a bare react-data-grid with the same antd toolbar, a row-number column, its
 *   `SelectColumn`, its plain text editor on every column; validation a plain loop;
 * - `vxe`: vxe-table 4 on Vue 3 with its toolbar, a sequence and a checkbox column, plain
 *   inputs, rows and columns virtual; validation its own `fullValidate(true)`.
 *
 * All three have the same rules on every column (`data.ts`), the same box (400 px), row and
 * header heights and column widths. Figures, per contender (`grid.` = ours, `rdg.`, `vxe.`),
 * at 10,000 × 30 and with a `.100x33` suffix at 100 × 33:
 *
 * - `mount_ms`: render call → the end of the first painted frame showing the toolbar and the
 *   first visible rows (median of `LOADS` loads). Each contender renders into a root mounted
 *   before the render call (a React root, a Vue app), as a grid opens inside a running app;
 *   ours inside the product's host around it (antd's ConfigProvider and App, the engine
 *   context). Creating the root and the host is not the grid's work;
 * - `scroll_p95_ms`: scrolling without pause, one viewport of rows (`VISIBLE_ROWS`) per step,
 *   `SCROLL_STEPS` steps per load: from setting the body's `scrollTop` (at the end of the frame
 *   that showed the previous step) to the end of the painted frame showing the rows now at the
 *   top — the frame time while scrolling, 16.7 ms when the grid keeps up (p95 pooled over
 *   `INTERACTIVE_LOADS` loads);
 * - `keystroke_p95_ms`: click row 3's first data cell (a text column), type `KEYSTROKES`
 *   letters → per key, keydown → the end of the painted frame where the input shows it (p95
 *   pooled);
 * - `validate_ms`: validate every cell and count the failing ones (ours: `await
 *   handle.getValues()`; median), and `validate_errors`, the count (the same for all three,
 *   else the run fails: 10 at 10,000 rows, 1 at 100);
 * - `heap_mb`: used JS heap after mount and two forced GCs (median).
 *
 * Then every ratio as ours ÷ baseline: `grid.<figure>_ratio_ours_over_rdg` and
 * `…_ours_over_vxe` for mount, scroll_p95, keystroke_p95, validate and heap (above 1: ours is
 * slower or bigger). The exact checks are in `bench/grid-page/probe.ts`. A missed target never
 * fails the run. No build of the app is needed: the page is built here.
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

interface Figures {
  /** Median mount (ms). */
  readonly mount: number;
  /** p95 of the scroll frames pooled over the interactive loads (ms). */
  readonly scroll: number;
  readonly misses: number;
  /** p95 of the keystrokes pooled over the interactive loads (ms). */
  readonly keys: number;
  /** Median validate-all (ms) and the failing cells it found. */
  readonly validate: { readonly ms: number; readonly errors: number } | null;
  /** Median heap after mount (MB). */
  readonly heap: number | null;
}

function summarize(runs: readonly Load[]): Figures {
  const validations = runs.flatMap((r) => (r.validate ? [r.validate] : []));
  const heaps = runs.flatMap((r) => (r.heapMb === null ? [] : [r.heapMb]));
  return {
    mount: median(runs.map((r) => r.mountMs)),
    scroll: percentile(
      runs.flatMap((r) => r.scroll?.frames ?? []),
      95,
    ),
    misses: runs.reduce((sum, r) => sum + (r.scroll?.misses ?? 0), 0),
    keys: percentile(
      runs.flatMap((r) => r.keystrokes),
      95,
    ),
    validate:
      validations.length > 0
        ? { ms: median(validations.map((v) => v.ms)), errors: validations[0]!.errors }
        : null,
    heap: heaps.length > 0 ? median(heaps) : null,
  };
}

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
      const figures = new Map<ContenderName, Figures>();
      for (const name of CONTENDERS) {
        const figure = summarize(loads.get(name)!);
        figures.set(name, figure);
        const prefix = PREFIX[name];
        print(`${prefix}.mount_ms${size.suffix}`, Math.round(figure.mount));
        print(`${prefix}.scroll_p95_ms${size.suffix}`, round1(figure.scroll));
        print(`${prefix}.keystroke_p95_ms${size.suffix}`, round1(figure.keys));
        if (figure.misses > 0) print(`${prefix}.scroll_misses${size.suffix}`, figure.misses);
        if (figure.validate) {
          print(`${prefix}.validate_ms${size.suffix}`, Math.round(figure.validate.ms));
          print(`${prefix}.validate_errors${size.suffix}`, figure.validate.errors);
        }
        if (figure.heap !== null) print(`${prefix}.heap_mb${size.suffix}`, round1(figure.heap));
      }
      const ours = figures.get('ours');
      for (const baseline of ['rdg', 'vxe'] as const) {
        const other = figures.get(baseline);
        if (!ours || !other) continue;
        if (ours.validate && other.validate && ours.validate.errors !== other.validate.errors) {
          throw new Error(
            `ours finds ${ours.validate.errors} failing cells, ${baseline} ${other.validate.errors}: not the same work`,
          );
        }
        const ratio = (
          figure: string,
          a: number | null | undefined,
          b: number | null | undefined,
        ) => {
          if (a == null || b == null || !(b > 0)) return;
          print(
            `grid.${figure}_ratio_ours_over_${baseline}${size.suffix}`,
            Number((a / b).toFixed(2)),
          );
        };
        ratio('mount', ours.mount, other.mount);
        ratio('scroll_p95', ours.scroll, other.scroll);
        ratio('keystroke_p95', ours.keys, other.keys);
        ratio('validate', ours.validate?.ms, other.validate?.ms);
        ratio('heap', ours.heap, other.heap);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  log(`load average at end: ${loadAverage()}`);
}
