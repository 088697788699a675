import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/contracts/envelope';
import { MSG_REPORT_TIMEOUT } from '../../server/modules/report/run';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * A user-shaped query that would run for minutes (issue 21): the report preview ends with
 * 查询超时 and, meanwhile, another user's list is answered; the database answers afterwards
 * with everything committed before. On the embedded database this is the worker's watchdog
 * (server/db/embedded/), on PostgreSQL the statement timeout.
 */

const PREVIEW = '/system/online/cgreport/head/preview';
// The planner estimates a recursive CTE at a few hundred rows: the cost guard lets it through,
// and counting to 10⁹ takes minutes on either database.
const RUNAWAY_SQL =
  'with recursive r(n) as (select 1 union all select n + 1 from r where n < 1000000000) ' +
  'select count(*) as total from r';

let t: TestApp;
let admin: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', DEMO_PASSWORD);
  // A second administrator: another person, another session.
  other = await signedInUser(t, 'runaway_other', 'Other#2026', ['admin']);
});
afterAll(async () => {
  await t?.close();
});

interface Page {
  records: { id: string; name: string }[];
  total: number;
}

describe('a runaway report preview', () => {
  it('ends with 查询超时 while another user is answered, and the database answers after', async () => {
    const added = await call(t.app, 'POST', '/system/sys/position/add', {
      token: admin,
      body: { code: 'RUNAWAY01', name: '长查询前的职务', postRank: '1' },
    });
    expect(added.body.success).toBe(true);

    const runaway = call(t.app, 'POST', PREVIEW, {
      token: admin,
      body: { definition: { sql: RUNAWAY_SQL, items: [{ field: 'total', title: '总数' }] } },
    });
    // The other user asks once the runaway holds the database.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const list = await call<Page>(t.app, 'GET', '/system/sys/position/list?pageSize=50', {
      token: other,
    });

    expect(list.body).toMatchObject({ success: true });
    expect(list.body.result.records.map((r) => r.name)).toContain('长查询前的职务');

    const preview = await runaway;
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ success: false, code: ResultCode.ERROR });
    expect(preview.body.message).toBe(MSG_REPORT_TIMEOUT);
    expect(JSON.stringify(preview.body)).not.toMatch(/recursive|select/i);

    const after = await call<Page>(t.app, 'GET', '/system/sys/position/list?pageSize=50', {
      token: admin,
    });
    expect(after.body.result.records.map((r) => r.name)).toContain('长查询前的职务');
  });
});
