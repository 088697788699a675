import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

/** The server under test (from global-setup). */
export const baseURL: string = inject('baseURL');

export const DESKTOP = { width: 1366, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;
export type Viewport = { readonly width: number; readonly height: number };

export const HOME_PATH = '/dashboard/analysis';
export const ARTIFACTS = fileURLToPath(new URL('./.artifacts/', import.meta.url));
export const TOKEN_KEY = 'pro__Access-Token';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** Page errors and console errors seen on a page; any of them fails the test. */
export class ErrorCollector {
  readonly errors: string[] = [];

  watch(page: Page): void {
    page.on('pageerror', (error: Error) => {
      this.errors.push(`pageerror on ${page.url()}: ${error.stack ?? error.message}`);
    });
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const where = message.location();
      this.errors.push(
        `console.error on ${page.url()}: ${message.text()}` +
          (where.url ? ` (${where.url}:${where.lineNumber})` : ''),
      );
    });
  }

  /** Fails with the errors collected since the last check (each is reported once). */
  assertNone(): void {
    const seen = this.errors.splice(0);
    expect(seen, 'page errors / console errors').toEqual([]);
  }
}

/** A fresh browser context (no storage) with one page at a viewport, watched for errors. */
export interface PageSession {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly collector: ErrorCollector;
  /** Closes the context and fails when the page logged an error. */
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  viewport: Viewport = DESKTOP,
): Promise<PageSession> {
  const context = await browser.newContext({
    viewport,
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    isMobile: false,
    deviceScaleFactor: 1,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const collector = new ErrorCollector();
  context.on('page', (page) => collector.watch(page));
  const page = await context.newPage();
  return {
    context,
    page,
    collector,
    async close() {
      await context.close();
      collector.assertNone();
    },
  };
}

/**
 * What the page showed when a test failed, printed to the log (CI keeps no screenshots): the
 * address and the text of every open dialog, message and notification; plus a screenshot under
 * `.artifacts/failures/` for a local run.
 */
async function reportFailure(page: Page): Promise<void> {
  try {
    const overlays = await page
      .locator('.ant-modal-wrap:visible, .ant-message-notice, .ant-notification-notice')
      .allInnerTexts();
    console.warn(
      `[e2e failure] ${page.url()}\n` +
        overlays.map((text) => `  overlay: ${text.replace(/\s+/g, ' ').trim()}`).join('\n'),
    );
    const folder = path.join(ARTIFACTS, 'failures');
    fs.mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${Date.now()}.png`), timeout: 5_000 });
  } catch (error) {
    console.warn(`[e2e failure] page not readable: ${String(error)}`);
  }
}

/** A page session as a describe block uses it; valid from its first test on. */
export interface SessionHandle {
  readonly page: Page;
  readonly collector: ErrorCollector;
}

/**
 * Registers the hooks of a describe block that drives one page: browser and page before the
 * tests (signed in as `user` when given), the error check after each test, cleanup after all.
 */
export function browserSession(
  options: { readonly viewport?: Viewport; readonly user?: string } = {},
): SessionHandle {
  let browser: Browser | undefined;
  let session: PageSession | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    session = await openPage(browser, options.viewport);
    if (options.user) {
      await login(session.page, options.user, '123456');
      await dismissNotifications(session.page);
    }
  });
  afterEach(async (context) => {
    if (session && context.task.result?.state === 'fail') await reportFailure(session.page);
    session?.collector.assertNone();
  });
  afterAll(async () => {
    await session?.close();
    await browser?.close();
  });
  const current = (): PageSession => {
    if (!session) throw new Error('browserSession() used outside its tests');
    return session;
  };
  return {
    get page() {
      return current().page;
    },
    get collector() {
      return current().collector;
    },
  };
}

/**
 * Polls `check` until it holds (usable in hooks, unlike expect.poll). A wait on a condition,
 * never an assertion on how long it took.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Path + query of the page's current address. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page's path + query equals `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search === expected);
}

/** The breadcrumb's items (without separators). */
export function breadcrumbTitles(page: Page): Promise<string[]> {
  return page.locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)').allInnerTexts();
}

/**
 * Waits until the main layout shows the screen at `expected` (path + query): the address has
 * changed and the page has rendered it (its breadcrumb ends with `title`), as a user would
 * see it before clicking on.
 */
export async function waitForScreen(page: Page, expected: string, title: string): Promise<void> {
  await waitForPath(page, expected);
  await waitUntil(
    async () => (await breadcrumbTitles(page)).at(-1) === title,
    `the ${title} screen to render`,
  );
}

/**
 * Waits for a screen the page engine renders (`.sa-page[data-page-code]`, visible: not a
 * hidden tab) to show the rows of its list.
 */
export async function waitForPageRows(page: Page, code: string): Promise<Locator> {
  const screen = page.locator(`.sa-page[data-page-code="${code}"]:visible`);
  await screen.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  return screen;
}

/** Fills the login form and waits until the app has left the login page. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
}

/**
 * Signs in through the login form. Without `from`, opens /user/login first; the app then
 * goes to the redirect target (or the home page). Resolves once the main layout shows.
 */
export async function login(page: Page, username: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/user/login')) {
    await page.goto('/user/login');
  }
  await submitLogin(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
  await userMenuButton(page).waitFor();
}

export function userMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: '用户菜单' });
}

/** The 欢迎 notification after login, and any other notification, gone. */
export async function dismissNotifications(page: Page): Promise<void> {
  const notices = page.locator('.ant-notification-notice');
  const count = await notices.count();
  for (let i = count - 1; i >= 0; i -= 1) {
    const close = notices.nth(i).locator('.ant-notification-notice-close');
    if (await close.isVisible()) await close.click();
  }
  await waitUntil(async () => (await notices.count()) === 0, 'notifications to close');
}

/** The toast (antd message) with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** The access token stored by the app (`{"value": token, "expire": …}`), or null. */
export async function storedToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  if (!raw) return null;
  const parsed = JSON.parse(raw) as { value?: unknown };
  return typeof parsed.value === 'string' ? parsed.value : null;
}

/**
 * Writes a PNG to tests/e2e/.artifacts/<name>.png: the whole page, or only the viewport
 * (`fullPage: false`) when an overlay (dialog, drawer, dropdown) is open, since fixed overlays
 * do not stretch over a full-page capture.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return file;
}

/** Horizontal overflow of the document (scrollWidth) and the viewport width. */
export function documentWidth(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** True while antd (rc-motion) runs an appear / enter / leave animation somewhere. */
function animating(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
    )
      .map((el) => el.getAttribute('class') ?? '')
      .some((names) =>
        /(^|\s)ant-[\w-]+-(appear|enter|leave)(-(prepare|start|active))?(\s|$)/.test(names),
      ),
  );
}

/**
 * Waits until the page is still: no spinner, no opening or closing overlay animation (an
 * overlay counts as visible while it still fades in), fonts loaded.
 */
export async function settle(page: Page): Promise<void> {
  const spinners = page.locator('.ant-spin-spinning');
  await waitUntil(async () => (await spinners.count()) === 0, 'spinners to go');
  await waitUntil(async () => !(await animating(page)), 'animations to end');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// ---------------------------------------------------------------- desktop side menu

export function firstColumn(page: Page): Locator {
  return page.locator('nav[aria-label="一级菜单"]');
}

export function secondColumn(page: Page): Locator {
  return page.locator('nav[aria-label="二级菜单"]');
}

/** Titles of the first column's entries, in order. */
export function firstColumnTitles(page: Page): Promise<string[]> {
  return firstColumn(page)
    .locator('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title') ?? ''));
}

/** Titles of the second column's menu items, in order. */
export function secondColumnTitles(page: Page): Promise<string[]> {
  return secondColumn(page).locator('.ant-menu-item .ant-menu-title-content').allInnerTexts();
}

/** Follows a desktop menu entry: a top entry, then (optionally) one of its children. */
export async function openMenu(page: Page, top: string, child?: string): Promise<void> {
  await firstColumn(page).locator(`button[title="${top}"]`).click();
  if (child === undefined) return;
  await secondColumn(page)
    .locator('.ant-menu-item')
    .filter({ has: page.getByText(child, { exact: true }) })
    .click();
}

// ---------------------------------------------------------------- tabs

/** The tab bar's tabs (not the overflow popup). */
export function tabBar(page: Page): Locator {
  return page.locator('.ant-tabs-nav-list');
}

/** Titles of the open tabs, in order. */
export function tabTitles(page: Page): Promise<string[]> {
  return tabBar(page).locator('.ant-tabs-tab [data-path]').allInnerTexts();
}

/** Paths of the open tabs, in order. */
export function tabPaths(page: Page): Promise<string[]> {
  return tabBar(page)
    .locator('.ant-tabs-tab [data-path]')
    .evaluateAll((labels) => labels.map((l) => l.getAttribute('data-path') ?? ''));
}

export function tabByTitle(page: Page, title: string): Locator {
  return tabBar(page)
    .locator('.ant-tabs-tab')
    .filter({ has: page.getByText(title, { exact: true }) });
}

export function tabByPath(page: Page, tabPath: string): Locator {
  return tabBar(page).locator(`.ant-tabs-tab[data-node-key="${tabPath}"]`);
}

/** Clicks a tab's close button. */
export async function closeTabButton(tab: Locator): Promise<void> {
  await tab.locator('.ant-tabs-tab-remove').click();
}

/** Right-clicks a tab and chooses an entry of its context menu. */
export async function tabContextAction(
  page: Page,
  tab: Locator,
  action: '刷新' | '关闭当前' | '关闭左侧' | '关闭右侧' | '关闭其它' | '关闭全部',
): Promise<void> {
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const noMenu = async () => (await openMenus.count()) === 0;
  await waitUntil(noMenu, 'context menus to close');
  await tab.locator('[data-path]').click({ button: 'right' });
  // The menu slides in; a click while it moves can land on the page below, which closes it.
  const settled = async () =>
    (await openMenus.count()) === 1 &&
    !/-(enter|appear)/.test((await openMenus.getAttribute('class')) ?? '');
  await waitUntil(settled, 'the context menu to open');
  await openMenus.getByRole('menuitem', { name: action, exact: true }).click();
  await waitUntil(noMenu, 'the context menu to close');
}

// ---------------------------------------------------------------- header

/** Opens the user dropdown and returns its menu. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await userMenuButton(page).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  await menu.waitFor();
  // Clicking an entry while the menu still slides in makes the browser scroll the page.
  await waitUntil(async () => !(await animating(page)), 'the user menu to open');
  return menu;
}

/** 退出登录 → 确定 in the confirmation; resolves on the login page. */
export async function logout(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /退出登录/ }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByText('真的要注销登录吗 ?').waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
}

/** Options of the open menu-search dropdown (their titles). */
export function searchOptionTitles(page: Page): Promise<string[]> {
  return page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .evaluateAll((options) => options.map((o) => o.getAttribute('title') ?? ''));
}

/** The open menu-search dropdown. */
export function searchDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/** A row action: beside the row on wide screens, under 更多 otherwise. */
export async function rowAction(page: Page, row: Locator, label: string): Promise<void> {
  const link = row.locator('a', { hasText: label });
  if (await link.isVisible()) return link.click();
  await row.getByText('更多').click();
  await page.locator('.ant-dropdown:visible').getByText(label, { exact: true }).click();
}
