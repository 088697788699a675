import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageApiPath } from '../../../src/contracts/page-api';
import {
  FakePageStore,
  customerPage,
  editorValue,
  expectVersion,
  findDialog,
  findEditor,
  noticePage,
  showEditorScreen,
} from './page-store-fake';

/** The code of a page in the list (a link that opens it); the list's chunk loads first. */
function findPageLink(code: string) {
  return screen.findByText(code, { selector: 'a' }, { timeout: 10_000 });
}

describe('页面配置: the page list', { timeout: 30_000 }, () => {
  it('lists the stored pages with their kind, version and table', async () => {
    const pages = new FakePageStore(customerPage(), noticePage());
    pages.saveAsSomeoneElse('demo_customer', (d) => ({ ...d, title: '客户档案' }));
    await showEditorScreen(pages);

    const row = (await findPageLink('demo_customer')).closest('tr')!;
    expect(within(row).getByText('客户档案')).toBeTruthy();
    expect(within(row).getByText('列表')).toBeTruthy();
    expect(within(row).getByText(String(pages.latest('demo_customer').version))).toBeTruthy();
    expect(within(row).getByText('demo_customer', { selector: 'td' })).toBeTruthy();

    const other = screen.getByText('notice_form', { selector: 'a' }).closest('tr')!;
    expect(within(other).getByText('通知公告')).toBeTruthy();
    expect(within(other).getByText('表单')).toBeTruthy();
    expect(screen.getByText(`1-2 共 2 条`)).toBeTruthy();
  });

  it('searches by code', async () => {
    const pages = new FakePageStore(customerPage(), noticePage());
    const app = await showEditorScreen(pages);
    await findPageLink('notice_form');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '页面编码' }), 'notice');
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(screen.queryByText('demo_customer', { selector: 'a' })).toBeNull());
    expect(screen.getByText('notice_form')).toBeTruthy();
    expect(app.sent(PageApiPath.list).at(-1)?.params).toMatchObject({
      code: 'notice',
      pageNo: '1',
    });
  });

  it('opens a page in the editor with its stored definition and version', async () => {
    const pages = new FakePageStore(customerPage(), noticePage());
    pages.saveAsSomeoneElse('demo_customer', (d) => ({ ...d, description: '第二版' }));
    const app = await showEditorScreen(pages);
    await userEvent.setup().click(await findPageLink('demo_customer'));

    const editor = await findEditor();
    expect(editorValue(editor)).toEqual(pages.latest('demo_customer').definition);
    await expectVersion(pages.latest('demo_customer').version);
    expect(app.sent(PageApiPath.queryByCode)[0]?.params).toMatchObject({ code: 'demo_customer' });
    // The preview renders the stored page through the engine.
    const preview = await screen.findByTestId('page-preview', {}, { timeout: 10_000 });
    expect(within(preview).getByText('预览：客户管理')).toBeTruthy();
    expect(await screen.findByText('定义有效')).toBeTruthy();
  });

  it('asks before deleting, saying the menu, button codes and grants go with the page', async () => {
    const pages = new FakePageStore(customerPage());
    await showEditorScreen(pages);
    const row = (await findPageLink('demo_customer')).closest('tr')!;
    await userEvent.setup().click(within(row).getByRole('button', { name: /删\s*除/ }));
    const dialog = await findDialog('删除页面「客户管理」（demo_customer）？');
    expect(dialog.textContent).toContain(
      '页面定义及其全部 1 个版本、页面的菜单、按钮权限和授权将一并删除，不可恢复。',
    );
    expect(dialog.textContent).toContain('数据表 demo_customer 及其中的数据会保留，不会被删除。');
  });

  it('goes back to the list', async () => {
    const pages = new FakePageStore(customerPage());
    await showEditorScreen(pages, '/lowcode/page?code=demo_customer');
    await findEditor();
    await userEvent.setup().click(screen.getByRole('button', { name: '返回列表' }));
    expect(await screen.findByRole('button', { name: /新增页面/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '页面定义（JSON）' })).toBeNull();
  });
});
