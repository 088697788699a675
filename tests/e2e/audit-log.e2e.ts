import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  dismissNotifications,
  launchBrowser,
  login,
  openMenu,
  openPage,
  rowAction,
  screenshot,
  settle,
  waitForPageRows,
  waitForScreen,
  type PageSession,
} from './support';
import { api } from './api';

/**
 * 日志管理 end to end, as admin (issue 23): a 职务 renamed through the API shows in 系统管理 →
 * 日志管理 as an 操作日志 row of PUT /sys/position/edit, and its 详情 shows the name before and
 * after; the login log lists the sign-in. At 1440 and 375 px.
 */

const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 375, height: 740 } as const;
const STAMP = Date.now() % 1_000_000;
const CODE = `audit_${STAMP}`;
const BEFORE = `审计前${STAMP}`;
const AFTER = `审计后${STAMP}`;

let browser: Browser;
let admin: PageSession;

const logScreen = (page: Page) => page.locator('.sa-page[data-page-code="sys_log"]:visible');
const editRow = (page: Page) =>
  logScreen(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: '/sys/position/edit' })
    .first();
const detail = (page: Page) => page.locator('.ant-drawer-content:visible');

/** Shows only 操作日志 (the pinned 日志类型 filter), then 查询. */
async function onlyOperations(page: Page): Promise<void> {
  const screen = logScreen(page);
  await screen
    .locator('.ant-select')
    .filter({ hasText: /请选择日志类型|日志类型/ })
    .first()
    .click();
  await page.locator('.ant-select-dropdown:visible').getByText('操作日志', { exact: true }).click();
  await screen
    .locator('button[type="submit"]')
    .filter({ hasText: /查\s*询/ })
    .click();
  await editRow(page).waitFor();
}

async function expectDiff(page: Page): Promise<void> {
  const drawer = detail(page);
  await drawer.getByText('PUT /sys/position/edit').waitFor();
  const nameRow = drawer.locator('tr').filter({ has: page.getByText('name', { exact: true }) });
  await nameRow.getByText(BEFORE).waitFor();
  await nameRow.getByText(AFTER).waitFor();
  expect(await drawer.getByText('position:edit').count()).toBeGreaterThan(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, WIDE);
  await login(admin.page, 'admin', '123456');
  await dismissNotifications(admin.page);
  const added = await api<string>(admin.page, 'POST', '/sys/position/add', {
    code: CODE,
    name: BEFORE,
    postRank: '1',
  });
  expect(added.success, added.message).toBe(true);
  const edited = await api<null>(admin.page, 'PUT', '/sys/position/edit', {
    id: added.result,
    code: CODE,
    name: AFTER,
    postRank: '1',
  });
  expect(edited.success, edited.message).toBe(true);
});

afterEach(() => {
  admin?.collector.assertNone();
});

afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

describe('日志管理', () => {
  it('lists the sign-in and the edit; 详情 shows the field before and after (1440)', async () => {
    const { page } = admin;
    await openMenu(page, '系统管理', '日志管理');
    await waitForScreen(page, '/isystem/log', '日志管理');
    const rows = await waitForPageRows(page, 'sys_log');
    await rows.filter({ hasText: '登录成功' }).first().waitFor();
    await settle(page);
    await screenshot(page, 'audit-log-1440-list');

    await onlyOperations(page);
    await rowAction(page, editRow(page), '详情');
    await expectDiff(page);
    await settle(page);
    await screenshot(page, 'audit-log-1440-detail', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('works at 375 px', async () => {
    const narrow = await openPage(browser, NARROW);
    try {
      const { page } = narrow;
      await login(page, 'admin', '123456');
      await dismissNotifications(page);
      await page.goto('/isystem/log');
      await waitForPageRows(page, 'sys_log');
      await settle(page);
      await screenshot(page, 'audit-log-375-list');
      await onlyOperations(page);
      await rowAction(page, editRow(page), '详情');
      await expectDiff(page);
      await settle(page);
      await screenshot(page, 'audit-log-375-detail', { fullPage: false });
    } finally {
      await narrow.close();
    }
  });
});
