import { describe, expect, it, vi } from 'vitest';
import { MissingUrlError, pageData } from '../../../registry/engine/data-provider';
import type { PageDefinition } from '../../../src/contracts/page';
import type { Http } from '../../../src/runtime/http';

function fakeHttp() {
  const ok = () => Promise.resolve({ success: true, code: 200, message: '', result: null });
  return {
    get: vi.fn(ok),
    post: vi.fn(ok),
    put: vi.fn(ok),
    delete: vi.fn(ok),
    blob: vi.fn(() => Promise.resolve(new Blob(['x']))),
    upload: vi.fn(ok),
  };
}

const online = {
  schemaVersion: 2,
  code: 'orders',
  title: '订单',
  kind: 'master-detail',
  table: { name: 'orders', columns: [{ name: 'no', type: 'string' }] },
  fields: [{ name: 'no', label: '单号', type: 'input' }],
  details: [
    {
      code: 'order_item',
      title: '明细',
      foreignKey: 'orderId',
      fields: [{ name: 'orderId', label: '订单', type: 'hidden' }],
    },
  ],
} as const satisfies PageDefinition;

const call = {
  filters: { no: '*a\\,b*' },
  sort: { column: 'createTime', order: 'desc' as const },
  pageNo: 2,
  pageSize: 10,
  extra: { tenant: 't1' },
};

describe('the page data provider', () => {
  it('owns the online-table urls of a page with a table, and its calls', async () => {
    const http = fakeHttp();
    const data = pageData(http as unknown as Http, online);
    const base = '/online/cgform/api/orders';
    await data.list(call);
    expect(http.get).toHaveBeenLastCalledWith(`${base}/list`, {
      tenant: 't1',
      no: '*a\\,b*',
      column: 'createTime',
      order: 'desc',
      pageNo: 2,
      pageSize: 10,
    });
    await data.queryById('o1');
    expect(http.get).toHaveBeenLastCalledWith(`${base}/queryById`, { id: 'o1' });
    await data.save('add', { no: '1' });
    expect(http.post).toHaveBeenLastCalledWith(`${base}/add`, { no: '1' }, undefined);
    await data.save('edit', { id: 'o1' }, { headers: { 'X-Sync-Client': 'c' } });
    expect(http.put).toHaveBeenLastCalledWith(
      `${base}/edit`,
      { id: 'o1' },
      {
        headers: { 'X-Sync-Client': 'c' },
      },
    );
    await data.remove('o1');
    expect(http.delete).toHaveBeenLastCalledWith(`${base}/delete`, { id: 'o1' });
    await data.removeMany(['o1', 'o2']);
    expect(http.delete).toHaveBeenLastCalledWith(`${base}/deleteBatch`, { ids: 'o1,o2' });
    await data.exportXls(call, ['o1']);
    expect(http.blob).toHaveBeenLastCalledWith(
      `${base}/exportXls`,
      expect.objectContaining({ no: '*a\\,b*', selections: 'o1' }),
    );
    const form = new FormData();
    const onUploadProgress = () => undefined;
    await data.importExcel(form, { onUploadProgress });
    expect(http.upload).toHaveBeenLastCalledWith(`${base}/importExcel`, form, {
      onUploadProgress,
    });
    await data.detailRows(online.details[0], { orderId: 'o1' });
    expect(http.get).toHaveBeenLastCalledWith(`${base}/detail/order_item/list`, { orderId: 'o1' });
    // Not a tree list: no children url.
    expect(data.url('children')).toBeNull();
  });

  it('uses the urls a page names, and refuses a call the page has no url for', async () => {
    const http = fakeHttp();
    const page = {
      schemaVersion: 2,
      code: 'users',
      title: '用户',
      kind: 'list',
      api: { list: '/sys/user/list', delete: '/sys/user/delete' },
      fields: [{ name: 'username', label: '账号', type: 'input' }],
    } as const satisfies PageDefinition;
    const data = pageData(http as unknown as Http, page);
    expect(data.url('list')).toBe('/sys/user/list');
    expect(data.url('add')).toBeNull();
    await data.remove('u1');
    expect(http.delete).toHaveBeenLastCalledWith('/sys/user/delete', { id: 'u1' });
    expect(() => data.save('add', {})).toThrow(MissingUrlError);
  });
});
