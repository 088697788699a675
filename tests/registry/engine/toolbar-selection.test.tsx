import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, renderPage, type Route } from './harness';

/** A toolbar url action with `selection: 'required'` asks for a selection instead of calling. */

const LIST = '/demo/user/recycleBin';
const RESTORE = '/demo/user/putRecycleBin';

const definition = {
  schemaVersion: 2,
  code: 'demo_recycle',
  title: '回收站',
  kind: 'list',
  api: { list: LIST },
  fields: [{ name: 'username', label: '账号', type: 'input' }],
  toolbar: [
    { key: 'restoreBatch', label: '批量还原', url: RESTORE, method: 'put', selection: 'required' },
  ],
  rowActions: [],
};

const server: Route = (config) =>
  config.url === LIST ? ok(page([{ id: 'u1', username: 'deleted1' }])) : undefined;

describe('toolbar actions that need a selection', { timeout: 20_000 }, () => {
  it('warns 请选择一条记录！ without a selection, and sends the ids with one', async () => {
    const user = userEvent.setup();
    const h = renderPage(definition, { route: server });
    await screen.findByText('deleted1');
    await user.click(screen.getByRole('button', { name: '批量还原' }));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    expect(h.calls(RESTORE)).toHaveLength(0);

    await user.click(screen.getAllByRole('checkbox')[1]!);
    await user.click(screen.getByRole('button', { name: '批量还原' }));
    await waitFor(() => expect(h.calls(RESTORE)).toHaveLength(1));
    expect(JSON.parse(String(h.calls(RESTORE)[0]!.data))).toMatchObject({ ids: 'u1' });
  });
});
