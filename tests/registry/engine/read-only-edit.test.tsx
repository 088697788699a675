import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, renderPage, type Route, findDialog } from './harness';

/** `form.readOnly: 'edit'`: chosen when the record is created, shown read-only afterwards. */

const LIST = '/demo/role/list';
const definition = {
  schemaVersion: 2,
  code: 'demo_role',
  title: '角色管理',
  kind: 'list',
  api: { list: LIST, add: '/demo/role/add', edit: '/demo/role/edit' },
  fields: [
    { name: 'roleName', label: '角色名称', type: 'input' },
    { name: 'roleCode', label: '角色编码', type: 'input', form: { readOnly: 'edit' } },
    { name: 'note', label: '备注', type: 'input', form: { readOnly: true } },
  ],
};

const server: Route = (config) =>
  config.url === LIST
    ? ok(page([{ id: 'r1', roleName: '管理员', roleCode: 'admin', note: '内置' }], 1))
    : undefined;

const dialog = findDialog;

describe("form.readOnly: 'edit'", { timeout: 20_000 }, () => {
  it('is editable when creating', async () => {
    const user = userEvent.setup();
    const h = renderPage(definition, { route: server });
    await screen.findByText('管理员');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await dialog();
    const code = form.getByLabelText('角色编码') as HTMLInputElement;
    expect(code.readOnly).toBe(false);
    expect((form.getByLabelText('备注') as HTMLInputElement).readOnly).toBe(true);
    await user.type(form.getByLabelText('角色名称'), '访客');
    await user.type(code, 'guest');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/demo/role/add')).toHaveLength(1));
    expect(JSON.parse(String(h.calls('/demo/role/add')[0]!.data))).toEqual({
      roleName: '访客',
      roleCode: 'guest',
    });
  });

  it('is read-only when editing, and keeps its value', async () => {
    const user = userEvent.setup();
    const h = renderPage(definition, { route: server });
    await screen.findByText('管理员');
    await user.click(within(screen.getByText('管理员').closest('tr')!).getByText('编辑'));
    const form = await dialog();
    const code = form.getByLabelText('角色编码') as HTMLInputElement;
    expect(code.value).toBe('admin');
    expect(code.readOnly).toBe(true);
    expect((form.getByLabelText('角色名称') as HTMLInputElement).readOnly).toBe(false);
    await user.type(code, 'x');
    expect(code.value).toBe('admin');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/demo/role/edit')).toHaveLength(1));
    expect(JSON.parse(String(h.calls('/demo/role/edit')[0]!.data))).toMatchObject({
      id: 'r1',
      roleCode: 'admin',
    });
  });
});
