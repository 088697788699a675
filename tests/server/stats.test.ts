import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, wallTimeToEpoch } from '../../server/http/time';
import { newId } from '../../server/ids';
import {
  lastDays,
  loginInfo,
  visitInfo,
  type LoginInfo,
  type VisitDay,
} from '../../server/modules/stats/visits';
import { API, DEMO_PASSWORD, call, createTestApp, login, type TestApp } from '../support/test-app';

/**
 * /sys/loginfo and /sys/visitInfo: counts of the login log (sys_log, log_type 1) by calendar
 * day in APP_TIMEZONE (Asia/Shanghai in the tests).
 */

const ZONE = 'Asia/Shanghai';
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t.app, 'staff', DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function clearLog(): Promise<void> {
  await t.db.deleteFrom('sys_log').execute();
}

async function logAt(at: Date, ip: string | null, logType = 1): Promise<void> {
  await t.db
    .insertInto('sys_log')
    .values({
      id: newId(),
      logType,
      event: logType === 1 ? 'login' : null,
      logContent: 'test',
      operateType: null,
      userid: null,
      username: 'tester',
      ip,
      method: null,
      requestUrl: null,
      requestParam: null,
      requestType: null,
      costTime: null,
      createBy: 'tester',
      createTime: at,
    })
    .execute();
}

/** Midnight (Shanghai) of the day `offset` days from today, as an instant. */
function shanghaiMidnight(offset: number, now = new Date()): Date {
  const [y, m, d] = formatDate(now, ZONE).split('-').map(Number) as [number, number, number];
  return new Date(wallTimeToEpoch([y, m, d + offset, 0, 0, 0], ZONE));
}

const seconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);

describe('routes', () => {
  it('need a signed-in user (any)', async () => {
    for (const url of ['/system/sys/loginfo', '/system/sys/visitInfo']) {
      expect((await call(t.app, 'GET', url)).status).toBe(401);
      expect((await call(t.app, 'GET', url, { token: staff })).body.success).toBe(true);
    }
  });

  it('count today by the Shanghai calendar day; every login writes a row', async () => {
    await clearLog();
    const today = shanghaiMidnight(0);
    await logAt(seconds(today, 1), '10.0.0.1'); // 00:00:01 today
    await logAt(seconds(today, 60), '10.0.0.1');
    await logAt(seconds(today, 120), '10.0.0.2');
    await logAt(seconds(today, -1), '10.0.0.3'); // 23:59:59 yesterday
    await logAt(seconds(today, 30), '10.0.0.9', 2); // an operation log: not a visit

    const res = await call<LoginInfo>(t.app, 'GET', '/system/sys/loginfo', { token: staff });
    expect(res.body.result).toEqual({ totalVisitCount: 4, todayVisitCount: 3, todayIp: 2 });

    await login(t.app, 'staff', DEMO_PASSWORD, { remoteAddress: '10.0.0.7' });
    const after = await call<LoginInfo>(t.app, 'GET', '/system/sys/loginfo', { token: staff });
    expect(after.body.result).toEqual({ totalVisitCount: 5, todayVisitCount: 4, todayIp: 3 });
  });

  it('visitInfo: the last 7 days oldest first, empty days with 0', async () => {
    await clearLog();
    const today = shanghaiMidnight(0);
    await logAt(seconds(today, 5), '1.1.1.1');
    await logAt(seconds(shanghaiMidnight(-1), 0), '1.1.1.1'); // yesterday 00:00:00
    await logAt(seconds(shanghaiMidnight(-6), 3600), '2.2.2.2'); // first day of the week
    await logAt(seconds(shanghaiMidnight(-6), 7200), '3.3.3.3');
    await logAt(seconds(shanghaiMidnight(-6), -1), '4.4.4.4'); // 8 days ago: outside

    const res = await call<VisitDay[]>(t.app, 'GET', '/system/sys/visitInfo', { token: staff });
    const days = res.body.result;
    expect(days).toHaveLength(7);
    const dates = Array.from({ length: 7 }, (_, i) => formatDate(shanghaiMidnight(i - 6), ZONE));
    expect(days.map((d) => d.tian)).toEqual(dates);
    expect(days.map((d) => d.type)).toEqual(dates.map((d) => d.slice(5)));
    expect(days.map((d) => [d.visit, d.ip])).toEqual([
      [2, 2],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 1],
      [1, 1],
    ]);
  });
});

describe('calendar days in the zone', () => {
  // 2024-03-10 16:30 UTC is 2024-03-11 00:30 in Shanghai.
  const now = new Date('2024-03-10T16:30:00Z');

  it('counts a login just after Shanghai midnight on the Shanghai day, not the UTC one', async () => {
    await clearLog();
    await logAt(new Date('2024-03-10T16:00:00Z'), 'a'); // 03-11 00:00:00 Shanghai
    await logAt(new Date('2024-03-10T15:59:59Z'), 'b'); // 03-10 23:59:59 Shanghai
    await logAt(new Date('2024-03-04T16:00:00Z'), 'c'); // 03-05 00:00:00: first day shown
    await logAt(new Date('2024-03-04T15:59:59Z'), 'd'); // 03-04: not shown

    expect(await loginInfo(t.db, ZONE, now)).toEqual({
      totalVisitCount: 4,
      todayVisitCount: 1,
      todayIp: 1,
    });
    const days = await visitInfo(t.db, ZONE, now);
    expect(days.map((d) => [d.tian, d.type, d.visit])).toEqual([
      ['2024-03-05', '03-05', 1],
      ['2024-03-06', '03-06', 0],
      ['2024-03-07', '03-07', 0],
      ['2024-03-08', '03-08', 0],
      ['2024-03-09', '03-09', 0],
      ['2024-03-10', '03-10', 1],
      ['2024-03-11', '03-11', 1],
    ]);
    // The same instants seen from UTC fall on other days.
    const utc = await visitInfo(t.db, 'UTC', now);
    expect(utc.map((d) => [d.tian, d.visit])).toEqual([
      ['2024-03-04', 2],
      ['2024-03-05', 0],
      ['2024-03-06', 0],
      ['2024-03-07', 0],
      ['2024-03-08', 0],
      ['2024-03-09', 0],
      ['2024-03-10', 2],
    ]);
  });

  it('crosses month ends and follows daylight saving (a 23-hour day)', () => {
    const march = lastDays(new Date('2024-03-02T12:00:00Z'), 7, ZONE);
    expect(march.map((d) => d.date)).toEqual([
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    const dst = lastDays(new Date('2024-03-12T12:00:00Z'), 7, 'America/New_York');
    const hours = dst.map((d) => (d.end.getTime() - d.start.getTime()) / 3_600_000);
    expect(dst.find((d) => d.date === '2024-03-10')).toBeDefined();
    expect(hours[dst.findIndex((d) => d.date === '2024-03-10')]).toBe(23);
    expect(hours.filter((h) => h === 24)).toHaveLength(6);
  });
});

describe('the login route', () => {
  it('writes the log row visitInfo counts', async () => {
    await clearLog();
    await call(t.app, 'POST', API.login, {
      body: { username: 'admin', password: DEMO_PASSWORD },
      remoteAddress: '192.0.2.1',
    });
    const days = await call<VisitDay[]>(t.app, 'GET', '/system/sys/visitInfo', { token: staff });
    expect(days.body.result.at(-1)).toMatchObject({ visit: 1, ip: 1 });
  });
});
