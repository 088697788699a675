import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ITEM,
  MD_CODE,
  mdUrl,
  setUpMasterDetailApp,
  type MasterDetailApp,
} from '../support/online-master-detail';
import { call } from '../support/test-app';

/**
 * Live sync follows the receivers' data rules: a user whose rules on the page keep a master out
 * of their list (md_scoped sees supplier ACME only) receives neither that master nor its detail
 * rows when someone saves it; the rows of masters they do see still reach them, in order.
 */

interface Listener {
  readonly ws: WebSocket;
  readonly messages: { type: string; data: { socketKey: string; rows: { supplier?: string }[] } }[];
}

let m: MasterDetailApp;
let base: string;
const sockets: WebSocket[] = [];

async function listen(token: string): Promise<Listener> {
  const ws = new WebSocket(`${base}/system/vxeSocket/anyone/${MD_CODE}`, [token]);
  sockets.push(ws);
  const messages: Listener['messages'] = [];
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8'))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages };
}

async function addMaster(orderNo: string, supplier: string): Promise<string> {
  const res = await call<string>(m.t.app, 'POST', mdUrl('add'), {
    token: m.admin,
    body: { orderNo, supplier },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result;
}

async function editWithItem(id: string, product: string): Promise<void> {
  const res = await call(m.t.app, 'PUT', mdUrl('edit'), {
    token: m.admin,
    body: { id, [ITEM]: [{ product, quantity: 1 }] },
  });
  expect(res.body.success, res.body.message).toBe(true);
}

/** Waits until `listener` holds `count` messages (a message that should not come fails later). */
async function received(listener: Listener, count: number): Promise<void> {
  await expect.poll(() => listener.messages.length, { timeout: 5000 }).toBe(count);
}

beforeAll(async () => {
  m = await setUpMasterDetailApp();
  await m.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(m.t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await m?.t.close();
});

describe('live sync and data rules', () => {
  it('sends a saved master and its details only to receivers whose rules let it through', async () => {
    const other = await addMaster('SCOPE-OTHER', 'OTHER');
    const acme = await addMaster('SCOPE-ACME', 'ACME');
    const admin = await listen(m.admin);
    const scoped = await listen(m.scoped);

    await editWithItem(other, '螺丝');
    await received(admin, 2);
    expect(admin.messages.map((x) => x.data.socketKey)).toEqual([MD_CODE, ITEM]);

    await editWithItem(acme, '螺母');
    await received(admin, 4);
    await received(scoped, 2);
    // The first rows md_scoped ever gets are ACME's: OTHER's master and items never came.
    expect(scoped.messages.map((x) => x.type)).toEqual(['update_vxe_table', 'update_vxe_table']);
    expect(scoped.messages.map((x) => x.data.socketKey)).toEqual([MD_CODE, ITEM]);
    expect(scoped.messages[0]!.data.rows[0]!.supplier).toBe('ACME');
  });
});
