import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const A = '/system/sys/annountCement';

interface Notice {
  readonly id: string;
  readonly titile: string;
  readonly msgContent: string | null;
  readonly sendStatus: string;
  readonly sender: string | null;
  readonly sendTime: string | null;
  readonly cancelTime: string | null;
  readonly userIds: string | null;
  readonly startTime: string | null;
}
interface Page<T> {
  readonly records: readonly T[];
  readonly total: number;
}
interface Inbox {
  readonly anntMsgList: readonly { id: string; titile: string; msgContent: string | null }[];
  readonly anntMsgTotal: number;
  readonly sysMsgList: readonly { id: string }[];
  readonly sysMsgTotal: number;
}

let t: TestApp;
let admin: string;
let staff: string;
let readerId: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
  readerId = await createUser(t.db, { username: 'reader', password: 'Reader-pass-31' });
  reader = await login(t.app, 'reader', 'Reader-pass-31');
});
afterAll(async () => {
  await t?.close();
});

async function add(body: Record<string, unknown>): Promise<string> {
  const res = await call<string>(t.app, 'POST', `${A}/add`, { token: admin, body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
  return res.body.result;
}

async function byId(id: string): Promise<Notice> {
  const res = await call<Notice>(t.app, 'GET', `${A}/queryById`, { token: admin, query: { id } });
  expect(res.body.success).toBe(true);
  return res.body.result;
}

async function inbox(token: string): Promise<Inbox> {
  const res = await call<Inbox>(t.app, 'GET', `${A}/listByUser`, { token });
  expect(res.body.success).toBe(true);
  return res.body.result;
}

describe('announcements', () => {
  it('sanitises HTML on save: scripts and handlers go, formatting stays', async () => {
    const id = await add({
      titile: '<b>停机</b>通知 & 安排',
      msgContent:
        '<p style="color:#ff0000" onclick="x()">周六<strong>停机</strong></p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">链接</a><a href="https://example.com">官网</a>' +
        '<iframe src="https://evil"></iframe><table><tr><td>表格</td></tr></table>',
      startTime: '2026-01-01 08:00:00',
      msgCategory: '1',
    });
    const stored = await t.db
      .selectFrom('sys_announcement')
      .select(['msgContent', 'titile', 'sendStatus'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.titile).toBe('停机通知 & 安排');
    expect(stored.sendStatus).toBe('0');
    const html = stored.msgContent!;
    for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', '<iframe']) {
      expect(html).not.toContain(bad);
    }
    for (const kept of [
      '<p style="color:#ff0000">',
      '<strong>停机</strong>',
      '<img src="x" />',
      '<a href="https://example.com">官网</a>',
      '<td>表格</td>',
    ]) {
      expect(html).toContain(kept);
    }
    expect((await byId(id)).startTime).toBe('2026-01-01 08:00:00');
  });

  it('sanitises again on display (rows written around the API)', async () => {
    const id = await add({ titile: '直接写库', msgContent: '<p>ok</p>' });
    await t.db
      .updateTable('sys_announcement')
      .set({ msgContent: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>' })
      .where('id', '=', id)
      .execute();
    const shown = await byId(id);
    expect(shown.msgContent).not.toMatch(/script|onerror/);
    expect(shown.msgContent).toContain('<p>ok</p>');
    const list = await call<Page<Notice>>(t.app, 'GET', `${A}/list`, {
      token: admin,
      query: { titile: '直接写库' },
    });
    expect(list.body.result.records[0]!.msgContent).not.toMatch(/script|onerror/);
  });

  it('refuses invalid input', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ msgContent: 'x' }, /titile/],
      [{ titile: '<script></script>' }, '标题不能为空'],
      [{ titile: 'x', priority: 'Z' }, /priority/],
      [{ titile: 'x', msgType: 'USER' }, '请选择通告对象'],
      [{ titile: 'x', msgType: 'USER', userIds: 'nobody-here' }, '通告对象中有不存在的用户'],
      [{ titile: 'x', startTime: 'tomorrow' }, '时间格式不正确，应为 yyyy-MM-dd HH:mm:ss'],
      [
        { titile: 'x', startTime: '2026-02-01 00:00:00', endTime: '2026-01-01 00:00:00' },
        '结束时间不能早于开始时间',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', `${A}/add`, { token: admin, body });
      expect(res.body.success, JSON.stringify(body)).toBe(false);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
  });

  it('releases to everyone and revokes; the inbox follows', async () => {
    const id = await add({ titile: '全员通知', msgContent: '<p>hello</p>', msgCategory: '1' });
    expect((await inbox(reader)).anntMsgList.map((m) => m.id)).not.toContain(id);

    const release = await call(t.app, 'GET', `${A}/doReleaseData`, {
      token: admin,
      query: { id },
    });
    expect(release.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    const released = await byId(id);
    expect(released).toMatchObject({ sendStatus: '1', sender: 'admin' });
    expect(released.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const box = await inbox(reader);
    expect(box.anntMsgList.map((m) => m.id)).toContain(id);
    expect(box.anntMsgTotal).toBeGreaterThanOrEqual(1);
    expect((await inbox(staff)).anntMsgList.map((m) => m.id)).toContain(id);

    const read = await call(t.app, 'PUT', '/system/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
      token: reader,
      body: { anntId: id },
    });
    expect(read.body.success).toBe(true);
    expect((await inbox(reader)).anntMsgList.map((m) => m.id)).not.toContain(id);

    const revoke = await call(t.app, 'GET', `${A}/doReovkeData`, { token: admin, query: { id } });
    expect(revoke.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const revoked = await byId(id);
    expect(revoked.sendStatus).toBe('2');
    expect(revoked.cancelTime).not.toBeNull();
    expect((await inbox(staff)).anntMsgList.map((m) => m.id)).not.toContain(id);
  });

  it('releases to chosen users only', async () => {
    const id = await add({
      titile: '指定通知',
      msgCategory: '2',
      msgType: 'USER',
      userIds: `${readerId},`,
    });
    expect((await byId(id)).userIds).toBe(`${readerId},`);
    await call(t.app, 'GET', `${A}/doReleaseData`, { token: admin, query: { id } });
    expect((await inbox(reader)).sysMsgList.map((m) => m.id)).toContain(id);
    expect((await inbox(staff)).sysMsgList.map((m) => m.id)).not.toContain(id);
  });

  it('edits, deletes (logically) and batch-deletes', async () => {
    const a = await add({ titile: '待编辑' });
    const b = await add({ titile: '待删除' });
    const edit = await call(t.app, 'PUT', `${A}/edit`, {
      token: admin,
      body: { id: a, titile: '已编辑', msgContent: '<p onmouseover="x()">改</p>' },
    });
    expect(edit.body.success).toBe(true);
    expect(await byId(a)).toMatchObject({ titile: '已编辑', msgContent: '<p>改</p>' });

    const del = await call(t.app, 'DELETE', `${A}/delete`, { token: admin, query: { id: b } });
    expect(del.body.success).toBe(true);
    const gone = await call(t.app, 'GET', `${A}/queryById`, { token: admin, query: { id: b } });
    expect(gone.body).toMatchObject({ success: false, message: '未找到对应数据' });
    const row = await t.db
      .selectFrom('sys_announcement')
      .select('delFlag')
      .where('id', '=', b)
      .executeTakeFirstOrThrow();
    expect(row.delFlag).toBe('1');

    const batch = await call(t.app, 'DELETE', `${A}/deleteBatch`, {
      token: admin,
      query: { ids: `${a},${b}` },
    });
    expect(batch.body.success).toBe(true);
    const list = await call<Page<Notice>>(t.app, 'GET', `${A}/list`, {
      token: admin,
      query: { titile: '*编辑*' },
    });
    expect(list.body.result.total).toBe(0);
  });

  it('lists through the translator and refuses injected names without a stack trace', async () => {
    await add({ titile: '排序甲' });
    const list = await call<Page<Notice>>(t.app, 'GET', `${A}/list`, {
      token: admin,
      query: { titile: '排序*', sendStatus: '0', column: 'titile', order: 'asc' },
    });
    expect(list.body.success).toBe(true);
    expect(list.body.result.records.map((r) => r.titile)).toContain('排序甲');

    const attempts: Record<string, string>[] = [
      { column: 'titile;delete from sys_announcement' },
      { column: 'create_time desc, (select pg_sleep(1))' },
      { "titile' or 1=1 --": 'x' },
      { msg_content: '*x*' },
      {
        superQueryParams: JSON.stringify([
          { field: 'titile) or (1=1', rule: 'eq', val: 'x', type: 'string' },
        ]),
      },
    ];
    for (const query of attempts) {
      const res = await call(t.app, 'GET', `${A}/list`, { token: admin, query });
      expect(res.body.success, JSON.stringify(query)).toBe(false);
      expect(res.text).not.toMatch(/\bat \S+\.(ts|js)|stack|syntax error|select /i);
    }
    expect(
      Number(
        (
          await t.db
            .selectFrom('sys_announcement')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });

  it('answers code 510 to a user without the notice codes', async () => {
    const calls: [string, string, object][] = [
      ['GET', `${A}/list`, {}],
      ['GET', `${A}/queryById?id=x`, {}],
      ['POST', `${A}/add`, { body: { titile: 'x' } }],
      ['PUT', `${A}/edit`, { body: { id: 'x', titile: 'x' } }],
      ['DELETE', `${A}/delete?id=x`, {}],
      ['DELETE', `${A}/deleteBatch?ids=x`, {}],
      ['GET', `${A}/doReleaseData?id=x`, {}],
      ['GET', `${A}/doReovkeData?id=x`, {}],
    ];
    for (const [method, url, options] of calls) {
      const res = await call(t.app, method as 'GET', url, { token: staff, ...options });
      expect([url, res.body.code]).toEqual([url, 510]);
    }
  });

  it('the 系统通告 page is stored', async () => {
    const res = await call<{ definition: { code: string } }>(
      t.app,
      'GET',
      '/system/online/page/sys_announcement',
      { token: staff },
    );
    expect(res.body).toMatchObject({
      success: true,
      result: { definition: { code: 'sys_announcement' } },
    });
  });
});
