import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PURGE_BATCH } from '../../server/modules/quartz/handlers/purge-logs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_NO_PERMISSION } from '../../src/contracts/envelope';
import { validateCron } from '../../src/contracts/quartz';
import { NoticeCmd } from '../../src/contracts/notice';
import { newId } from '../../server/ids';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';
import { Q, TEST_HANDLERS, addJob, runsOf } from './quartz-support';

/** 定时任务 routes: what a job may be saved with, who may do what, the built-in handlers. */

let t: TestApp;
let admin: string;
let staff: string;
let filesDir: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-quartz-'));
  t = await createTestApp({
    env: { FILES_DIR: filesDir },
    // Runs here are 立即执行 only: nothing fires on the wall clock mid-test.
    quartz: { handlers: TEST_HANDLERS, schedule: false },
  });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const VALID = {
  jobName: '发布通告',
  jobClassName: 'releaseAnnouncements',
  cronExpression: '0 0/5 * * * ?',
  status: -1,
};

async function add(body: Record<string, unknown>, token = admin) {
  return call<string>(t.app, 'POST', `${Q}/add`, { token, body: { ...VALID, ...body } });
}

async function execute(id: string) {
  return call(t.app, 'GET', `${Q}/execute`, { token: admin, query: { id } });
}

describe('saving a job', () => {
  it('refuses an invalid cron expression with validateCron’s message', async () => {
    for (const cron of ['0 * * *', '0 61 * * * ?', '0 0 0 ? * ? *']) {
      const expected = validateCron(cron).message;
      expect(expected, cron).toBeTruthy();
      expect((await add({ cronExpression: cron })).body).toMatchObject({
        success: false,
        message: expected,
      });
    }
    expect((await add({ cronExpression: '0 * * *' })).body.message).toBe('cron表达式应为6或7段');
  });

  it('refuses an expression that never fires again', async () => {
    expect((await add({ cronExpression: '0 0 0 1 1 ? 2020' })).body).toMatchObject({
      success: false,
      message: '该表达式没有执行时间',
    });
  });

  it('refuses a handler that is not registered', async () => {
    expect((await add({ jobClassName: 'java.lang.Runtime' })).body).toMatchObject({
      success: false,
      message: '未知的任务处理器',
    });
  });

  it('refuses parameters that are not JSON, or that the handler’s schema refuses', async () => {
    expect((await add({ parameter: '{id:1' })).body).toMatchObject({
      success: false,
      message: '任务参数不是合法的JSON',
    });
    const wrongType = await add({ parameter: '{"id": 5}' });
    expect(wrongType.body.success).toBe(false);
    expect(wrongType.body.message).toMatch(/^任务参数不正确：id /);
    const hook = { jobClassName: 'httpHook' };
    expect((await add({ ...hook, parameter: '{"path":"/x"}' })).body.message).toBe(
      '任务参数不正确：缺少参数 method',
    );
    for (const path of ['http://example.com/x', '//example.com/x', 'x']) {
      const res = await add({ ...hook, parameter: JSON.stringify({ path, method: 'GET' }) });
      expect(res.body.message, path).toMatch(/^任务参数不正确：path /);
    }
    expect((await add({ parameter: '{"sql":"drop table x"}' })).body.message).toBe(
      '任务参数不正确：不支持的参数 sql',
    );
  });

  it('edit refuses the same, and keeps the job as it was', async () => {
    const id = await addJob(t, admin, { ...VALID, parameter: '' });
    const edit = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', `${Q}/edit`, { token: admin, body: { ...VALID, id, ...body } });
    expect((await edit({ parameter: 'nope' })).body.message).toBe('任务参数不是合法的JSON');
    expect((await edit({ cronExpression: '* *' })).body.message).toBe('cron表达式应为6或7段');
    expect((await edit({ jobClassName: 'nope' })).body.message).toBe('未知的任务处理器');
    const row = await t.db
      .selectFrom('sys_quartz_job')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cronExpression: VALID.cronExpression, parameter: null });
    const ok = await edit({ jobName: '改名', status: 0 });
    expect(ok.body, ok.text).toMatchObject({ success: true, message: '编辑成功!' });
    const after = await call<Record<string, unknown>>(t.app, 'GET', `${Q}/queryById`, {
      token: admin,
      query: { id },
    });
    expect(after.body.result).toMatchObject({ jobName: '改名', status: '0' });
    expect(after.body.result['nextFireTime']).toEqual(expect.any(String));
  });

  it('lists jobs with their dictionary texts, queried by name and status', async () => {
    const id = await addJob(t, admin, { ...VALID, jobName: '列表里的任务' });
    const res = await call<{ records: Record<string, unknown>[] }>(t.app, 'GET', `${Q}/list`, {
      token: admin,
      query: { jobName: '*列表里*', status: '-1' },
    });
    expect(res.body.result.records).toEqual([
      expect.objectContaining({
        id,
        jobClassName_dictText: '发布到期的通告',
        status_dictText: '停止',
      }),
    ]);
  });
});

describe('permissions', () => {
  it('a user without quartz:add (or the screen) is refused', async () => {
    const before = await t.db.selectFrom('sys_quartz_job').select('id').execute();
    const res = await add({}, staff);
    expect(res.body).toMatchObject({ success: false, message: MSG_NO_PERMISSION });
    expect(await t.db.selectFrom('sys_quartz_job').select('id').execute()).toHaveLength(
      before.length,
    );
    for (const url of ['list', 'handlers', 'execute?id=x1']) {
      const refused = await call(t.app, 'GET', `${Q}/${url}`, { token: staff });
      expect(refused.body.message, url).toBe(MSG_NO_PERMISSION);
    }
  });

  it('the handler list answers every registered handler with its schema', async () => {
    const res = await call<{ key: string; name: string; paramsSchema: object }[]>(
      t.app,
      'GET',
      `${Q}/handlers`,
      { token: admin },
    );
    expect(res.body.result.map((h) => [h.key, h.name])).toEqual(
      TEST_HANDLERS.map((h) => [h.key, h.name]),
    );
    expect(res.body.result[0]!.paramsSchema).toMatchObject({ type: 'object' });
  });
});

describe('built-in handlers', () => {
  it('发布到期的通告 releases due drafts the 发布 way (push included), not the others', async () => {
    const insert = async (title: string, startTime: Date | null, extra = {}) => {
      const id = newId();
      await t.db
        .insertInto('sys_announcement')
        .values({ id, titile: title, startTime, msgType: 'ALL', createBy: 'admin', ...extra })
        .execute();
      return id;
    };
    const due = await insert('到期了', new Date(Date.now() - 60_000));
    const future = await insert('还没到', new Date(Date.now() + 3600_000));
    const deleted = await insert('删掉的', new Date(Date.now() - 60_000), { delFlag: '1' });
    const publish = vi.spyOn(t.ctx.notices, 'publish');
    const job = await addJob(t, admin, VALID);
    const res = await execute(job);
    expect(res.body, res.text).toMatchObject({ success: true, message: '执行成功' });

    const rows = await t.db
      .selectFrom('sys_announcement')
      .select(['id', 'sendStatus', 'sender'])
      .where('id', 'in', [due, future, deleted])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(due)).toMatchObject({ sendStatus: '1', sender: 'system' });
    expect(byId.get(future)!.sendStatus).toBe('0');
    expect(byId.get(deleted)!.sendStatus).toBe('0');
    expect(publish).toHaveBeenCalledWith(null, {
      cmd: NoticeCmd.TOPIC,
      msgId: due,
      msgTxt: '到期了',
    });
    publish.mockRestore();
    expect(await runsOf(t.db, job)).toEqual([
      expect.objectContaining({ result: '成功', trigger: '手动' }),
    ]);
  });

  it('清理过期会话和导入错误文件 removes error files older than the hours given', async () => {
    const day = path.join(filesDir, 'import-errors', '20200101');
    fs.mkdirSync(day, { recursive: true });
    const old = path.join(day, 'old_导入错误.xlsx');
    const fresh = path.join(day, 'fresh_导入错误.xlsx');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000);
    fs.utimesSync(old, threeHoursAgo, threeHoursAgo);
    const job = await addJob(t, admin, {
      ...VALID,
      jobClassName: 'cleanExpired',
      parameter: '{"errorFileHours":2}',
    });
    expect((await execute(job)).body.success).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });

  it('清理过期日志 deletes log rows older than its days, in batches, and keeps the rest', async () => {
    const day = 24 * 3600_000;
    const rows = Array.from({ length: PURGE_BATCH + 7 }, (_, i) => ({
      id: `purge${String(i).padStart(8, '0')}`,
      logType: 1,
      logContent: '旧登录',
      createTime: new Date(Date.now() - 40 * day),
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await t.db
        .insertInto('sys_log')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    await t.db
      .insertInto('sys_log')
      .values({ id: 'purgekeep0001', logType: 1, logContent: '近期登录', createTime: new Date() })
      .execute();
    const job = await addJob(t, admin, {
      ...VALID,
      jobClassName: 'purgeLogs',
      parameter: '{"days":30}',
    });
    expect((await execute(job)).body.success).toBe(true);
    const left = await t.db
      .selectFrom('sys_log')
      .select('logContent')
      .where('id', 'like', 'purge%')
      .execute();
    expect(left.map((r) => r.logContent)).toEqual(['近期登录']);
    const wrong = await call(t.app, 'POST', '/system/sys/quartzJob/add', {
      token: admin,
      body: { ...VALID, jobName: '清理', jobClassName: 'purgeLogs', parameter: '{"days":0}' },
    });
    expect(wrong.body).toMatchObject({
      success: false,
      message: '任务参数不正确：days 应当为 >= 1',
    });
  });

  it('调用本机HTTP接口 calls this server; a non-2xx answer is a failure', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const hook = (path: string) =>
      addJob(t, admin, {
        ...VALID,
        jobClassName: 'httpHook',
        parameter: JSON.stringify({ path, method: 'GET' }),
      });
    const fine = await hook(API.securityVerify);
    const r = await execute(fine);
    expect(r.body, r.text).toMatchObject({ success: true });
    // HTTP 200 with an envelope saying success false is a failure too.
    const refused = await hook(`${API.config}?key=no_such_key`);
    expect((await execute(refused)).body.message).toMatch(/^执行失败：接口返回失败：/);
    const missing = await hook('/system/no/such/route');
    const res = await execute(missing);
    expect(res.body).toMatchObject({ success: false, message: '执行失败：接口返回 HTTP 404' });
    expect(await runsOf(t.db, missing)).toEqual([
      expect.objectContaining({ result: '失败', error: '接口返回 HTTP 404' }),
    ]);
  });
});
