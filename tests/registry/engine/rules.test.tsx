import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, paramsOf, refused, renderPage, type Route, findDialog } from './harness';

const BASE = '/online/cgform/api/rules_demo/';

function definition(fields: unknown[], extra: Record<string, unknown> = {}) {
  return {
    schemaVersion: 2,
    code: 'rules_demo',
    title: '规则演示',
    kind: 'list',
    table: {
      name: 'demo_rules',
      columns: [
        { name: 'name', type: 'string' },
        { name: 'order_no', type: 'string' },
        { name: 'phone', type: 'string' },
        { name: 'code', type: 'string' },
      ],
    },
    fields,
    ...extra,
  };
}

async function openAdd(def: unknown, route: Route = () => undefined) {
  const user = userEvent.setup();
  const h = renderPage(def, { route });
  await user.click(screen.getByRole('button', { name: /新\s*增/ }));
  const form = await findDialog();
  const save = () => user.click(form.getByRole('button', { name: /确\s*定/ }));
  return { user, h, form, save };
}

describe('form rules (widgets.md §5, shell.md §5)', { timeout: 20_000 }, () => {
  it('required: ${title}不能为空 by default, and nothing is sent', async () => {
    const { form, save, h } = await openAdd(
      definition([
        { name: 'name', label: '名称', type: 'input', validateRules: [{ required: true }] },
      ]),
    );
    await save();
    expect(await form.findByText('名称不能为空')).toBeTruthy();
    expect(h.calls(BASE + 'add')).toHaveLength(0);
  });

  it('required with its own message, ${title} replaced; the * preset also requires', async () => {
    const { form, save } = await openAdd(
      definition([
        {
          name: 'name',
          label: '名称',
          type: 'input',
          validateRules: [{ required: true, message: '请填写${title}！' }],
        },
        { name: 'code', label: '编码', type: 'input', validateRules: [{ pattern: '*' }] },
      ]),
    );
    await save();
    expect(await form.findByText('请填写名称！')).toBeTruthy();
    expect(await form.findByText('编码不能为空')).toBeTruthy();
  });

  it.each([
    ['m', '12345', '请输入正确的手机号码', '13912345678'],
    ['e', 'a@', '请输入正确的电子邮件', 'a@b.cn'],
    ['n6-16', '12a', '请输入6到16位数字', '123456'],
    ['z', '1.5', '请输入整数', '-3'],
    ['money', '1.234', '请输入正确的金额', '12.34'],
  ])('preset %s refuses %s with 「%s」 and takes %s', async (pattern, bad, message, good) => {
    const { user, form } = await openAdd(
      definition([{ name: 'phone', label: '值', type: 'input', validateRules: [{ pattern }] }]),
    );
    const input = form.getByLabelText('值');
    await user.type(input, bad);
    expect(await form.findByText(message)).toBeTruthy();
    await user.clear(input);
    await user.type(input, good);
    await waitFor(() => expect(form.queryByText(message)).toBeNull());
  });

  it('a regular expression: ${title}格式不正确 by default, or its own message; empty skips it', async () => {
    const { user, form, save, h } = await openAdd(
      definition([
        { name: 'code', label: '编码', type: 'input', validateRules: [{ pattern: '^[A-Z]{3}$' }] },
        {
          name: 'name',
          label: '名称',
          type: 'input',
          validateRules: [{ pattern: '^\\d+$', message: '${title}只能是数字' }],
        },
      ]),
      (config) => (config.url === BASE + 'add' ? ok(null) : undefined),
    );
    await user.type(form.getByLabelText('编码'), 'ab');
    await user.type(form.getByLabelText('名称'), 'x');
    expect(await form.findByText('编码格式不正确')).toBeTruthy();
    expect(await form.findByText('名称只能是数字')).toBeTruthy();
    await user.clear(form.getByLabelText('编码'));
    await user.clear(form.getByLabelText('名称'));
    await save();
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
  });

  it('unique asks /sys/duplicate/check with table, snake_case column and value; the server message shows', async () => {
    const { user, form, h } = await openAdd(
      definition([
        { name: 'orderNo', label: '订单号', type: 'input', validateRules: [{ unique: true }] },
      ]),
      (config, params) =>
        config.url === '/sys/duplicate/check'
          ? params.fieldVal === 'D-1'
            ? refused(500, '该值不可用，系统中已存在！')
            : ok(null, '该值可用！')
          : undefined,
    );
    const input = form.getByLabelText('订单号');
    await user.type(input, 'D-1');
    await user.tab();
    expect(await form.findByText('该值不可用，系统中已存在！')).toBeTruthy();
    expect(paramsOf(h.calls('/sys/duplicate/check')[0]!)).toEqual({
      tableName: 'demo_rules',
      fieldName: 'order_no',
      fieldVal: 'D-1',
    });
    await user.clear(input);
    await user.type(input, 'D-2');
    await user.tab();
    await waitFor(() => expect(form.queryByText('该值不可用，系统中已存在！')).toBeNull());
  });

  it('unique passes an empty value without asking the server', async () => {
    const { user, form, save, h } = await openAdd(
      definition([
        { name: 'orderNo', label: '订单号', type: 'input', validateRules: [{ unique: true }] },
      ]),
      (config) => (config.url === BASE + 'add' ? ok(null) : undefined),
    );
    await user.click(form.getByLabelText('订单号'));
    await user.tab();
    await save();
    await waitFor(() => expect(h.calls(BASE + 'add')).toHaveLength(1));
    expect(h.calls('/sys/duplicate/check')).toHaveLength(0);
  });

  it('unique on edit sends dataId; a page without a table names its entity', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        schemaVersion: 2,
        code: 'users',
        title: '用户',
        kind: 'list',
        entity: 'sys_user',
        api: { list: '/sys/user/list', edit: '/sys/user/edit' },
        fields: [
          { name: 'workNo', label: '工号', type: 'input', validateRules: [{ unique: true }] },
        ],
      },
      {
        route: (config) => {
          if (config.url === '/sys/user/list') return ok(page([{ id: 'u9', workNo: 'A01' }], 1));
          if (config.url === '/sys/user/edit') return ok(null, '修改成功');
          return undefined;
        },
      },
    );
    await screen.findByText('A01');
    await user.click(screen.getByText('编辑'));
    const form = await findDialog();
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/sys/user/edit')).toHaveLength(1));
    expect(paramsOf(h.calls('/sys/duplicate/check')[0]!)).toEqual({
      tableName: 'sys_user',
      fieldName: 'work_no',
      fieldVal: 'A01',
      dataId: 'u9',
    });
  });

  it('checkRule asks /sys/checkRule/checkByCode and shows the failing rule message', async () => {
    const { user, form, h } = await openAdd(
      definition([
        { name: 'code', label: '编码', type: 'input', validateRules: [{ checkRule: 'common' }] },
      ]),
      (config) =>
        config.url === '/sys/checkRule/checkByCode' ? refused(500, '第一位只能是字母') : undefined,
    );
    await user.type(form.getByLabelText('编码'), '1ab');
    await user.tab();
    expect(await form.findByText('第一位只能是字母')).toBeTruthy();
    expect(paramsOf(h.calls('/sys/checkRule/checkByCode')[0]!)).toEqual({
      ruleCode: 'common',
      value: '1ab',
    });
  });

  it('shows only the first failing rule', async () => {
    const { user, form } = await openAdd(
      definition([
        {
          name: 'code',
          label: '编码',
          type: 'input',
          validateRules: [{ pattern: 'n' }, { pattern: '^\\d{3}$', message: '三位' }],
        },
      ]),
    );
    await user.type(form.getByLabelText('编码'), 'x');
    expect(await form.findByText('请输入数字')).toBeTruthy();
    expect(form.queryByText('三位')).toBeNull();
  });
});
