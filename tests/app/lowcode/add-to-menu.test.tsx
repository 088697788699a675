import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageApiPath } from '../../../src/contracts/page-api';
import { permissionsAtom } from '../../../src/app/state/atoms';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  findDialog,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

const OPEN = `${EDITOR_PATH}?code=demo_customer`;
const PERMISSIONS = '/sys/permission/getUserPermissionByToken';

async function openMenuDialog() {
  await userEvent.setup().click(screen.getByRole('button', { name: /加入菜单/ }));
  return findDialog('加入菜单');
}

function submitButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: /加入菜单/ });
}

describe('页面配置: 加入菜单', { timeout: 30_000 }, () => {
  it('adds the page under a parent with the title typed, then reloads the permissions', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    await findEditor();
    const dialog = await openMenuDialog();
    const name = within(dialog).getByRole('textbox', { name: '菜单名称' }) as HTMLInputElement;
    // The page title by default.
    expect(name.value).toBe('客户管理');
    expect(dialog.textContent).toContain('菜单地址为 /online/page/demo_customer');
    // The icon is shown by its Chinese name (the list kind's default: table).
    expect(dialog.querySelector('.ant-select-selection-item')?.textContent).toBe('表格');

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, '客户');
    // The parent: one of the user's menus.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '上级菜单' }));
    await user.click(await screen.findByTitle('低代码'));
    const before = app.sent(PERMISSIONS).length;
    await user.click(submitButton(dialog));

    await waitFor(() => expect(app.sent(PERMISSIONS).length).toBe(before + 1));
    expect(app.sent(PageApiPath.addToMenu).map((r) => r.body)).toEqual([
      { code: 'demo_customer', name: '客户', icon: 'table', parentId: 'm-lowcode' },
    ]);
    // The permission payload was loaded after the menu entry was made.
    const urls = app.requests.map((r) => r.url);
    expect(urls.lastIndexOf(PERMISSIONS)).toBeGreaterThan(urls.indexOf(PageApiPath.addToMenu));
    const menu = app.store.get(permissionsAtom)?.menu ?? [];
    const parent = menu.find((m) => m.id === 'm-lowcode');
    expect(parent?.children?.map((c) => c.meta.title)).toContain('客户');
    await waitFor(() => expect(screen.queryByText('菜单名称')).toBeNull());
  });

  it('at the top level when no parent is chosen; an empty name is refused', async () => {
    const pages = new FakePageStore(customerPage());
    const app = await showEditorScreen(pages, OPEN);
    await findEditor();
    const dialog = await openMenuDialog();
    const user = userEvent.setup();
    const name = within(dialog).getByRole('textbox', { name: '菜单名称' });
    await user.clear(name);
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('请输入菜单名称')).toBeTruthy();
    expect(app.sent(PageApiPath.addToMenu)).toEqual([]);

    await user.type(name, '客户一览');
    await user.click(submitButton(dialog));
    await waitFor(() => expect(app.sent(PERMISSIONS)).toHaveLength(1));
    expect(app.sent(PageApiPath.addToMenu).map((r) => r.body)).toEqual([
      { code: 'demo_customer', name: '客户一览', icon: 'table' },
    ]);
    await waitFor(() =>
      expect(app.store.get(permissionsAtom)?.menu.map((m) => m.meta.title)).toContain('客户一览'),
    );
  });
});
