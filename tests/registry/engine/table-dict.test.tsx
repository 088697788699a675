import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { computeSign } from '../../../src/runtime/sign';
import { ok, page, renderPage, testRegistry, type Route, findDialog } from './harness';

/** A field whose `dictCode` is a table dictionary `table,text,code`. */

const LIST = '/demo/user/list';
const POSTS = '/sys/dict/getDictItems/sys_position%2Cname%2Ccode';
const positions = [
  { value: 'dev', text: '开发工程师', title: '开发工程师' },
  { value: 'qa', text: '测试工程师', title: '测试工程师' },
];

const definition = {
  schemaVersion: 2,
  code: 'demo_user',
  title: '用户管理',
  kind: 'list',
  api: { list: LIST },
  fields: [
    { name: 'username', label: '账号', type: 'input' },
    { name: 'post', label: '职务', type: 'select-multiple', dictCode: 'sys_position,name,code' },
    { name: 'mainPost', label: '主职务', type: 'select', dictCode: 'sys_position,name,code' },
  ],
};

const server: Route = (config) => {
  if (config.url === LIST) {
    return ok(page([{ id: '1', username: 'admin', post: 'dev,qa', mainPost: 'qa' }], 1));
  }
  if (config.url === POSTS) return ok(positions);
  return undefined;
};

function registry() {
  const r = testRegistry();
  r.register('select-multiple', { field: () => null });
  return r;
}

describe('table dictionaries', { timeout: 20_000 }, () => {
  it('load from getDictItems/{table,text,code}, signed, and show their texts in the list', async () => {
    const h = renderPage(definition, { route: server, registry: registry() });
    expect(await screen.findByText('开发工程师,测试工程师')).toBeTruthy();
    const row = within(screen.getByText('admin').closest('tr')!);
    expect(row.getByText('测试工程师')).toBeTruthy();
    // One request for the two fields of the same dictionary.
    const calls = h.calls(POSTS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('X-Sign')).toBe(
      computeSign({ query: {}, lastPathSegment: 'sys_position,name,code' }),
    );
  });

  it('give the options of the form, fresh for each form', async () => {
    const user = userEvent.setup();
    const h = renderPage(definition, { route: server, registry: registry() });
    await screen.findByText('admin');
    await user.click(within(screen.getByText('admin').closest('tr')!).getByText('编辑'));
    const form = await findDialog();
    const select = (await form.findByLabelText('主职务')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        '请选择',
        '开发工程师',
        '测试工程师',
      ]),
    );
    expect(select.value).toBe('qa');
    expect(h.calls(POSTS)).toHaveLength(2);
  });
});
