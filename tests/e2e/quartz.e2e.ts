import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  dismissNotifications,
  launchBrowser,
  login,
  openMenu,
  openPage,
  rowAction,
  screenshot,
  settle,
  toast,
  waitForPageRows,
  waitForScreen,
  waitUntil,
  type PageSession,
} from './support';
import { api } from './api';

/**
 * 定时任务 end to end, as admin: 系统管理 → 定时任务, 新增 with the cron builder (clicked, not
 * typed), then a running 发布到期的通告 job that releases a due announcement on its next
 * minute: the bell shows it arrive, and the job's 日志 has a 成功 row.
 */

const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 375, height: 740 } as const;
const STAMP = Date.now() % 1_000_000;
const JOB = `发布通告${STAMP}`;
const TITLE = `定时发布${STAMP}`;

let browser: Browser;
let admin: PageSession;
let announcementId = '';

const jobScreen = (page: Page) => page.locator('.sa-page[data-page-code="sys_quartz_job"]:visible');
const jobRow = (page: Page, name: string) =>
  jobScreen(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
const formDialog = (page: Page) =>
  page.locator('.ant-modal:visible').filter({ has: page.getByText('任务名称') });
const cronDialog = (page: Page) => page.locator('.cron-dialog .ant-modal-content:visible');

/** Builds `0 0/5 * * * ?` by clicking: 秒 指定 0, 分 从 0 开始每 5 分钟, 年 不填. */
async function buildEveryFiveMinutes(page: Page): Promise<Locator> {
  const form = formDialog(page);
  await form.getByRole('button', { name: '打开Cron表达式生成器' }).click();
  const dialog = cronDialog(page);
  await dialog.waitFor();

  await dialog.getByRole('tab', { name: '秒' }).click();
  let panel = dialog.getByRole('tabpanel');
  await panel.getByRole('radio', { name: '指定' }).check();
  await panel
    .locator('.cron-specific-second')
    .getByRole('checkbox', { name: '0', exact: true })
    .check();

  await dialog.getByRole('tab', { name: '分' }).click();
  panel = dialog.getByRole('tabpanel');
  await panel.getByRole('radio', { name: /开始，每/ }).check();
  const start = panel.getByRole('spinbutton', { name: '开始', exact: true });
  await start.fill('0');
  await start.press('Tab');
  const every = panel.getByRole('spinbutton', { name: '间隔' });
  await every.fill('5');
  await every.press('Tab');

  // No year: the six-part form.
  await dialog.getByRole('tab', { name: '年' }).click();
  await dialog.getByRole('tabpanel').getByRole('radio', { name: '不填' }).check();

  const expression = dialog.getByRole('textbox', { name: 'Cron表达式' });
  await waitUntil(
    async () => (await expression.inputValue()) === '0 0/5 * * * ?',
    'the builder to show 0 0/5 * * * ?',
  );
  // The preview follows 500 ms after the last change: ten times, five minutes apart.
  const times = dialog.locator('.cron-preview-times li');
  const fiveMinutely = /^\d{4}-\d\d-\d\d \d\d:\d[05]:00$/;
  await waitUntil(async () => {
    const shown = await times.allInnerTexts();
    return shown.length === 10 && shown.every((time) => fiveMinutely.test(time));
  }, 'ten times five minutes apart in the preview');
  return dialog;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, WIDE);
  await login(admin.page, 'admin', '123456');
  await dismissNotifications(admin.page);

  const me = await api<{ records: { id: string; username: string }[] }>(
    admin.page,
    'GET',
    '/sys/user/list?username=admin',
  );
  const adminId = me.result.records.find((u) => u.username === 'admin')!.id;
  // A draft whose start time has come (a day back: in any time zone), to admin only.
  const yesterday = new Date(Date.now() - 24 * 3600_000);
  const start = `${yesterday.toISOString().slice(0, 10)} 00:00:00`;
  const added = await api<null>(admin.page, 'POST', '/sys/annountCement/add', {
    titile: TITLE,
    msgContent: '<p>到了开始时间由定时任务发布</p>',
    msgCategory: '1',
    msgType: 'USER',
    userIds: adminId,
    priority: 'M',
    startTime: start,
  });
  expect(added.success, added.message).toBe(true);
  const found = await api<{ records: { id: string; sendStatus: string }[] }>(
    admin.page,
    'GET',
    `/sys/annountCement/list?titile=${encodeURIComponent(TITLE)}`,
  );
  expect(found.result.records[0]?.sendStatus).toBe('0');
  announcementId = found.result.records[0]!.id;
});

afterEach(() => {
  admin?.collector.assertNone();
});

afterAll(async () => {
  // The job stops with the test: nothing fires into the files after this one.
  if (admin) {
    const jobs = await api<{ records: { id: string }[] }>(
      admin.page,
      'GET',
      `/sys/quartzJob/list?jobName=${encodeURIComponent(JOB)}`,
    );
    for (const job of jobs.result?.records ?? []) {
      await api(admin.page, 'GET', `/sys/quartzJob/pause?id=${job.id}`);
    }
  }
  await admin?.close();
  await browser?.close();
});

describe('定时任务', () => {
  it('opens from 系统管理 → 定时任务, and 新增 builds an expression in the cron dialog', async () => {
    const { page } = admin;
    await openMenu(page, '系统管理', '定时任务');
    await waitForScreen(page, '/isystem/quartz', '定时任务');
    await waitForPageRows(page, 'sys_quartz_job');
    await settle(page);
    await screenshot(page, 'quartz-1440-list');

    await jobScreen(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await formDialog(page).waitFor();
    const dialog = await buildEveryFiveMinutes(page);
    await settle(page);
    await screenshot(page, 'quartz-1440-builder', { fullPage: false });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cronInput = formDialog(page).locator('input[placeholder*="cron"]');
    expect(await cronInput.inputValue()).toBe('0 0/5 * * * ?');
  });

  it('a running 发布到期的通告 job releases the due announcement: the bell shows it', async () => {
    const { page } = admin;
    const form = formDialog(page);
    await form.getByPlaceholder('请输入任务名称').fill(JOB);
    await form.locator('.ant-select').filter({ hasText: '请选择处理器' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('发布到期的通告').click();
    const cronInput = form.locator('input[placeholder*="cron"]');
    await cronInput.fill('0 * * * * ?');
    await form.getByPlaceholder(/^JSON/).fill(JSON.stringify({ id: announcementId }));
    await form.getByRole('radio', { name: '正常' }).check();
    await settle(page);
    await screenshot(page, 'quartz-1440-form', { fullPage: false });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '新增成功！').waitFor();
    await form.waitFor({ state: 'hidden' });
    const row = jobRow(page, JOB);
    await row.getByText('正常').waitFor();

    // Within the next minute the job fires; the bell hears the release live.
    const arrived = page.locator('.ant-notification-notice').filter({ hasText: TITLE });
    await arrived.waitFor({ timeout: 75_000 });
    await page.getByRole('button', { name: '消息通知' }).click();
    await page.locator('.ant-popover:visible').getByText(TITLE).waitFor();
    await page.keyboard.press('Escape');
    await dismissNotifications(page);
  });

  it('the job’s 日志 lists the run as 成功 (定时)', async () => {
    const { page } = admin;
    await rowAction(page, jobRow(page, JOB), '日志');
    const log = await waitForPageRows(page, 'sys_quartz_job_log');
    const first = log.locator('.ant-table-tbody tr.ant-table-row').first();
    expect(await first.innerText()).toContain('成功');
    expect(await first.innerText()).toContain('定时');
    await settle(page);
    await screenshot(page, 'quartz-1440-log', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('reads at 375 px: the list, the builder and the log', async () => {
    const narrow = await openPage(browser, NARROW);
    try {
      const { page } = narrow;
      await login(page, 'admin', '123456');
      await dismissNotifications(page);
      await page.goto('/isystem/quartz');
      await waitForPageRows(page, 'sys_quartz_job');
      await settle(page);
      await screenshot(page, 'quartz-375-list');

      await jobScreen(page)
        .getByRole('button', { name: /新\s*增/ })
        .click();
      await formDialog(page).waitFor();
      const dialog = await buildEveryFiveMinutes(page);
      await settle(page);
      await screenshot(page, 'quartz-375-builder', { fullPage: false });
      await dialog.getByRole('button', { name: /关\s*闭/ }).click();
      await formDialog(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await formDialog(page).waitFor({ state: 'hidden' });

      await rowAction(page, jobRow(page, JOB), '日志');
      await waitForPageRows(page, 'sys_quartz_job_log');
      await settle(page);
      await screenshot(page, 'quartz-375-log', { fullPage: false });
    } finally {
      await narrow.close();
    }
  });
});
