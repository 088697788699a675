import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, paramsOf, refused, renderPage, findDialog } from './harness';

const categoryPage = {
  schemaVersion: 2,
  code: 'category',
  title: '分类',
  kind: 'tree-list',
  table: {
    name: 'demo_category',
    columns: [
      { name: 'name', type: 'string' },
      { name: 'code', type: 'string' },
    ],
  },
  fields: [
    { name: 'code', label: '编码', type: 'input' },
    { name: 'name', label: '名称', type: 'input', query: true },
  ],
  tree: { titleField: 'name' },
};
const T = '/online/cgform/api/category/';

describe('tree-list', { timeout: 20_000 }, () => {
  function tree() {
    const user = userEvent.setup();
    const h = renderPage(categoryPage, {
      route: (config, params) => {
        if (config.url === T + 'list') {
          return ok(
            page(
              [
                { id: 'r1', name: '电子', code: 'E', pid: '0', hasChild: '1' },
                { id: 'r2', name: '图书', code: 'B', pid: '0', hasChild: '0' },
              ],
              2,
            ),
          );
        }
        if (config.url === T + 'children') {
          return params.pid === 'r1'
            ? ok([{ id: 'c1', name: '手机', code: 'E1', pid: 'r1', hasChild: '1' }])
            : ok([]);
        }
        if (config.url === T + 'add') return ok(null, '新增成功！');
        return undefined;
      },
    });
    return { user, h };
  }

  it('loads the roots with {childrenParam}={rootValue} and the title column first', async () => {
    const { h } = tree();
    await screen.findByText('电子');
    expect(paramsOf(h.calls(T + 'list')[0]!)).toMatchObject({
      pid: '0',
      column: 'createTime',
      order: 'desc',
    });
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers.indexOf('名称')).toBeLessThan(headers.indexOf('编码'));
  });

  it('shows an expander only where hasChild says so; children load on first expand only', async () => {
    const { user, h } = tree();
    await screen.findByText('电子');
    const expander = (name: string) =>
      screen
        .getByText(name)
        .closest('tr')!
        .querySelector('button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(expander('图书')).toBeNull();
    await user.click(expander('电子')!);
    expect(await screen.findByText('手机')).toBeTruthy();
    expect(paramsOf(h.calls(T + 'children')[0]!)).toEqual({ pid: 'r1' });
    await user.click(expander('电子')!);
    await user.click(expander('电子')!);
    expect(h.calls(T + 'children')).toHaveLength(1);
    await user.click(expander('手机')!);
    await waitFor(() => expect(h.calls(T + 'children')).toHaveLength(2));
    await waitFor(() => expect(expander('手机')).toBeNull());
  });

  it('新增下级 presets the parent and saves it with the record', async () => {
    const { user, h } = tree();
    await screen.findByText('电子');
    await user.click(within(screen.getByText('电子').closest('tr')!).getByText('新增下级'));
    const form = await findDialog();
    await user.type(form.getByLabelText('名称'), '电脑');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls(T + 'add')).toHaveLength(1));
    expect(JSON.parse(String(h.calls(T + 'add')[0]!.data))).toEqual({ pid: 'r1', name: '电脑' });
  });

  it('a query searches the whole tree (no parent constraint)', async () => {
    const { user, h } = tree();
    await screen.findByText('电子');
    await user.type(screen.getByPlaceholderText('请输入名称'), '手');
    await user.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(h.calls(T + 'list')).toHaveLength(2));
    const params = paramsOf(h.calls(T + 'list')[1]!);
    expect(params.name).toBe('*手*');
    expect(params).not.toHaveProperty('pid');
  });
});

const orderPage = {
  schemaVersion: 2,
  code: 'order',
  title: '订单',
  kind: 'master-detail',
  table: { name: 'demo_order', columns: [{ name: 'order_no', type: 'string' }] },
  fields: [{ name: 'orderNo', label: '订单号', type: 'input' }],
  details: [
    {
      code: 'order_item',
      title: '订单明细',
      foreignKey: 'orderId',
      table: {
        name: 'demo_order_item',
        columns: [
          { name: 'order_id', type: 'string' },
          { name: 'product', type: 'string' },
        ],
      },
      fields: [
        { name: 'orderId', label: '订单', type: 'input' },
        { name: 'product', label: '商品', type: 'input' },
      ],
    },
    {
      code: 'order_pay',
      title: '付款记录',
      foreignKey: 'orderId',
      listUrl: '/demo/order/pays',
      fields: [
        { name: 'orderId', label: '订单', type: 'input' },
        { name: 'amount', label: '金额', type: 'input' },
      ],
    },
  ],
};

describe('master-detail', { timeout: 20_000 }, () => {
  it('shows the detail tables read-only in tabs below the form', async () => {
    const user = userEvent.setup();
    const h = renderPage(orderPage, {
      route: (config) => {
        if (config.url === '/online/cgform/api/order/list')
          return ok(page([{ id: 'o1', orderNo: 'NO-1' }], 1));
        if (config.url === '/online/cgform/api/order/queryById')
          return ok({ id: 'o1', orderNo: 'NO-1' });
        if (config.url === '/online/cgform/api/order/detail/order_item/list')
          return ok(page([{ id: 'i1', orderId: 'o1', product: '键盘' }], 1));
        if (config.url === '/demo/order/pays')
          return ok(page([{ id: 'p1', orderId: 'o1', amount: '99' }], 1));
        return undefined;
      },
    });
    await screen.findByText('NO-1');
    await user.click(screen.getByText('详情'));
    const form = await findDialog();
    expect(await form.findByText('键盘')).toBeTruthy();
    expect(paramsOf(h.calls('/online/cgform/api/order/detail/order_item/list')[0]!)).toMatchObject({
      orderId: 'o1',
    });
    expect(form.getByRole('tab', { name: '订单明细' })).toBeTruthy();
    await user.click(form.getByRole('tab', { name: '付款记录' }));
    expect(await form.findByText('99')).toBeTruthy();
    expect(form.queryAllByRole('textbox')).toHaveLength(0);
  });
});

describe('master-detail saves', { timeout: 20_000 }, () => {
  const rules = {
    ...orderPage,
    details: [
      {
        ...orderPage.details[0],
        fields: [
          { name: 'orderId', label: '订单', type: 'input' },
          {
            name: 'product',
            label: '商品',
            type: 'input',
            validateRules: [{ required: true }],
          },
        ],
      },
    ],
  };
  const route = (config: { url?: string }) => {
    if (config.url === '/online/cgform/api/order/list')
      return ok(page([{ id: 'o1', orderNo: 'NO-1' }], 1));
    if (config.url === '/online/cgform/api/order/queryById')
      return ok({ id: 'o1', orderNo: 'NO-1' });
    if (config.url === '/online/cgform/api/order/detail/order_item/list')
      return ok(page([{ id: 'i1', orderId: 'o1', product: '键盘' }], 1));
    if (config.url === '/online/cgform/api/order/edit') return ok(null, '编辑成功!');
    return undefined;
  };

  /** The grid cell of a data row (0-based) in a column, by its title. */
  function cellOf(form: BoundFunctions<typeof queries>, row: number, title: string): HTMLElement {
    const headers = form.getAllByRole('columnheader');
    const header = headers.find((h) => h.textContent?.replace('*', '') === title)!;
    const rows = form.getAllByRole('row').filter((r) => r.classList.contains('rdg-row'));
    return rows[row]!.querySelector<HTMLElement>(
      `[aria-colindex="${header.getAttribute('aria-colindex')}"]`,
    )!;
  }

  it('sends the edited detail rows with the master in one call', async () => {
    const user = userEvent.setup();
    const h = renderPage(rules, { route });
    await screen.findByText('NO-1');
    await user.click(screen.getByText('编辑'));
    const form = await findDialog();
    await form.findByText('键盘');
    await user.click(cellOf(form, 0, '商品'));
    const box = await within(cellOf(form, 0, '商品')).findByRole('textbox');
    await user.clear(box);
    await user.type(box, '机械键盘');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/online/cgform/api/order/edit')).toHaveLength(1));
    const body = JSON.parse(String(h.calls('/online/cgform/api/order/edit')[0]!.data));
    expect(body).toMatchObject({
      id: 'o1',
      orderNo: 'NO-1',
      order_item: [{ id: 'i1', orderId: 'o1', product: '机械键盘' }],
    });
  });

  it('does not save while a detail cell fails its rule, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const h = renderPage(rules, { route });
    await screen.findByText('NO-1');
    await user.click(screen.getByText('编辑'));
    const form = await findDialog();
    await form.findByText('键盘');
    await user.click(cellOf(form, 0, '商品'));
    await user.clear(await within(cellOf(form, 0, '商品')).findByRole('textbox'));
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('订单明细：有 1 处填写有误，请修改后再保存')).toBeTruthy();
    expect(h.calls('/online/cgform/api/order/edit')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

const feedbackPage = {
  schemaVersion: 2,
  code: 'feedback',
  title: '意见反馈',
  kind: 'form',
  api: {
    add: '/demo/feedback/add',
    edit: '/demo/feedback/edit',
    queryById: '/demo/feedback/queryById',
  },
  fields: [
    { name: 'title', label: '标题', type: 'input', validateRules: [{ required: true }] },
    { name: 'content', label: '内容', type: 'input' },
  ],
};

describe('form page', { timeout: 20_000 }, () => {
  it('creates: validates, POSTs url.add, then starts a fresh form', async () => {
    const user = userEvent.setup();
    const h = renderPage(feedbackPage, {
      route: (config) => (config.url === '/demo/feedback/add' ? ok(null, '提交成功') : undefined),
    });
    await user.click(await screen.findByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('标题不能为空')).toBeTruthy();
    await user.type(screen.getByLabelText('标题'), '建议');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(JSON.parse(String(h.calls('/demo/feedback/add')[0]!.data))).toEqual({ title: '建议' });
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe(''));
  });

  it('edits the record of ?id= (loaded by queryById) with PUT url.edit', async () => {
    const user = userEvent.setup();
    const h = renderPage(feedbackPage, {
      recordId: 'f1',
      route: (config) => {
        if (config.url === '/demo/feedback/queryById') return ok({ id: 'f1', title: '旧标题' });
        if (config.url === '/demo/feedback/edit') return ok(null, '修改成功');
        return undefined;
      },
    });
    const title = (await screen.findByLabelText('标题')) as HTMLInputElement;
    expect(title.value).toBe('旧标题');
    await user.clear(title);
    await user.type(title, '新标题');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(h.calls('/demo/feedback/edit')).toHaveLength(1));
    expect(JSON.parse(String(h.calls('/demo/feedback/edit')[0]!.data))).toEqual({
      id: 'f1',
      title: '新标题',
    });
  });

  it('a record that cannot be loaded says so in place of the form', async () => {
    renderPage(feedbackPage, {
      recordId: 'gone',
      route: (config) =>
        config.url === '/demo/feedback/queryById' ? refused(500, '未找到对应数据') : undefined,
    });
    expect(await screen.findByText('未找到对应数据')).toBeTruthy();
  });
});
