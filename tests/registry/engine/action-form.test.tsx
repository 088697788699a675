import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userPage } from './definitions';
import { ok, page, paramsOf, refused, renderPage, type Route, findDialog } from './harness';

const LIST = '/demo/user/list';
const RESET = '/demo/user/changePassword';
const users = [{ id: '1', username: 'admin', realname: '管理员' }];

/** 重置密码: asks 新密码 and 确认密码, sends them with the row's username. */
const resetPassword = {
  key: 'password',
  label: '密码',
  url: RESET,
  method: 'put',
  rowParams: { username: 'username' },
  form: {
    title: '重置密码',
    fields: [
      { name: 'password', label: '新密码', type: 'input', validateRules: [{ required: true }] },
      {
        name: 'confirmPassword',
        label: '确认密码',
        type: 'input',
        validateRules: [{ required: true }],
      },
    ],
  },
} as const;

function render(reset: Route, action: object = resetPassword) {
  const user = userEvent.setup();
  const h = renderPage(
    { ...userPage, rowActions: [action] },
    {
      route: async (config, params) =>
        config.url === RESET
          ? reset(config, params)
          : config.url === LIST
            ? ok(page(users, 1))
            : undefined,
    },
  );
  return { user, h };
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('admin');
  await user.click(within(screen.getByText('admin').closest('tr')!).getByText('密码'));
  const dialog = await findDialog();
  expect(dialog.getByText('重置密码')).toBeTruthy();
  return dialog;
}

const confirmButton = (scope: ReturnType<typeof within>) =>
  scope.getByRole('button', { name: /确\s*定/ });

describe('custom url actions: a form asked before the call', { timeout: 20_000 }, () => {
  it('validates the fields by their rules and calls nothing until they pass', async () => {
    const { user, h } = render(() => ok(null));
    const form = await openForm(user);
    await user.type(form.getByLabelText('新密码'), 'abc12345');
    await user.click(confirmButton(form));
    expect(await form.findByText('确认密码不能为空')).toBeTruthy();
    expect(form.queryByText('新密码不能为空')).toBeNull();
    expect(h.calls(RESET)).toHaveLength(0);
  });

  it('sends the values with the row data, closes and reloads the list on success', async () => {
    const { user, h } = render(() => ok(null, '密码修改成功'));
    const form = await openForm(user);
    await user.type(form.getByLabelText('新密码'), 'abc12345');
    await user.type(form.getByLabelText('确认密码'), 'abc12345');
    await user.click(confirmButton(form));
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    const call = h.calls(RESET)[0]!;
    expect(call.method).toBe('put');
    expect(JSON.parse(String(call.data))).toEqual({
      id: '1',
      ids: '1',
      username: 'admin',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(h.calls(LIST)).toHaveLength(2));
  });

  it('stays open with the values as typed when the server refuses', async () => {
    let answers = 0;
    const { user, h } = render(() =>
      answers++ === 0 ? refused(500, '两次输入的密码不一致') : ok(null, '密码修改成功'),
    );
    const form = await openForm(user);
    await user.type(form.getByLabelText('新密码'), 'abc12345');
    await user.type(form.getByLabelText('确认密码'), 'abc123');
    await user.click(confirmButton(form));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((form.getByLabelText('新密码') as HTMLInputElement).value).toBe('abc12345');
    expect((form.getByLabelText('确认密码') as HTMLInputElement).value).toBe('abc123');
    expect(h.calls(LIST)).toHaveLength(1);

    await user.type(form.getByLabelText('确认密码'), '45');
    await user.click(confirmButton(form));
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    expect(JSON.parse(String(h.calls(RESET)[1]!.data))).toMatchObject({
      confirmPassword: 'abc12345',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('取消 closes the form without a call', async () => {
    const { user, h } = render(() => ok(null));
    const form = await openForm(user);
    await user.click(form.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.calls(RESET)).toHaveLength(0);
  });

  it('asks its confirm first, then the form; a GET sends the values as query', async () => {
    const { user, h } = render(() => ok(null, '已发送'), {
      ...resetPassword,
      method: 'get',
      confirm: '确定重置该用户的密码吗？',
    });
    await screen.findByText('admin');
    await user.click(within(screen.getByText('admin').closest('tr')!).getByText('密码'));
    expect(await screen.findByText('确定重置该用户的密码吗？')).toBeTruthy();
    expect(screen.queryByText('重置密码')).toBeNull();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    const form = within(
      (await screen.findByText('重置密码')).closest<HTMLElement>('[role="dialog"]')!,
    );
    await user.type(form.getByLabelText('新密码'), 'abc12345');
    await user.type(form.getByLabelText('确认密码'), 'abc12345');
    await user.click(confirmButton(form));
    expect(await screen.findByText('已发送')).toBeTruthy();
    const call = h.calls(RESET)[0]!;
    expect(call.method).toBe('get');
    expect(paramsOf(call)).toEqual({
      id: '1',
      ids: '1',
      username: 'admin',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
  });
});
