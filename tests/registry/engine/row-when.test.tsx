import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userPage } from './definitions';
import { ok, page, renderPage, type Route } from './harness';

/** Row actions with `when`: a link only on the rows meeting its condition. */

const LIST = '/demo/user/list';
const FROZEN = '/demo/user/frozenBatch';
const users = [
  { id: '1', username: 'admin', status: 1, remark: '' },
  { id: '2', username: 'frozen', status: '2', remark: '离职' },
  { id: '3', username: 'nobody' },
];

const definition = {
  ...userPage,
  rowActions: [
    { key: 'detail' },
    {
      key: 'freeze',
      label: '冻结',
      url: FROZEN,
      method: 'put',
      params: { status: '2' },
      when: { field: 'status', operator: 'eq', value: 1 },
    },
    {
      key: 'unfreeze',
      label: '解冻',
      url: FROZEN,
      method: 'put',
      params: { status: '1' },
      when: { field: 'status', operator: 'eq', value: '2' },
    },
    { key: 'note', label: '备注', url: '/x', when: { field: 'remark', operator: 'notEmpty' } },
    { key: 'delete', when: { field: 'status', operator: 'in', value: ['1', '2'] } },
  ],
};

const server: Route = (config) => {
  if (config.url === LIST) return ok(page(users, 3));
  if (config.url === FROZEN) return ok(null, '操作成功');
  return undefined;
};

function linksOf(username: string): string[] {
  const row = screen.getByText(username).closest('tr')!;
  return [...row.querySelectorAll('a')].map((a) => a.textContent ?? '');
}

describe('row actions shown by a condition', { timeout: 20_000 }, () => {
  it('shows each link only on the rows meeting its when (values compared as text)', async () => {
    renderPage(definition, { route: server });
    await screen.findByText('admin');
    expect(linksOf('admin')).toEqual(['详情', '冻结', '删除']);
    expect(linksOf('frozen')).toEqual(['详情', '解冻', '更多 ']); // 备注, 删除 under 更多
    expect(linksOf('nobody')).toEqual(['详情']);
  });

  it('a link shown by its condition runs as any other', async () => {
    const user = userEvent.setup();
    const h = renderPage(definition, { route: server });
    await screen.findByText('frozen');
    await user.click(within(screen.getByText('frozen').closest('tr')!).getByText('解冻'));
    await waitFor(() => expect(h.calls(FROZEN)).toHaveLength(1));
    expect(JSON.parse(String(h.calls(FROZEN)[0]!.data))).toEqual({
      id: '2',
      ids: '2',
      status: '1',
    });
  });
});
