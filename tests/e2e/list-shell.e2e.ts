import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  browserSession,
  settle,
  waitForPageRows,
  waitForScreen,
  type Viewport,
} from './support';
import { linkUnderSystem } from './api';

/**
 * Issue 12, list screens as a new user sees them, at 1440 px (two-column menu) and at 375 px:
 * query forms whose fields of a row line up, a list that shows its frame and never 暂无数据
 * before its first answer, the 操作 column within reach on a phone, and the master-detail grid
 * (cell borders, every column reachable, no required marks in 详情).
 */

const WIDE: Viewport = { width: 1440, height: 900 };

/** Built-in pages linked under 系统管理 (the two-column menu) for these tests only. */
const LINKED = [
  { code: 'demo_customer', url: '/isystem/e2e-customer', name: '客户档案' },
  { code: 'demo_purchase', url: '/isystem/e2e-purchase', name: '采购订单' },
] as const;

/** Links the pages under 系统管理 and returns a function removing them again. */
interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/**
 * The visible query fields, each with its column's, label's and control's boxes (the control:
 * the widget's outer element beside the label, of any type).
 */
async function queryFields(screen: Locator) {
  return screen.locator('.sa-query-form [data-query-field]').evaluateAll((cols) =>
    cols
      .filter((col) => (col as HTMLElement).offsetParent !== null)
      .map((col) => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        };
        return {
          name: (col as HTMLElement).dataset.queryField!,
          col: box(col),
          label: box(col.querySelector('.sa-query-label')),
          // The widget's own outer element, whatever its type (input, affix wrapper, radio group…).
          control: box(col.querySelector('.sa-query-label')!.nextElementSibling!.firstElementChild),
        };
      }),
  );
}

/** Fields grouped by the line they sit on (their columns' top edge). */
function lines<T extends { col: Box }>(fields: readonly T[]): T[][] {
  const byTop = new Map<number, T[]>();
  for (const field of fields) {
    const key = Math.round(field.col.top);
    byTop.set(key, [...(byTop.get(key) ?? []), field]);
  }
  return [...byTop.values()];
}

/** Every line's labels and controls share their top edge; no label wraps above its control. */
async function expectQueryRowsAligned(screen: Locator): Promise<void> {
  const expand = screen.locator('.sa-query-buttons').getByRole('button', { name: /展\s*开/ });
  if ((await expand.count()) > 0) await expand.click();
  await settle(screen.page());
  const fields = await queryFields(screen);
  expect(fields.length).toBeGreaterThan(1);
  for (const line of lines(fields)) {
    const tops = line.map((f) => Math.round(f.control.top));
    const names = line.map((f) => `${f.name} (${Math.round(f.control.top)})`).join(', ');
    expect(new Set(tops).size, `controls of ${names}`).toBe(1);
    for (const field of line) {
      // The label sits beside its control (same line), not above it.
      expect(field.label.bottom, `${field.name}: label above its control`).toBeGreaterThan(
        field.control.top,
      );
      expect(field.label.right, field.name).toBeLessThanOrEqual(field.control.left + 1);
    }
  }
  // 查询 / 重置 / 收起 on one line.
  const buttons = await screen
    .locator('.sa-query-buttons button')
    .evaluateAll((list) => list.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(new Set(buttons).size).toBe(1);
}

/** Opens a linked page by its address (the phone layout has no menu columns to click). */
async function openLinked(page: Page, name: string, url: string, code: string) {
  await page.goto(url);
  await waitForScreen(page, url, name);
  return waitForPageRows(page, code);
}

function dialog(page: Page): Locator {
  return page.locator('.ant-modal:visible');
}

/** Every shipped list screen with a query form (系统管理's screens; the demo pages below). */
const LIST_SCREENS = [
  { url: '/isystem/user', code: 'sys_user' },
  { url: '/isystem/role', code: 'sys_role' },
  { url: '/isystem/permission', code: 'sys_permission' },
  { url: '/isystem/depart', code: 'sys_depart' },
  { url: '/isystem/dict', code: 'sys_dict' },
  { url: '/isystem/annountCement', code: 'sys_announcement' },
  { url: '/isystem/position', code: 'sys_position' },
  { url: '/isystem/category', code: 'sys_category' },
  { url: '/isystem/checkRule', code: 'sys_check_rule' },
  // 定时任务: a 状态 radio group beside an input (it sat 5 px lower).
  { url: '/isystem/quartz', code: 'sys_quartz_job' },
] as const;

for (const width of [1280, 1440, 1920]) {
  describe(`every shipped list page's query form at ${width} px`, () => {
    const session = browserSession({ viewport: { width, height: 900 }, user: 'admin' });
    let unlink: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      unlink = await linkUnderSystem(session.page, LINKED);
    });
    afterAll(async () => {
      await unlink?.();
    });

    it('shares one top edge per row, whatever the control type', async () => {
      const { page } = session;
      for (const { url, code } of [...LIST_SCREENS, ...LINKED]) {
        await page.goto(url);
        const screen = page.locator(`.sa-page[data-page-code="${code}"]:visible`);
        await screen.locator('.sa-query-form').waitFor();
        await expectQueryRowsAligned(screen);
      }
    });
  });
}

for (const viewport of [WIDE, MOBILE]) {
  describe(`list screens at ${viewport.width} px`, () => {
    const session = browserSession({ viewport, user: 'admin' });
    let unlink: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      unlink = await linkUnderSystem(session.page, LINKED);
    });
    afterAll(async () => {
      await unlink?.();
    });

    it('用户管理: the fields of each query row share their top edge', async () => {
      const { page } = session;
      await page.goto('/isystem/user');
      const screen = await waitForPageRows(page, 'sys_user');
      await expectQueryRowsAligned(screen);
    });

    it('客户档案 (online page, labels of four characters): query rows aligned', async () => {
      const screen = await openLinked(session.page, '客户档案', LINKED[0].url, 'demo_customer');
      await expectQueryRowsAligned(screen);
    });

    it('shows the list frame and no 暂无数据 before the first answer', async () => {
      const { page } = session;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await page.route('**/online/cgform/api/demo_purchase/list**', async (route) => {
        asked = true;
        await held;
        await route.continue();
      });
      try {
        await page.goto(LINKED[1].url);
        const screen = page.locator('.sa-page[data-page-code="demo_purchase"]:visible');
        await screen.locator('.ant-table-thead').waitFor();
        await expect.poll(() => asked).toBe(true);
        // Unanswered: the frame (query form, toolbar, table header) under a spinner.
        expect(await screen.locator('.sa-query-form').isVisible()).toBe(true);
        expect(await screen.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(1);
        expect(await screen.getByText('暂无数据').count()).toBe(0);
        expect(await page.getByText('暂无数据').count()).toBe(0);
        release();
        await screen.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
        expect(await screen.getByText('暂无数据').count()).toBe(0);
      } finally {
        release();
        await page.unroute('**/online/cgform/api/demo_purchase/list**');
      }
    });

    it('keeps the 操作 column within the screen and its links usable', async () => {
      const { page } = session;
      const screen = await openLinked(page, '客户档案', LINKED[0].url, 'demo_customer');
      const cell = screen.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').last();
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await cell.getByText('编辑').click();
      await dialog(page).locator('.ant-modal-title').filter({ hasText: '编辑' }).waitFor();
      // Its lazily loaded fields (说明's markdown editor) have drawn: the buttons no longer move.
      await dialog(page).getByRole('toolbar', { name: 'Markdown 工具栏' }).waitFor();
      await dialog(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await dialog(page).waitFor({ state: 'detached' });
    });

    it('master-detail grid: cell borders, every column reachable, no required marks in 详情', async () => {
      const { page } = session;
      const screen = await openLinked(page, '采购订单', LINKED[1].url, 'demo_purchase');
      const firstRow = screen.locator('.ant-table-tbody tr.ant-table-row').first();

      await firstRow.getByText('编辑').click();
      const grid = dialog(page).locator('.ant-tabs-tabpane-active .eg-grid');
      await grid.locator('.rdg-row .rdg-cell').first().waitFor();
      const border = await grid
        .locator('.rdg-row .rdg-cell')
        .first()
        .evaluate((cell) => getComputedStyle(cell).borderInlineEndWidth);
      expect(border).toBe('1px');
      // The edit grid marks its required columns.
      expect(await grid.locator('.eg-required').count()).toBeGreaterThan(0);
      // Scrolled to its end, the grid shows its last column inside its own box.
      await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await settle(page);
      const last = grid.locator('[role="columnheader"]').last();
      const [gridBox, lastBox] = [(await grid.boundingBox())!, (await last.boundingBox())!];
      expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
      expect(lastBox.x).toBeGreaterThanOrEqual(gridBox.x - 1);
      await dialog(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await dialog(page).waitFor({ state: 'detached' });

      await firstRow
        .getByText(/详情|更多/)
        .first()
        .click();
      if ((await firstRow.getByText('详情').count()) === 0) {
        await page.locator('.ant-dropdown:visible').getByText('详情').click();
      }
      const readOnly = dialog(page).locator('.ant-tabs-tabpane-active .eg-grid');
      await readOnly.locator('.rdg-row .rdg-cell').first().waitFor();
      expect(await readOnly.locator('[role="columnheader"]').count()).toBeGreaterThan(2);
      expect(await dialog(page).locator('.eg-required').count()).toBe(0);
      expect(await readOnly.locator('[role="columnheader"]').allInnerTexts()).not.toContainEqual(
        expect.stringContaining('*'),
      );
      await dialog(page)
        .getByRole('button', { name: /关\s*闭/ })
        .click();
    });
  });
}
