import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerPage } from './definitions';
import { ok, page, paramsOf, refused, renderPage, type Route, findDialog } from './harness';

const BASE = '/online/cgform/api/customer/';
const row = { id: '7', name: '甲公司', level: 'A', phone: '13800000001' };
const levels = [
  { value: 'A', text: '重要客户', title: '重要客户' },
  { value: 'B', text: '普通客户', title: '普通客户' },
];

function server(extra: Route = () => undefined): Route {
  return async (config, params) => {
    const answer = await extra(config, params);
    if (answer) return answer;
    if (config.url === BASE + 'list') return ok(page([row], 1));
    if (config.url === '/sys/dict/getDictItems/customer_level') return ok(levels);
    if (config.url === '/sys/duplicate/check') return ok(null, '该值可用！');
    return undefined;
  };
}

const dialog = findDialog;

describe('form dialog', { timeout: 20_000 }, () => {
  it('新增 opens an empty 新增 form, saves by POST url.add, shows the message and reloads', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: server((config) => (config.url === BASE + 'add' ? ok(null, '新增成功！') : undefined)),
    });
    await screen.findByText('甲公司');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await dialog();
    expect(form.getByText('新增')).toBeTruthy();
    await user.type(form.getByLabelText('客户名称'), '丙公司');
    await user.selectOptions(form.getByLabelText('客户等级'), 'B');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
    expect(JSON.parse(String(h.calls(BASE + 'add')[0]!.data))).toEqual({
      name: '丙公司',
      level: 'B',
    });
    expect(await screen.findByText('新增成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.calls(BASE + 'list')).toHaveLength(2);
  });

  it('a refused save shows the server message and keeps what the user typed', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: server((config) =>
        config.url === BASE + 'add' ? refused(500, '客户名称已存在') : undefined,
      ),
    });
    await screen.findByText('甲公司');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await dialog();
    await user.type(form.getByLabelText('客户名称'), '丙公司');
    await user.type(form.getByLabelText('手机号'), '13900000000');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('客户名称已存在')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((form.getByLabelText('客户名称') as HTMLInputElement).value).toBe('丙公司');
    expect((form.getByLabelText('手机号') as HTMLInputElement).value).toBe('13900000000');
    expect(h.calls(BASE + 'list')).toHaveLength(1);
  });

  it('编辑 loads the record by queryById, saves by PUT url.edit with the id', async () => {
    const user = userEvent.setup();
    const h = renderPage(customerPage, {
      route: server((config) => {
        if (config.url === BASE + 'queryById') return ok({ ...row, name: '甲公司（服务器）' });
        if (config.url === BASE + 'edit') return ok(null, '编辑成功!');
        return undefined;
      }),
    });
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('甲公司').closest('tr')!).getByText('编辑'));
    const form = await dialog();
    const name = (await form.findByLabelText('客户名称')) as HTMLInputElement;
    expect(name.value).toBe('甲公司（服务器）');
    expect(paramsOf(h.calls(BASE + 'queryById')[0]!)).toEqual({ id: '7' });
    await user.clear(name);
    await user.type(name, '甲集团');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(BASE + 'edit')).toHaveLength(1));
    const call = h.calls(BASE + 'edit')[0]!;
    expect(call.method).toBe('put');
    expect(JSON.parse(String(call.data))).toMatchObject({ id: '7', name: '甲集团', level: 'A' });
    expect(await screen.findByText('编辑成功!')).toBeTruthy();
  });

  it('编辑 on a page without queryById edits the row itself', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...customerPage,
        table: undefined,
        api: { list: '/demo/customer/list', edit: '/demo/customer/edit' },
        fields: customerPage.fields.map((f) => ({ ...f, validateRules: undefined })),
      },
      {
        route: server((config) =>
          config.url === '/demo/customer/list' ? ok(page([row], 1)) : undefined,
        ),
      },
    );
    await screen.findByText('甲公司');
    await user.click(within(screen.getByText('甲公司').closest('tr')!).getByText('编辑'));
    const form = await dialog();
    expect(((await form.findByLabelText('客户名称')) as HTMLInputElement).value).toBe('甲公司');
    expect(h.requests.some((r) => r.url?.includes('queryById'))).toBe(false);
  });

  it('详情 shows the record read-only through display views and dictionary text', async () => {
    const user = userEvent.setup();
    renderPage(
      {
        ...customerPage,
        table: undefined,
        api: { list: '/demo/customer/list' },
        fields: [
          { name: 'name', label: '客户名称', type: 'star' },
          { name: 'level', label: '客户等级', type: 'dict-select', dictCode: 'customer_level' },
        ],
      },
      {
        route: server((config) =>
          config.url === '/demo/customer/list' ? ok(page([row], 1)) : undefined,
        ),
      },
    );
    await screen.findAllByText('★甲公司');
    await user.click(within(screen.getAllByText('★甲公司')[0]!.closest('tr')!).getByText('详情'));
    const form = await dialog();
    expect(form.getByText('详情')).toBeTruthy();
    expect(await form.findByText('★甲公司')).toBeTruthy();
    expect(form.getByText('重要客户')).toBeTruthy();
    expect(form.queryByRole('textbox')).toBeNull();
    expect(form.queryByRole('button', { name: /确\s*定/ })).toBeNull();
    expect(form.getByRole('button', { name: /关\s*闭/ })).toBeTruthy();
  });

  it('starts new records from defaultValue and opens in a drawer when asked', async () => {
    const user = userEvent.setup();
    renderPage(
      {
        ...customerPage,
        form: { container: 'drawer', width: 500 },
        fields: customerPage.fields.map((f) =>
          f.name === 'level' ? { ...f, defaultValue: 'B' } : f,
        ),
      },
      { route: server() },
    );
    await screen.findByText('甲公司');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await dialog();
    expect(document.querySelector('.ant-drawer')).toBeTruthy();
    await waitFor(() =>
      expect((form.getByLabelText('客户等级') as HTMLSelectElement).value).toBe('B'),
    );
  });
});
