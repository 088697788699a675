import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import {
  MY_NOTICES_PATH,
  NOTICE_READ_PATH,
  NOTICE_TYPES_PATH,
  NOTICE_TYPE_SIZE,
  READ_ALL_PATH,
  type MyNotice,
  type NoticeType,
} from '../../src/contracts/notice';
import { formatDateTime } from '../../server/http/time';
import { MSG_NOTICE_NOT_FOUND } from '../../server/modules/announcement/notice-routes';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const A = '/system/sys/annountCement';
const TYPES = `/system${NOTICE_TYPES_PATH}`;
const READ = `/system${NOTICE_READ_PATH}`;
const MINE = `/system${MY_NOTICES_PATH}`;
const READ_ALL = `/system${READ_ALL_PATH}`;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let admin: string;
let aliceId: string;
let alice: string;
let bobId: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp();
  // The seed's announcements would count for everyone: start from none.
  await t.db.updateTable('sys_announcement').set({ delFlag: '1' }).execute();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  aliceId = await createUser(t.db, { username: 'alice', password: 'Alice-pass-12' });
  alice = await login(t.app, 'alice', 'Alice-pass-12');
  bobId = await createUser(t.db, { username: 'bob', password: 'Bob-pass-1234' });
  bob = await login(t.app, 'bob', 'Bob-pass-1234');
});
afterAll(async () => {
  await t?.close();
});

/** Adds and releases a notice; its id. */
async function released(body: Record<string, unknown>): Promise<string> {
  const added = await call<string>(t.app, 'POST', `${A}/add`, { token: admin, body });
  expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
  const id = added.body.result;
  const res = await call(t.app, 'GET', `${A}/doReleaseData`, { token: admin, query: { id } });
  expect(res.body.success).toBe(true);
  return id;
}

async function revoke(id: string): Promise<void> {
  const res = await call(t.app, 'GET', `${A}/doReovkeData`, { token: admin, query: { id } });
  expect(res.body.success).toBe(true);
}

async function types(token: string): Promise<Record<string, NoticeType>> {
  const res = await call<NoticeType[]>(t.app, 'GET', TYPES, { token });
  expect(res.body.success).toBe(true);
  return Object.fromEntries(res.body.result.map((type) => [type.key, type]));
}

const ids = (type: NoticeType | undefined) => type?.notices.map((n) => n.id) ?? [];

function read(token: string, id: string) {
  return call(t.app, 'POST', READ, { token, query: { id } });
}

async function mine(token: string, query: Record<string, string> = {}) {
  const res = await call<Page<MyNotice>>(t.app, 'GET', MINE, { token, query });
  expect(res.body.success, res.text).toBe(true);
  return res.body.result;
}

async function readFlagOf(anntId: string, userId: string): Promise<string | undefined> {
  const row = await t.db
    .selectFrom('sys_announcement_send')
    .select('readFlag')
    .where('anntId', '=', anntId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.readFlag;
}

describe('notice calls (the bell, read, 我的消息, 全部已读)', () => {
  let everyone: string;
  let system: string;
  let forAlice: string;

  it('answers each user their own unread notices per type; a targeted one only its targets', async () => {
    everyone = await released({
      titile: '全员通知',
      msgContent: '<p>周六停机</p>',
      msgCategory: '1',
      openType: 'url',
      openPage: '/dashboard/analysis',
    });
    system = await released({ titile: '系统升级', msgCategory: '2' });
    forAlice = await released({
      titile: '给爱丽丝',
      msgCategory: '1',
      msgType: 'USER',
      userIds: aliceId,
    });

    const a = await types(alice);
    expect(Object.keys(a)).toEqual(['1', '2']);
    expect(a['1']).toMatchObject({ description: '通知公告', unread: 2 });
    expect(a['2']).toMatchObject({ description: '系统消息', unread: 1 });
    expect(ids(a['1'])).toEqual([forAlice, everyone]);
    expect(ids(a['2'])).toEqual([system]);
    const notice = a['1']!.notices[1]!;
    expect(notice).toEqual({
      id: everyone,
      title: '全员通知',
      content: '<p>周六停机</p>',
      createTime: expect.stringMatching(DATE_TIME),
      openType: 'url',
      openPage: '/dashboard/analysis',
    });

    const b = await types(bob);
    expect(b['1']).toMatchObject({ unread: 1 });
    expect(ids(b['1'])).toEqual([everyone]);
    expect(ids(b['2'])).toEqual([system]);
  });

  it('shows content cleaned even when the stored HTML is not', async () => {
    const id = await released({
      titile: '写库',
      msgCategory: '2',
      msgType: 'USER',
      userIds: bobId,
    });
    await t.db
      .updateTable('sys_announcement')
      .set({ msgContent: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(2)>' })
      .where('id', '=', id)
      .execute();
    const shown = (await types(bob))['2']!.notices.find((n) => n.id === id)!;
    expect(shown.content).toContain('<p>ok</p>');
    expect(shown.content).not.toMatch(/script|onerror/);
    expect((await read(bob, id)).body.success).toBe(true);
  });

  it("reads only the caller's own notice; anyone else's, unknown or revoked changes nothing", async () => {
    const refused = await read(bob, forAlice);
    expect(refused.body).toMatchObject({ success: false, message: MSG_NOTICE_NOT_FOUND });
    expect(await readFlagOf(forAlice, aliceId)).toBe('0');
    expect(await readFlagOf(forAlice, bobId)).toBeUndefined();
    expect((await read(bob, 'no-such-notice')).body).toMatchObject({ success: false });
    expect((await read(bob, '<bad id>')).status).toBe(400);

    const ok = await read(alice, everyone);
    expect(ok.body.success).toBe(true);
    expect(await readFlagOf(everyone, aliceId)).toBe('1');
    expect(await readFlagOf(everyone, bobId)).toBe('0');
    const a = await types(alice);
    expect(a['1']).toMatchObject({ unread: 1 });
    expect(ids(a['1'])).toEqual([forAlice]);
    expect((await types(bob))['1']).toMatchObject({ unread: 1 });

    await revoke(system);
    expect((await types(alice))['2']).toMatchObject({ unread: 0, notices: [] });
    expect((await types(bob))['2']).toMatchObject({ unread: 0, notices: [] });
    expect((await read(alice, system)).body).toMatchObject({ success: false });
    expect(await readFlagOf(system, aliceId)).toBe('0');
  });

  it(`lists at most ${NOTICE_TYPE_SIZE} notices of a type, newest first, with the full count`, async () => {
    const made: string[] = [];
    for (let i = 0; i < NOTICE_TYPE_SIZE + 1; i++) {
      made.push(
        await released({ titile: `批量${i}`, msgCategory: '2', msgType: 'USER', userIds: bobId }),
      );
    }
    const b = (await types(bob))['2']!;
    expect(b.unread).toBe(NOTICE_TYPE_SIZE + 1);
    expect(ids(b)).toEqual(made.reverse().slice(0, NOTICE_TYPE_SIZE));
    expect((await types(alice))['2']!.unread).toBe(0);
  });

  it('我的消息 pages the caller’s released notices only, with filters and sorting', async () => {
    const page = await mine(alice, { pageSize: '50' });
    expect(page.records.map((r) => r.id).sort()).toEqual([everyone, forAlice].sort());
    const row = page.records.find((r) => r.id === everyone)!;
    expect(row).toEqual({
      id: everyone,
      title: '全员通知',
      content: '<p>周六停机</p>',
      createTime: expect.stringMatching(DATE_TIME),
      openType: 'url',
      openPage: '/dashboard/analysis',
      msgCategory: '1',
      readFlag: '1',
      sender: 'admin',
      priority: 'L',
    });
    // Bob's own: the all-user one, his targeted ones, never Alice's; the revoked one is gone.
    const bobs = (await mine(bob, { pageSize: '50' })).records.map((r) => r.id);
    expect(bobs).toContain(everyone);
    expect(bobs).not.toContain(forAlice);
    expect(bobs).not.toContain(system);
    expect(bobs).toHaveLength(1 + 1 + NOTICE_TYPE_SIZE + 1);

    const unread = await mine(alice, { readFlag: '0' });
    expect(unread.records.map((r) => r.id)).toEqual([forAlice]);
    expect((await mine(alice, { readFlag: '1' })).records.map((r) => r.id)).toEqual([everyone]);
    expect((await mine(bob, { msgCategory: '1' })).records.map((r) => r.id)).toEqual([everyone]);
    expect((await mine(alice, { titile: '爱丽' })).records.map((r) => r.id)).toEqual([forAlice]);
    expect((await mine(alice, { titile: '%' })).total).toBe(0);
    // One notice by its id (a pushed one): only when it is the caller's.
    expect((await mine(alice, { id: forAlice })).records.map((r) => r.id)).toEqual([forAlice]);
    expect((await mine(bob, { id: forAlice })).total).toBe(0);

    const zone = t.ctx.config.timeZone;
    const hourAgo = formatDateTime(new Date(Date.now() - 3_600_000), zone)!;
    const inAnHour = formatDateTime(new Date(Date.now() + 3_600_000), zone)!;
    expect((await mine(alice, { sendTime_begin: hourAgo, sendTime_end: inAnHour })).total).toBe(2);
    expect((await mine(alice, { sendTime_begin: inAnHour })).total).toBe(0);
    expect((await mine(alice, { sendTime_end: hourAgo })).total).toBe(0);

    const oldestFirst = { pageSize: '2', column: 'createTime', order: 'asc' };
    const first = await mine(bob, { ...oldestFirst, pageNo: '1' });
    const second = await mine(bob, { ...oldestFirst, pageNo: '2' });
    expect(first).toMatchObject({ total: bobs.length, size: 2, current: 1 });
    expect(first.records[0]!.id).toBe(everyone);
    const both = [...first.records, ...second.records].map((r) => r.id);
    expect(new Set(both).size).toBe(4);
    const newest = await mine(bob, { pageSize: '1', column: 'sendTime', order: 'desc' });
    expect(newest.records[0]!.title).toBe(`批量${NOTICE_TYPE_SIZE}`);
  });

  it('我的消息 refuses sorting or filtering by what is not on its list', async () => {
    const queries: Record<string, string>[] = [
      { column: 'msgContent' },
      { userId: bobId },
      { sendStatus: '2' },
    ];
    for (const query of queries) {
      const res = await call(t.app, 'GET', MINE, { token: alice, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it("全部已读 marks the caller's notices read and nobody else's", async () => {
    const res = await call(t.app, 'PUT', READ_ALL, { token: bob });
    expect(res.body.success).toBe(true);
    const b = await types(bob);
    expect(b['1']!.unread + b['2']!.unread).toBe(0);
    expect((await mine(bob, { readFlag: '0' })).total).toBe(0);
    // Alice's unread one stays unread.
    expect((await types(alice))['1']).toMatchObject({ unread: 1 });
    expect(await readFlagOf(forAlice, aliceId)).toBe('0');
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', TYPES],
      ['POST', `${READ}?id=${everyone}`],
      ['GET', MINE],
      ['PUT', READ_ALL],
    ] as const) {
      const res = await call(t.app, method, url);
      expect(res.status, url).toBe(401);
    }
    expect(await readFlagOf(forAlice, aliceId)).toBe('0');
  });
});
