import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import purchase from '../../../schemas/demo_purchase.json';
import {
  EDITOR_PATH,
  FakePageStore,
  customerPage,
  editorValue,
  findEditor,
  showEditorScreen,
} from './page-store-fake';

/**
 * The 字段 table's richer cells and the designer's tools: the 字典 picker (system and table
 * dictionaries), dragging a field to another place, a detail column's 统计, and 从表生成 on a
 * new page — each written into the one draft the JSON view shows.
 */

type Field = { name: string; label: string; dictCode?: string; list?: unknown };

async function openDesigner() {
  await userEvent.setup().click(screen.getByText('设计'));
  return screen.findByTestId('page-designer', {}, { timeout: 15_000 });
}

async function jsonNow(): Promise<Record<string, unknown>> {
  await userEvent.setup().click(screen.getByText('JSON'));
  return editorValue(await findEditor());
}

/** Picks an option of an antd select by its text. */
async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  const found = await screen.findAllByTitle(option);
  await userEvent.setup().click(found.at(-1)!);
}

beforeEach(() => localStorage.clear());

describe('页面配置: the 字段 table’s cells', { timeout: 60_000 }, () => {
  it('picks a system dictionary by its name, and builds a table dictionary', async () => {
    await showEditorScreen(new FakePageStore(customerPage()), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    const dict = within(designer).getByRole('combobox', { name: '第 2 个字段的字典' });
    await userEvent.setup().type(dict, '性别');
    await userEvent.setup().click(await screen.findByText('性别（sex）'));
    expect(((await jsonNow()).fields as Field[])[1]!.dictCode).toBe('sex');

    const again = await openDesigner();
    await userEvent
      .setup()
      .click(within(again).getByRole('button', { name: '第 1 个字段的字典：表字典' }));
    await choose(await screen.findByRole('combobox', { name: '表字典的表' }), '用户（sys_user）');
    await choose(screen.getByRole('combobox', { name: '表字典的显示字段' }), 'realname');
    await choose(screen.getByRole('combobox', { name: '表字典的值字段' }), 'username');
    await userEvent.setup().click(screen.getByRole('button', { name: /^确 ?定$/ }));
    expect(((await jsonNow()).fields as Field[])[0]!.dictCode).toBe('sys_user,realname,username');
  });

  it('moves a field by dragging its handle onto another row', async () => {
    const page = customerPage();
    page.fields = [...(page.fields as Field[]), { name: 'email', label: '邮箱', type: 'input' }];
    await showEditorScreen(new FakePageStore(page), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    const table = within(designer).getByRole('grid', { name: '字段' });
    const handle = within(table).getAllByRole('button', { name: '拖动排序' })[2]!;
    const firstRow = within(table)
      .getByRole('textbox', { name: '第 1 个字段的字段名' })
      .closest('[role="row"]')!;
    const transfer = { effectAllowed: '', setData: () => undefined, setDragImage: () => undefined };
    await act(async () => {
      fireEvent.dragStart(handle, { dataTransfer: transfer });
      fireEvent.dragOver(firstRow, { dataTransfer: transfer });
      fireEvent.drop(firstRow, { dataTransfer: transfer });
    });
    const names = ((await jsonNow()).fields as Field[]).map((f) => f.name);
    expect(names).toEqual(['email', 'name', 'phone']);
  });

  it('sets a detail column’s 统计 figures', async () => {
    await showEditorScreen(new FakePageStore(purchase), `${EDITOR_PATH}?code=demo_purchase`);
    await findEditor();
    const designer = await openDesigner();
    await userEvent.setup().click(within(designer).getByRole('tab', { name: '子表：付款计划' }));
    const statistics = await within(designer).findByRole('combobox', {
      name: '第 4 个字段的统计',
    });
    await choose(statistics, '合计');
    const json = await jsonNow();
    const pay = (json.details as { fields: Field[] }[])[1]!.fields;
    expect(pay[3]!.list).toEqual({ statistics: ['sum'] });
    // The other detail keeps its figures as they were.
    expect((json.details as { fields: Field[] }[])[0]!.fields[7]!.list).toEqual({
      width: 180,
      statistics: ['sum', 'average'],
    });
  });
});

describe('页面配置: 从表生成', { timeout: 60_000 }, () => {
  it('replaces a new page’s template with the server’s draft, one undo step', async () => {
    const pages = new FakePageStore();
    const drafted = {
      ...customerPage(),
      code: 'crm_contact',
      title: '联系人',
      table: { name: 'crm_contact', columns: [{ name: 'full_name', type: 'string', length: 80 }] },
      fields: [{ name: 'fullName', label: '姓名', type: 'input' }],
    };
    pages.tableDrafts.set('crm_contact', {
      definition: drafted as never,
      notes: ['列 token（uuid）没有对应的字段类型，未生成字段'],
    });
    await showEditorScreen(pages, `${EDITOR_PATH}?new=1`);
    const template = editorValue(await findEditor());
    const designer = await openDesigner();
    const user = userEvent.setup();

    await user.click(within(designer).getByRole('button', { name: /从表生成/ }));
    await user.type(await screen.findByRole('combobox', { name: '表名' }), 'crm_plain');
    await user.click(screen.getByRole('button', { name: /(^| )生 ?成$/ }));
    expect(
      await screen.findByText(
        '表 crm_plain 不是页面的表，也不在 DESIGNER_TABLES 中，不能用于生成页面',
      ),
    ).toBeTruthy();

    // The picker offers the tables the server lets it read.
    const table = screen.getByRole('combobox', { name: '表名' });
    await user.clear(table);
    await user.type(table, 'contact');
    await user.click(
      await screen.findByText('crm_contact', { selector: '.ant-select-item-option-content' }),
    );
    expect((table as HTMLInputElement).value).toBe('crm_contact');
    await user.click(screen.getByRole('button', { name: /(^| )生 ?成$/ }));
    expect(await screen.findByText('列 token（uuid）没有对应的字段类型，未生成字段')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /知道了|OK|确定/ }));
    await waitFor(() =>
      expect(
        (within(designer).getByRole('textbox', { name: '第 1 个字段的字段名' }) as HTMLInputElement)
          .value,
      ).toBe('fullName'),
    );
    expect(await jsonNow()).toEqual(drafted);

    const back = await openDesigner();
    fireEvent.keyDown(back, { key: 'z', ctrlKey: true });
    expect(await jsonNow()).toEqual(template);
  });
});

describe('页面配置: the selected field’s settings', { timeout: 60_000 }, () => {
  it('sets its span of the form’s columns, read-only when editing, and a pattern of its own', async () => {
    const page = { ...customerPage(), form: { columns: 3 } };
    await showEditorScreen(new FakePageStore(page), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    await userEvent
      .setup()
      .click(within(designer).getByRole('textbox', { name: '第 2 个字段的标题' }));
    const settings = await screen.findByTestId('field-settings');
    await choose(within(settings).getByRole('combobox', { name: '表单中占列' }), '2 列');
    await choose(within(settings).getByRole('combobox', { name: '表单中只读' }), '编辑时只读');
    await choose(
      within(designer).getByRole('combobox', { name: '第 2 个字段的校验' }),
      '自定义正则表达式',
    );
    const regex = await within(settings).findByRole('textbox', { name: '正则表达式' });
    fireEvent.change(regex, { target: { value: '^1\\d{10}$' } });
    fireEvent.change(within(settings).getByRole('textbox', { name: '校验提示' }), {
      target: { value: '${title}应为11位' },
    });
    fireEvent.change(within(settings).getByRole('combobox', { name: '分组' }), {
      target: { value: '联系方式' },
    });
    const json = await jsonNow();
    const phone = (json.fields as Record<string, unknown>[])[1]!;
    expect(phone.form).toEqual({ span: 16, readOnly: 'edit', group: '联系方式' });
    expect(phone.validateRules).toEqual([{ pattern: '^1\\d{10}$', message: '${title}应为11位' }]);
  });
});

describe('页面配置: 列表按钮', { timeout: 60_000 }, () => {
  it('relabels, gates, reorders and removes buttons; the defaults unchanged write nothing', async () => {
    await showEditorScreen(new FakePageStore(customerPage()), `${EDITOR_PATH}?code=demo_customer`);
    const original = editorValue(await findEditor());
    const designer = await openDesigner();
    const user = userEvent.setup();
    await user.click(within(designer).getByRole('tab', { name: '页面' }));
    const actions = await within(designer).findByTestId('action-settings');
    // The defaults' own permission codes are shown as placeholders.
    const code = within(actions).getByRole('textbox', { name: '每行的按钮第 3 个的权限编码' });
    expect((code as HTMLInputElement).placeholder).toBe('online:demo_customer:delete');

    await user.type(
      within(actions).getByRole('textbox', { name: '列表上方的按钮第 1 个的文字' }),
      '登记客户',
    );
    await user.type(code, 'customer:remove');
    await user.click(within(actions).getByRole('button', { name: '列表上方的按钮：删除第 4 个' }));
    await user.click(within(actions).getByRole('button', { name: '每行的按钮：上移第 2 个' }));
    let json = await jsonNow();
    expect(json.toolbar).toEqual([
      { key: 'add', label: '登记客户' },
      { key: 'batchDelete' },
      { key: 'export' },
    ]);
    expect(json.rowActions).toEqual([
      { key: 'detail' },
      { key: 'edit' },
      { key: 'delete', permission: 'customer:remove' },
    ]);

    // Undo every step: back to no lists at all.
    const again = await openDesigner();
    for (let i = 0; i < 4; i += 1) fireEvent.keyDown(again, { key: 'z', ctrlKey: true });
    json = await jsonNow();
    expect(json).toEqual(original);
  });
});

describe('页面配置: 表单布局', { timeout: 60_000 }, () => {
  it('moves and widens fields by keyboard, drags one into a group, and draws the real form', async () => {
    const page = {
      ...customerPage(),
      form: { columns: 2 },
      fields: [
        { name: 'name', label: '客户名称', type: 'input' },
        { name: 'phone', label: '手机号', type: 'input', form: { group: '联系方式' } },
        { name: 'email', label: '邮箱', type: 'input' },
      ],
    };
    await showEditorScreen(new FakePageStore(page), `${EDITOR_PATH}?code=demo_customer`);
    await findEditor();
    const designer = await openDesigner();
    await userEvent.setup().click(within(designer).getByRole('tab', { name: '表单布局' }));
    const layout = await within(designer).findByTestId('form-layout', {}, { timeout: 15_000 });
    // The engine's own form of the draft is drawn under the cards.
    expect(await within(layout).findByLabelText('邮箱')).toBeTruthy();

    const email = within(layout).getByRole('button', { name: '表单布局：邮箱' });
    email.focus();
    // 邮箱 is drawn after 客户名称 (both ungrouped, before the 联系方式 group): it goes first.
    fireEvent.keyDown(email, { key: 'ArrowLeft', altKey: true });
    let fields = ((await jsonNow()).fields as Field[]).map((f) => f.name);
    expect(fields).toEqual(['email', 'name', 'phone']);

    let again = await openDesigner();
    await userEvent.setup().click(within(again).getByRole('tab', { name: '表单布局' }));
    const wide = await within(again).findByRole('button', { name: '表单布局：客户名称' });
    fireEvent.keyDown(wide, { key: 'ArrowRight', altKey: true, shiftKey: true });
    expect(((await jsonNow()).fields as Record<string, unknown>[])[1]!.form).toEqual({ span: 24 });

    again = await openDesigner();
    await userEvent.setup().click(within(again).getByRole('tab', { name: '表单布局' }));
    const source = await within(again).findByRole('button', { name: '表单布局：邮箱' });
    const target = within(again).getByRole('button', { name: '表单布局：手机号' });
    const transfer = { effectAllowed: '', setData: () => undefined };
    await act(async () => {
      fireEvent.dragStart(source, { dataTransfer: transfer });
      fireEvent.dragOver(target, { dataTransfer: transfer });
      fireEvent.drop(target, { dataTransfer: transfer });
    });
    const json = await jsonNow();
    fields = (json.fields as Field[]).map((f) => f.name);
    expect(fields).toEqual(['name', 'phone', 'email']);
    expect((json.fields as Record<string, unknown>[])[2]!.form).toEqual({ group: '联系方式' });
    // One drag is one undo step: moved back and out of the group together.
    const last = await openDesigner();
    fireEvent.keyDown(last, { key: 'z', ctrlKey: true });
    const undone = await jsonNow();
    expect((undone.fields as Field[]).map((f) => f.name)).toEqual(['email', 'name', 'phone']);
    expect((undone.fields as Record<string, unknown>[])[0]!.form).toBeUndefined();
  });
});
