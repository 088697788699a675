import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_NO_PERMISSION, type Page } from '../../src/contracts/envelope';
import { MSG_OUT_OF_SCOPE } from '../../server/http/data-scope';
import type { TableUpdateInput } from '../../server/realtime/table-sync';
import {
  ITEM,
  MD_CODE,
  PAY,
  detailListUrl,
  mdUrl,
  setUpMasterDetailApp,
  snapshot,
  storedRows,
  type MasterDetailApp,
  type Row,
} from '../support/online-master-detail';
import { call } from '../support/test-app';

/**
 * Who may list and save detail rows: the page's own codes and the data rules on its master,
 * names from requests never reaching SQL, and the live-sync updates of committed saves.
 */

let m: MasterDetailApp;
let acme: string;
let other: string;

const add = (body: Row, token = m.admin) =>
  call<string>(m.t.app, 'POST', mdUrl('add'), { token, body });

async function addOk(body: Row): Promise<string> {
  const res = await add(body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  return res.body.result;
}

beforeAll(async () => {
  m = await setUpMasterDetailApp();
  acme = await addOk({
    orderNo: 'ACME-1',
    supplier: 'ACME',
    [ITEM]: [{ product: '甲', quantity: 1 }],
    [PAY]: [{ payAmount: 10 }],
  });
  other = await addOk({
    orderNo: 'OTHER-1',
    supplier: 'Globex',
    [ITEM]: [{ product: '乙', quantity: 2 }],
    [PAY]: [{ payAmount: 20 }],
  });
});
afterAll(async () => {
  await m?.t.close();
});

const listAs = (token: string, detail: string, masterId: string) =>
  call<Page<Row>>(m.t.app, 'GET', detailListUrl(detail), {
    token,
    query: { purchaseId: masterId },
  });

describe('permission codes', () => {
  it('the detail list needs a token, then online:{code}:list', async () => {
    const anonymous = await call(m.t.app, 'GET', detailListUrl(ITEM), {
      query: { purchaseId: acme },
    });
    expect(anonymous.status).toBe(401);
    const refused = await listAs(m.nobody, ITEM, acme);
    expect(refused.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
    expect((await listAs(m.editorless, ITEM, acme)).body.success).toBe(true);
  });

  it('saving details is an edit: without online:{code}:edit the answer is 510', async () => {
    const before = await snapshot(m.t);
    const res = await call(m.t.app, 'PUT', mdUrl('edit'), {
      token: m.editorless,
      body: { id: acme, [ITEM]: [] },
    });
    expect(res.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
    const removed = await call(m.t.app, 'DELETE', mdUrl('delete'), {
      token: m.editorless,
      query: { id: acme },
    });
    expect(removed.body).toMatchObject({ code: 510 });
    expect(await snapshot(m.t)).toEqual(before);
  });
});

describe('data rules on the master', () => {
  it('gate the detail list', async () => {
    const inside = await listAs(m.scoped, ITEM, acme);
    expect(inside.body.success, inside.body.message).toBe(true);
    expect(inside.body.result.records.map((r) => r.product)).toEqual(['甲']);
    const outside = await listAs(m.scoped, ITEM, other);
    expect(outside.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
  });

  it('gate detail saves and deletes', async () => {
    const before = await snapshot(m.t);
    const edit = await call(m.t.app, 'PUT', mdUrl('edit'), {
      token: m.scoped,
      body: { id: other, [ITEM]: [{ product: '偷改' }], [PAY]: [] },
    });
    expect(edit.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    const removed = await call(m.t.app, 'DELETE', mdUrl('delete'), {
      token: m.scoped,
      query: { id: other },
    });
    expect(removed.body).toMatchObject({ success: false, message: MSG_OUT_OF_SCOPE });
    expect(await snapshot(m.t)).toEqual(before);

    const ok = await call(m.t.app, 'PUT', mdUrl('edit'), {
      token: m.scoped,
      body: { id: acme, [ITEM]: [{ product: '丙', quantity: 3 }] },
    });
    expect(ok.body.success, ok.body.message).toBe(true);
    expect((await storedRows(m.t, 'md_purchase_item', acme)).map((r) => r.product)).toEqual(['丙']);
  });
});

describe('names from requests', () => {
  const noLeak = (text: string) => {
    expect(text).not.toMatch(/\bselect\b|\bdelete from\b|stack|\.ts:\d+|at [A-Za-z]+ \(/i);
  };

  it('a detail code that is not one of the page is refused without SQL or stack', async () => {
    const attempts = [
      `${ITEM};drop table md_purchase`,
      `${ITEM}" or "1"="1`,
      "md_purchase_item' --",
      'md_purchase',
      'pg_user',
      '..%2F..%2Fsys_user',
    ];
    for (const code of attempts) {
      const res = await call(m.t.app, 'GET', mdUrl(`detail/${encodeURIComponent(code)}/list`), {
        token: m.admin,
        query: { purchaseId: acme },
      });
      expect(res.body.success, code).toBe(false);
      expect(res.body.message, code).toMatch(/^子表不存在或没有自己的表/);
      noLeak(res.text);
    }
    expect(await storedRows(m.t, 'md_purchase_item', acme)).not.toHaveLength(0);
  });

  it('a master id with SQL in it is refused before any SQL (400 naming the parameter)', async () => {
    const res = await listAs(m.admin, ITEM, "' or '1'='1");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, result: null });
    expect(res.body.message).toContain('purchaseId');
    noLeak(res.text);
  });

  it('unknown field names and body keys in a save are ignored, never SQL', async () => {
    const before = await snapshot(m.t);
    const id = await addOk({
      orderNo: 'INJ-1',
      'orderNo"; drop table md_purchase; --': 'x',
      [`${ITEM}"; drop table md_purchase_item; --`]: [{ product: 'x' }],
      [ITEM]: [
        {
          product: '正常',
          'quantity" = 1; drop table md_purchase_item; --': 5,
          'product) values (1); --': 'y',
          create_by: 'mallory',
          createBy: 'mallory',
        },
      ],
    });
    const after = await snapshot(m.t);
    expect(after.master).toHaveLength(before.master.length + 1);
    expect(after.items).toHaveLength(before.items.length + 1);
    const [row] = await storedRows(m.t, 'md_purchase_item', id);
    expect(row).toMatchObject({ product: '正常', quantity: null, create_by: 'admin' });
  });

  it('a detail row id that is not an id (SQL, blanks) is refused and nothing is stored', async () => {
    const before = await snapshot(m.t);
    for (const id of ["x'; delete from md_purchase_item; --", ' padded', 'tab\t']) {
      const res = await add({
        orderNo: `INJ-${before.master.length}`,
        [ITEM]: [{ product: 'x', id }],
      });
      expect(res.body, id).toMatchObject({
        success: false,
        message: '采购明细第1行：id 格式不正确',
      });
      noLeak(res.text);
    }
    expect(await snapshot(m.t)).toEqual(before);
  });
});

describe('live sync', () => {
  it('a committed save publishes the master row and the rows of each detail it wrote', async () => {
    const publish = vi.spyOn(m.t.ctx.tableSync, 'publishTableUpdate');
    publish.mockClear();
    try {
      const res = await call(m.t.app, 'PUT', mdUrl('edit'), {
        token: m.admin,
        headers: { 'X-Sync-Client': 'grid-1' },
        body: {
          id: acme,
          amount: '12.5',
          [ITEM]: [
            { product: '丁', quantity: 4, unit: 'box', orderNum: 2 },
            { product: '戊', quantity: 5, orderNum: 1 },
          ],
        },
      });
      expect(res.body.success, res.body.message).toBe(true);
      const updates = publish.mock.calls.map(([input]) => input);
      expect(updates.map((u) => u.socketKey)).toEqual([MD_CODE, ITEM]);
      for (const u of updates) {
        expect(u).toMatchObject({
          pageId: MD_CODE,
          senderId: 'grid-1',
          permission: `online:${MD_CODE}:list`,
        });
      }
      const [master, items] = updates as [TableUpdateInput, TableUpdateInput];
      expect(master.rows).toEqual([expect.objectContaining({ id: acme, amount: 12.5 })]);
      const listed = await listAs(m.admin, ITEM, acme);
      expect(items.rows).toEqual(listed.body.result.records);
      expect(items.rows.map((r) => [r.product, r.unit_dictText])).toEqual([
        ['戊', null],
        ['丁', '箱'],
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  it('a refused save publishes nothing; an add publishes its master and details', async () => {
    const publish = vi.spyOn(m.t.ctx.tableSync, 'publishTableUpdate');
    publish.mockClear();
    try {
      const bad = await add({ orderNo: 'SYNC-1', [ITEM]: [{ quantity: 'x' }] });
      expect(bad.body.success).toBe(false);
      expect(publish).not.toHaveBeenCalled();
      const id = await addOk({ orderNo: 'SYNC-2', [PAY]: [{ payAmount: 1 }] });
      const updates = publish.mock.calls.map(([input]) => input);
      expect(updates.map((u) => [u.socketKey, u.rows.length, u.senderId])).toEqual([
        [MD_CODE, 1, undefined],
        [PAY, 1, undefined],
      ]);
      expect(updates[1]!.rows[0]).toMatchObject({ purchaseId: id, payAmount: 1 });
    } finally {
      publish.mockRestore();
    }
  });
});
