import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  dismissNotifications,
  launchBrowser,
  login,
  openPage,
  screenshot,
  settle,
  waitForPageRows,
  waitForPath,
  waitUntil,
  type PageSession,
} from './support';
import { api } from './api';

/**
 * Notices end to end (shell.md §2, §4): the admin releases a notice to one user; that user sees
 * it arrive live, reads it, and finds it read in 我的消息; a user it was not sent to sees
 * nothing. The announcement is created through the API (the 指定用户 picker is built
 * elsewhere) and released with 系统通告's 发布.
 */

const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 375, height: 740 } as const;
// Short enough for the title column (longer ones are cut with …).
const TITLE = `停电通知${Date.now() % 1_000_000}`;

let browser: Browser;
let admin: PageSession;
let target: PageSession;
let other: PageSession;

interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly status: number;
}

/** An API call from a signed-in page (its token), answering the envelope. */
function bell(page: Page): Locator {
  return page.getByRole('button', { name: '消息通知' });
}

/** The unread total on the bell (0 without a badge). */
async function unread(page: Page): Promise<number> {
  const count = bell(page).locator('.ant-scroll-number');
  if ((await count.count()) === 0) return 0;
  const title = await count.getAttribute('title');
  return Number(title ?? (await count.innerText()));
}

function notification(page: Page): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: TITLE });
}

function detail(page: Page): Locator {
  return page.locator('.ant-modal:visible').filter({ hasText: TITLE });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, WIDE);
  await login(admin.page, 'admin', '123456');
  await dismissNotifications(admin.page);
  const staffAnswer = await api<{ records: UserRow[] }>(
    admin.page,
    'GET',
    '/sys/user/list?username=staff',
  );
  const users = await api<{ records: UserRow[] }>(admin.page, 'GET', '/sys/user/list?pageSize=20');
  expect(users.success).toBe(true);
  const staff = staffAnswer.result.records.find((u) => u.username === 'staff');
  const bystander = users.result.records.find(
    (u) => !['admin', 'staff'].includes(u.username) && u.status === 1,
  );
  if (!staff || !bystander) throw new Error('the demo users staff and one more are needed');

  target = await openPage(browser, WIDE);
  await login(target.page, 'staff', '123456');
  await dismissNotifications(target.page);
  other = await openPage(browser, WIDE);
  await login(other.page, bystander.username, '123456');
  await dismissNotifications(other.page);

  const added = await api<null>(admin.page, 'POST', '/sys/annountCement/add', {
    titile: TITLE,
    msgContent: '<p>周五 9:00-12:00 停电检修</p>',
    msgCategory: '1',
    msgType: 'USER',
    userIds: staff.id,
    priority: 'H',
    openType: 'url',
    openPage: '/isystem/user',
  });
  expect(added.success, added.message).toBe(true);
});

afterEach(() => {
  for (const session of [admin, target, other]) session?.collector.assertNone();
});

afterAll(async () => {
  await other?.close();
  await target?.close();
  await admin?.close();
  await browser?.close();
});

describe('a notice released to one user', () => {
  let before = 0;

  it('is released with 系统通告 → 发布', async () => {
    before = await unread(target.page);
    const { page } = admin;
    await page.goto('/isystem/annountCement');
    const screen = await waitForPageRows(page, 'sys_announcement');
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: TITLE });
    await row.locator('a', { hasText: '发布' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.getByText('已发布').waitFor();
  });

  it('reaches the target live: a notification, and the bell counts it', async () => {
    const { page } = target;
    await notification(page).waitFor();
    await expect.poll(() => unread(page)).toBe(before + 1);
    await settle(page);
    await screenshot(page, 'notices-1440-notification', { fullPage: false });
  });

  it('shows nothing to a user it was not sent to', async () => {
    const { page } = other;
    // The target already has it: a push to this user would have arrived as well.
    expect(await notification(page).count()).toBe(0);
    await bell(page).click();
    await page.locator('.ant-popover:visible').getByText('查看更多').waitFor();
    expect(await page.locator('.ant-popover:visible').getByText(TITLE).count()).toBe(0);
    await page.locator('.ant-popover:visible').getByText('查看更多').click();
    await waitForPath(page, '/settings/notice/mine');
    await page.locator('.sa-page[data-page-code="sys_notice_mine"]:visible').waitFor();
    await settle(page);
    expect(await page.locator('.ant-table-tbody').getByText(TITLE).count()).toBe(0);
  });

  it('查看详情 on the notification reads it: the detail opens and the count drops', async () => {
    const { page } = target;
    await notification(page).getByRole('button', { name: '查看详情' }).click();
    const dialog = detail(page);
    await dialog.getByText('周五 9:00-12:00 停电检修').waitFor();
    await dialog.getByText(/发布时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).waitFor();
    await expect.poll(() => unread(page)).toBe(before);
    await settle(page);
    await screenshot(page, 'notices-1440-detail', { fullPage: false });
    // Its openPage is a path of this site: 查看详情 goes there.
    await dialog.getByRole('button', { name: '查看详情' }).click();
    await waitForPath(page, '/isystem/user');
  });

  it('is listed read in 我的消息, and 查看 there shows it again', async () => {
    const { page } = target;
    await bell(page).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByText('查看更多').waitFor();
    await settle(page);
    await screenshot(page, 'notices-1440-popover', { fullPage: false });
    await popover.getByText('查看更多').click();
    await waitForPath(page, '/settings/notice/mine');
    const screen = await waitForPageRows(page, 'sys_notice_mine');
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: TITLE });
    await row.getByText('已读').waitFor();
    await row.getByText('通知公告').waitFor();
    await settle(page);
    await screenshot(page, 'notices-1440-mine');
    await row.locator('a', { hasText: '查看' }).click();
    await detail(page).getByText('周五 9:00-12:00 停电检修').waitFor();
    await detail(page)
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await detail(page).waitFor({ state: 'hidden' });
  });

  it('filters 我的消息 by read state', async () => {
    const { page } = target;
    const screen = page.locator('.sa-page[data-page-code="sys_notice_mine"]:visible');
    await screen.locator('.ant-select').filter({ hasText: '请选择阅读状态' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('未读').click();
    await screen.getByRole('button', { name: /^(search )?查\s*询$/ }).click();
    await settle(page);
    expect(await screen.locator('.ant-table-tbody').getByText(TITLE).count()).toBe(0);
  });

  it('looks right at 375 px: bell, popover, detail, 我的消息', async () => {
    const { page } = target;
    await page.setViewportSize(NARROW);
    await page.goto('/settings/notice/mine');
    await page.locator('.sa-page[data-page-code="sys_notice_mine"]:visible').waitFor();
    await settle(page);
    await screenshot(page, 'notices-375-mine');
    await bell(page).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByText('查看更多').waitFor();
    await settle(page);
    const box = await popover.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= NARROW.width).toBe(true);
    await screenshot(page, 'notices-375-popover', { fullPage: false });
    // The bell toggles it.
    await bell(page).click();
    await waitUntil(async () => (await popover.count()) === 0, 'the popover to close');
  });
});

describe('a notice whose HTML was not cleaned', () => {
  it('is cleaned again in the browser before it is shown', async () => {
    const { page } = target;
    await page.setViewportSize(WIDE);
    // The server's answer is replaced: what if a row reached the database uncleaned?
    await page.route('**/module/default/notice/system/list-notice-type-by-terminal**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          code: 200,
          message: '',
          timestamp: Date.now(),
          result: [
            {
              key: '1',
              description: '通知公告',
              unread: 1,
              notices: [
                {
                  id: 'raw-1',
                  title: `${TITLE} 原样`,
                  content:
                    '<p>正文</p><img src="x" onerror="window.__pwned = 1">' +
                    '<script>window.__pwned = 2</script><a href="javascript:window.__pwned = 3">链接</a>',
                  createTime: '2026-11-20 09:30:00',
                  openType: 'url',
                  openPage: 'https://evil.example/',
                },
              ],
            },
          ],
        }),
      }),
    );
    await page.route('**/module/default/notice/system/notice/read**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, code: 200, message: '', result: null }),
      }),
    );
    await page.reload();
    await bell(page).click();
    await page.getByRole('button', { name: `查看详情 ${TITLE} 原样` }).waitFor();
    await settle(page);
    await screenshot(page, 'notices-1440-popover-unread', { fullPage: false });
    await page.getByRole('button', { name: `查看详情 ${TITLE} 原样` }).click();
    const dialog = page.locator('.ant-modal:visible').filter({ hasText: '正文' });
    await dialog.waitFor();
    expect(await dialog.locator('script').count()).toBe(0);
    expect(await dialog.locator('img').getAttribute('onerror')).toBeNull();
    expect(await dialog.getByText('链接').getAttribute('href')).toBeNull();
    // Another site's openPage gets no 查看详情.
    expect(await dialog.getByRole('button', { name: '查看详情' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // At 375 px: the popover with a notice and the detail fit the screen.
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await page.setViewportSize(NARROW);
    await bell(page).click();
    await page.getByRole('button', { name: `查看详情 ${TITLE} 原样` }).waitFor();
    await settle(page);
    await screenshot(page, 'notices-375-popover-unread', { fullPage: false });
    await page.getByRole('button', { name: `查看详情 ${TITLE} 原样` }).click();
    await dialog.waitFor();
    await settle(page);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= NARROW.width).toBe(true);
    await screenshot(page, 'notices-375-detail', { fullPage: false });
    await page.unrouteAll();
    // Chromium reports the handler of DOMPurify's parsed copy (an inert document that runs
    // nothing) as a CSP violation; that report may come here, nothing else may.
    const errors = target.collector.errors;
    const handler = /Executing inline event handler violates/;
    errors.splice(0, errors.length, ...errors.filter((e) => !handler.test(e)));
  });
});
