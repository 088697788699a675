import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import {
  ITEM,
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
 * Master-detail saves through the online-table API: the master and its detail arrays in one
 * transaction (rows updated, inserted, deleted), detail lists by master, cascade deletes.
 */

let m: MasterDetailApp;

beforeAll(async () => {
  m = await setUpMasterDetailApp();
});
afterAll(async () => {
  await m?.t.close();
});

const add = (body: Row) => call<string>(m.t.app, 'POST', mdUrl('add'), { token: m.admin, body });
const edit = (body: Row) => call(m.t.app, 'PUT', mdUrl('edit'), { token: m.admin, body });

async function addOk(body: Row): Promise<string> {
  const res = await add(body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  return res.body.result;
}

async function detailList(detail: string, masterId: string): Promise<Page<Row>> {
  const res = await call<Page<Row>>(m.t.app, 'GET', detailListUrl(detail), {
    token: m.admin,
    query: { purchaseId: masterId },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
}

let seq = 0;
/** A master with two items (sku unique per test) and one payment. */
async function addOrder(supplier = 'ACME'): Promise<string> {
  seq++;
  return addOk({
    orderNo: `MD-${seq}`,
    supplier,
    [ITEM]: [
      { product: '螺丝', quantity: 10, sku: `S${seq}-1`, orderNum: 1 },
      { product: '螺母', quantity: 20, sku: `S${seq}-2`, orderNum: 2 },
    ],
    [PAY]: [{ payDate: '2024-05-01', payAmount: '100.50' }],
  });
}

describe('add', () => {
  it('saves the master and two details in one call, foreign keys set by the server', async () => {
    const id = await addOk({
      orderNo: 'A1',
      supplier: 'ACME',
      amount: '300',
      [ITEM]: [
        { product: '螺栓', quantity: 3, unit: 'box', orderNum: 2, purchaseId: 'someone-else' },
        { product: '垫片', quantity: '4', unit: 'pcs', orderNum: 1, id: 'made-up-id' },
      ],
      [PAY]: [
        { payDate: '2024-06-01', payAmount: 200 },
        { payDate: '2024-05-01', payAmount: '100' },
        { payDate: '2024-07-01', payAmount: '0.5' },
      ],
    });
    const items = await storedRows(m.t, 'md_purchase_item', id);
    expect(items).toHaveLength(2);
    expect(items.every((r) => r.purchase_id === id)).toBe(true);
    expect(items.map((r) => r.id)).not.toContain('made-up-id');
    expect(items.every((r) => r.create_by === 'admin')).toBe(true);

    // Listed by the order column, with option texts, as list records.
    const list = await detailList(ITEM, id);
    expect(list.total).toBe(2);
    expect(list.records.map((r) => [r.product, r.quantity, r.unit_dictText])).toEqual([
      ['垫片', 4, '件'],
      ['螺栓', 3, '箱'],
    ]);
    expect(list.records[0]).toMatchObject({ purchaseId: id, orderNum: 1 });
    expect(String(list.records[0]!.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Without an order column: the order they were sent in.
    const pays = await detailList(PAY, id);
    expect(pays.records.map((r) => [r.payDate, r.payAmount])).toEqual([
      ['2024-06-01', 200],
      ['2024-05-01', 100],
      ['2024-07-01', 0.5],
    ]);
  });

  it('a master without detail arrays saves alone; an empty array saves no rows', async () => {
    const id = await addOk({ orderNo: 'A2', [PAY]: [] });
    expect(await storedRows(m.t, 'md_purchase_item', id)).toEqual([]);
    expect(await storedRows(m.t, 'md_purchase_pay', id)).toEqual([]);
  });

  it('a bad detail row refuses the whole add: nothing is written', async () => {
    const before = await snapshot(m.t);
    const res = await add({
      orderNo: 'A3',
      [PAY]: [{ payAmount: 1 }],
      [ITEM]: [
        { product: '甲', quantity: 1 },
        { product: '乙', quantity: 2 },
        { product: '丙', quantity: 'abc' },
      ],
    });
    expect(res.body).toMatchObject({ success: false, message: '采购明细第3行：数量必须是整数' });
    expect(await snapshot(m.t)).toEqual(before);
  });

  it('each detail row meets the field rules, with the detail title and row number', async () => {
    const cases: [Row, string][] = [
      [{ [ITEM]: [{ quantity: 1 }] }, '采购明细第1行：商品不能为空'],
      [{ [PAY]: [{ payAmount: 1 }, { payAmount: '1.234' }] }, '付款计划第2行：付款金额最多2位小数'],
      [
        { [PAY]: [{ payAmount: 1, payDate: '2024-02-30' }] },
        '付款计划第1行：付款日期不是有效的日期（yyyy-MM-dd）',
      ],
      [{ [ITEM]: [{ product: 'x'.repeat(101) }] }, '采购明细第1行：商品的长度不能超过100个字符'],
      [
        {
          [ITEM]: [
            { product: '甲', sku: 'DUP' },
            { product: '乙', sku: 'DUP' },
          ],
        },
        '采购明细第2行：SKU的值已存在：DUP',
      ],
      [{ [ITEM]: [{ product: '甲' }, 'row'] }, '采购明细第2行：数据格式不正确'],
      [{ [ITEM]: { product: '甲' } }, '采购明细的数据应为数组'],
      [{ [ITEM]: [{ product: '甲', id: 12 }] }, '采购明细第1行：id 格式不正确'],
    ];
    const before = await snapshot(m.t);
    for (const [details, message] of cases) {
      const res = await add({ orderNo: 'A4', ...details });
      expect(res.body, message).toMatchObject({ success: false, message });
    }
    expect(await snapshot(m.t)).toEqual(before);
  });

  it('the master is checked first, then the details', async () => {
    const res = await add({ supplier: 'x', [ITEM]: [{ quantity: 'abc' }] });
    expect(res.body).toMatchObject({ success: false, message: '单号不能为空' });
  });

  it('refuses more than 10,000 rows in one detail', async () => {
    const before = await snapshot(m.t);
    const rows = Array.from({ length: 10_001 }, () => ({}));
    const res = await add({ orderNo: 'A5', [ITEM]: rows });
    expect(res.body).toMatchObject({
      success: false,
      message: '采购明细最多10000行，本次提交了10001行',
    });
    expect(await snapshot(m.t)).toEqual(before);
  });

  it('a detail value repeating another master’s row is refused after writing, and rolled back', async () => {
    const other = await addOrder();
    const sku = (await storedRows(m.t, 'md_purchase_item', other))[0]!.sku;
    const before = await snapshot(m.t);
    const res = await add({
      orderNo: 'A6',
      [ITEM]: [
        { product: '甲', sku: 'FREE-1' },
        { product: '乙', sku },
      ],
    });
    expect(res.body).toMatchObject({
      success: false,
      message: `采购明细第2行：SKU的值已存在：${String(sku)}`,
    });
    expect(await snapshot(m.t)).toEqual(before);
  });
});

describe('edit', () => {
  it('updates the rows it names, inserts the new ones, deletes the missing ones', async () => {
    const id = await addOrder();
    const [first, second] = await storedRows(m.t, 'md_purchase_item', id);
    const paysBefore = await storedRows(m.t, 'md_purchase_pay', id);
    const res = await edit({
      id,
      amount: '999.99',
      [ITEM]: [
        { id: first!.id, product: '螺丝（改）', quantity: 11, orderNum: 1 },
        { product: '新商品', quantity: 5, orderNum: 3, purchaseId: 'elsewhere' },
      ],
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    const items = await storedRows(m.t, 'md_purchase_item', id);
    expect(items.map((r) => r.id)).toContain(first!.id);
    expect(items.map((r) => r.id)).not.toContain(second!.id);
    const updated = items.find((r) => r.id === first!.id)!;
    expect(updated).toMatchObject({ product: '螺丝（改）', quantity: 11, sku: first!.sku });
    expect(updated.update_by).toBe('admin');
    const inserted = items.find((r) => r.id !== first!.id)!;
    expect(inserted).toMatchObject({ product: '新商品', quantity: 5, purchase_id: id });
    // A detail absent from the body is not touched.
    expect(await storedRows(m.t, 'md_purchase_pay', id)).toEqual(paysBefore);
    const list = await detailList(ITEM, id);
    expect(list.records.map((r) => r.product)).toEqual(['螺丝（改）', '新商品']);
  });

  it('an update changes only the fields its row holds', async () => {
    const id = await addOrder();
    const [first, second] = await storedRows(m.t, 'md_purchase_item', id);
    const res = await edit({
      id,
      [ITEM]: [{ id: first!.id, quantity: 99 }, { id: second!.id }],
    });
    expect(res.body.success, res.body.message).toBe(true);
    const items = await storedRows(m.t, 'md_purchase_item', id);
    expect(items.find((r) => r.id === first!.id)).toMatchObject({
      product: first!.product,
      quantity: 99,
    });
    expect(items.find((r) => r.id === second!.id)).toMatchObject({
      product: second!.product,
      quantity: second!.quantity,
    });
  });

  it('an empty array deletes every row of that detail', async () => {
    const id = await addOrder();
    expect((await edit({ id, [PAY]: [] })).body.success).toBe(true);
    expect(await storedRows(m.t, 'md_purchase_pay', id)).toEqual([]);
    expect(await storedRows(m.t, 'md_purchase_item', id)).toHaveLength(2);
  });

  it('never takes over another master’s row: its id makes a new row here', async () => {
    const a = await addOrder();
    const b = await addOrder();
    const aItems = await storedRows(m.t, 'md_purchase_item', a);
    const bItems = await storedRows(m.t, 'md_purchase_item', b);
    const stolen = aItems[0]!;
    const res = await edit({
      id: b,
      [ITEM]: [
        ...bItems.map((r) => ({ id: r.id, product: r.product })),
        { id: stolen.id, product: '抢来的', quantity: 1 },
      ],
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await storedRows(m.t, 'md_purchase_item', a)).toEqual(aItems);
    const after = await storedRows(m.t, 'md_purchase_item', b);
    expect(after).toHaveLength(3);
    const fresh = after.find((r) => r.product === '抢来的')!;
    expect(fresh.id).not.toBe(stolen.id);
    expect(fresh.purchase_id).toBe(b);
  });

  it('a bad row refuses the whole edit: master and every detail unchanged', async () => {
    const id = await addOrder();
    const items = await storedRows(m.t, 'md_purchase_item', id);
    const before = await snapshot(m.t);
    const res = await edit({
      id,
      supplier: '改了',
      [PAY]: [],
      [ITEM]: [
        { id: items[0]!.id, product: '甲' },
        { product: '乙', quantity: 1 },
        { product: '丙', quantity: '1.5' },
      ],
    });
    expect(res.body).toMatchObject({ success: false, message: '采购明细第3行：数量必须是整数' });
    expect(await snapshot(m.t)).toEqual(before);
  });

  it('a duplicate found after writing rolls back the master and the other detail', async () => {
    const other = await addOrder();
    const taken = (await storedRows(m.t, 'md_purchase_item', other))[0]!.sku;
    const id = await addOrder();
    const before = await snapshot(m.t);
    const res = await edit({
      id,
      supplier: '改了',
      [PAY]: [],
      [ITEM]: [{ product: '甲', sku: taken }],
    });
    expect(res.body).toMatchObject({
      success: false,
      message: `采购明细第1行：SKU的值已存在：${String(taken)}`,
    });
    expect(await snapshot(m.t)).toEqual(before);
  });

  it('rows may swap unique values within one save', async () => {
    const id = await addOrder();
    const [first, second] = await storedRows(m.t, 'md_purchase_item', id);
    const res = await edit({
      id,
      [ITEM]: [
        { id: first!.id, product: first!.product, sku: second!.sku },
        { id: second!.id, product: second!.product, sku: first!.sku },
      ],
    });
    expect(res.body.success, res.body.message).toBe(true);
  });

  it('refuses the same row id twice in one array', async () => {
    const id = await addOrder();
    const [first] = await storedRows(m.t, 'md_purchase_item', id);
    const res = await edit({
      id,
      [ITEM]: [
        { id: first!.id, product: '甲' },
        { id: first!.id, product: '乙' },
      ],
    });
    expect(res.body).toMatchObject({ success: false, message: '采购明细第2行：与第1行重复' });
  });
});

describe('detail list', () => {
  it('needs the master id; an unknown master has no rows', async () => {
    const missing = await call(m.t.app, 'GET', detailListUrl(ITEM), { token: m.admin });
    expect(missing.body).toMatchObject({ success: false, message: '缺少参数 purchaseId' });
    const none = await detailList(ITEM, 'no-such-master');
    expect(none).toMatchObject({ records: [], total: 0 });
  });

  it('answers only the rows of that master', async () => {
    const a = await addOrder();
    const b = await addOrder();
    const list = await detailList(ITEM, a);
    expect(list.records).toHaveLength(2);
    expect(list.records.every((r) => r.purchaseId === a)).toBe(true);
    expect((await detailList(ITEM, b)).records.every((r) => r.purchaseId === b)).toBe(true);
  });

  it('refuses a detail the page does not have', async () => {
    const res = await call(m.t.app, 'GET', mdUrl('detail/md_nothing/list'), {
      token: m.admin,
      query: { purchaseId: 'x' },
    });
    expect(res.body).toMatchObject({
      success: false,
      message: '子表不存在或没有自己的表：md_nothing',
    });
  });
});

describe('delete', () => {
  it('deleting a master deletes its detail rows, and only its own', async () => {
    const a = await addOrder();
    const b = await addOrder();
    const res = await call(m.t.app, 'DELETE', mdUrl('delete'), {
      token: m.admin,
      query: { id: a },
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await storedRows(m.t, 'md_purchase_item', a)).toEqual([]);
    expect(await storedRows(m.t, 'md_purchase_pay', a)).toEqual([]);
    expect(await storedRows(m.t, 'md_purchase_item', b)).toHaveLength(2);
  });

  it('deleteBatch deletes the details of every master', async () => {
    const a = await addOrder();
    const b = await addOrder();
    const c = await addOrder();
    const res = await call(m.t.app, 'DELETE', mdUrl('deleteBatch'), {
      token: m.admin,
      query: { ids: `${a},${b}` },
    });
    expect(res.body.success, res.body.message).toBe(true);
    for (const id of [a, b]) {
      expect(await storedRows(m.t, 'md_purchase_item', id)).toEqual([]);
      expect(await storedRows(m.t, 'md_purchase_pay', id)).toEqual([]);
    }
    expect(await storedRows(m.t, 'md_purchase_pay', c)).toHaveLength(1);
  });

  it('deleting a master that does not exist deletes nothing', async () => {
    const before = await snapshot(m.t);
    const res = await call(m.t.app, 'DELETE', mdUrl('delete'), {
      token: m.admin,
      query: { id: 'no-such-master' },
    });
    expect(res.body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await snapshot(m.t)).toEqual(before);
  });
});
