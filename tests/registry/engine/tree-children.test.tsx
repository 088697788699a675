import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, page, paramsOf, renderPage, findDialog } from './harness';

/** A tree on a system entity: the 部门 screen's shape. */
const departPage = {
  schemaVersion: 2,
  code: 'demo_depart',
  title: '部门',
  kind: 'tree-list',
  api: { list: '/demo/depart/list' },
  tree: { titleField: 'departName', parentField: 'parentId' },
  fields: [{ name: 'departName', label: '部门名称', type: 'input', query: true }],
};

const expander = (name: string) =>
  screen
    .getByText(name)
    .closest('tr')!
    .querySelector<HTMLElement>(
      'button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)',
    );

describe('tree-list children', { timeout: 20_000 }, () => {
  it('calls api.children with the node id under tree.childrenParam', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...departPage,
        api: { list: '/demo/depart/list', children: '/demo/depart/children' },
        tree: { ...departPage.tree, childrenParam: 'parentId' },
      },
      {
        route: (config) => {
          if (config.url === '/demo/depart/list') {
            return ok(page([{ id: 'd1', departName: '总公司', parentId: '0', hasChild: '1' }]));
          }
          if (config.url === '/demo/depart/children') {
            return ok([{ id: 'd2', departName: '研发部', parentId: 'd1', hasChild: '0' }]);
          }
          return undefined;
        },
      },
    );
    await screen.findByText('总公司');
    expect(paramsOf(h.calls('/demo/depart/list')[0]!)).toMatchObject({ parentId: '0' });
    await user.click(expander('总公司')!);
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(paramsOf(h.calls('/demo/depart/children')[0]!)).toEqual({ parentId: 'd1' });
  });

  it('names the parent pid in list calls and parentId in records (新增下级)', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      {
        ...departPage,
        api: {
          list: '/demo/depart/list',
          children: '/demo/depart/children',
          add: '/demo/depart/add',
        },
      },
      {
        route: (config) => {
          if (config.url === '/demo/depart/list') {
            return ok(page([{ id: 'd1', departName: '总公司', parentId: null, hasChild: '1' }]));
          }
          if (config.url === '/demo/depart/children') return ok([]);
          if (config.url === '/demo/depart/add') return ok(null, '新增成功！');
          return undefined;
        },
      },
    );
    await screen.findByText('总公司');
    expect(paramsOf(h.calls('/demo/depart/list')[0]!)).toMatchObject({ pid: '0' });
    expect(paramsOf(h.calls('/demo/depart/list')[0]!)).not.toHaveProperty('parentId');
    await user.click(expander('总公司')!);
    await waitFor(() => expect(h.calls('/demo/depart/children')).toHaveLength(1));
    expect(paramsOf(h.calls('/demo/depart/children')[0]!)).toEqual({ pid: 'd1' });
    await user.click(within(screen.getByText('总公司').closest('tr')!).getByText('新增下级'));
    const form = await findDialog();
    await user.type(form.getByLabelText('部门名称'), '研发部');
    await user.click(form.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(h.calls('/demo/depart/add')).toHaveLength(1));
    expect(JSON.parse(String(h.calls('/demo/depart/add')[0]!.data))).toEqual({
      parentId: 'd1',
      departName: '研发部',
    });
  });

  it('shows children the rows already carry, at any depth, without a call', async () => {
    const user = userEvent.setup();
    const h = renderPage(departPage, {
      route: (config) =>
        config.url === '/demo/depart/list'
          ? ok([
              {
                id: 'd1',
                departName: '总公司',
                children: [
                  {
                    id: 'd2',
                    departName: '研发部',
                    children: [{ id: 'd3', departName: '前端组', children: [] }],
                  },
                  { id: 'd4', departName: '财务部' },
                ],
              },
            ])
          : undefined,
    });
    await screen.findByText('总公司');
    expect(screen.queryByText('研发部')).toBeNull();
    await user.click(expander('总公司')!);
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(screen.getByText('财务部')).toBeTruthy();
    expect(expander('财务部')).toBeNull();
    await user.click(expander('研发部')!);
    expect(await screen.findByText('前端组')).toBeTruthy();
    // An empty `children` with nothing saying there are more: a leaf.
    expect(expander('前端组')).toBeNull();
    await user.click(expander('总公司')!);
    await waitFor(() => expect(screen.queryByText('研发部')).toBeNull());
    expect(h.requests.map((r) => r.url)).toEqual(['/demo/depart/list']);
  });

  it('a children answer may carry the next levels too', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      { ...departPage, api: { list: '/demo/depart/list', children: '/demo/depart/children' } },
      {
        route: (config) => {
          if (config.url === '/demo/depart/list') {
            return ok(page([{ id: 'd1', departName: '总公司', hasChild: '1' }]));
          }
          if (config.url === '/demo/depart/children') {
            return ok([
              {
                id: 'd2',
                departName: '研发部',
                hasChild: '1',
                children: [{ id: 'd3', departName: '前端组', hasChild: '0' }],
              },
            ]);
          }
          return undefined;
        },
      },
    );
    await screen.findByText('总公司');
    await user.click(expander('总公司')!);
    await screen.findByText('研发部');
    await user.click(expander('研发部')!);
    expect(await screen.findByText('前端组')).toBeTruthy();
    expect(h.calls('/demo/depart/children')).toHaveLength(1);
    expect(paramsOf(h.calls('/demo/depart/children')[0]!)).toEqual({ pid: 'd1' });
  });

  it('an answer that is neither a list nor a page says 返回数据类型不识别 and folds the node', async () => {
    const user = userEvent.setup();
    const h = renderPage(
      { ...departPage, api: { list: '/demo/depart/list', children: '/demo/depart/children' } },
      {
        route: (config) => {
          if (config.url === '/demo/depart/list') {
            return ok(page([{ id: 'd1', departName: '总公司', hasChild: '1' }]));
          }
          if (config.url === '/demo/depart/children') return ok({ rows: [{ id: 'd2' }] });
          return undefined;
        },
      },
    );
    await screen.findByText('总公司');
    await user.click(expander('总公司')!);
    expect(await screen.findByText('返回数据类型不识别')).toBeTruthy();
    const row = screen.getByText('总公司').closest('tr')!;
    expect(row.querySelector('.ant-table-row-expand-icon-collapsed')).toBeTruthy();
    // Tried again on the next expand.
    await user.click(expander('总公司')!);
    await waitFor(() => expect(h.calls('/demo/depart/children')).toHaveLength(2));
  });
});
