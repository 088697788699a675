import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, storedToken } from './support';

/** The envelope every API call answers. */
export interface Envelope<T> {
  readonly success: boolean;
  readonly message: string;
  readonly result: T;
}

/** An API call from a signed-in page (with its token), answering the envelope. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const token = (await storedToken(page)) ?? '';
  const response = await page.request.fetch(`${baseURL}/system${path}`, {
    method,
    headers: { 'X-Access-Token': token },
    ...(data === undefined ? {} : { data }),
  });
  return (await response.json()) as Envelope<T>;
}

/** A page linked into the menu by 加入菜单: its own url and name, so tests do not collide. */
export interface MenuLink {
  readonly code: string;
  readonly url: string;
  readonly name: string;
}

/**
 * Links pages under 系统管理 (then reloads, so the menu shows them) and returns a function
 * removing the links again.
 */
export async function linkUnderSystem(
  page: Page,
  links: readonly MenuLink[],
): Promise<() => Promise<void>> {
  const permissions = await api<{ menu: { id: string; path: string }[] }>(
    page,
    'GET',
    '/sys/permission/getUserPermissionByToken',
  );
  const system = permissions.result.menu.find((m) => m.path === '/isystem');
  if (!system) throw new Error('no 系统管理 menu');
  const ids: string[] = [];
  for (const link of links) {
    const added = await api<{ menuId: string }>(page, 'POST', '/lowcode/page/addToMenu', {
      ...link,
      parentId: system.id,
    });
    expect(added.success, added.message).toBe(true);
    ids.push(added.result.menuId);
  }
  await page.reload();
  return async () => {
    for (const id of ids) await api(page, 'DELETE', `/sys/permission/delete?id=${id}`);
  };
}
