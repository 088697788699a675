import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/envelope';
import { encodeFilter } from '../../src/contracts/list-filter';
import { PUBLIC } from '../../server/http/access';
import { ok } from '../../server/http/envelope';
import { AppError } from '../../server/http/errors';
import { runListQuery } from '../../server/http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
} from '../../server/http/list-query';
import {
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

/**
 * The list-filter grammar (src/contracts/list-filter.ts) on the server: a plain list
 * parameter becomes the SQL condition its escapes say — an escaped comma, asterisk, `!`, `<`,
 * `>` or `=` is text, `%` and `_` never act as LIKE wildcards, quotes and Chinese text are
 * bound values — on a small entity of its own and on the real user list.
 */

const TZ = 'Asia/Shanghai';
const TABLE = 'lfg_item';
const ROUTE = '/system/__test__/lfg-items';

const ITEM = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    name: { column: 'name', type: 'string' },
    qty: { column: 'qty', type: 'integer' },
  },
});

const NAMES: readonly string[] = [
  'a,b',
  'a',
  'b',
  '*star*',
  'star',
  '!bang',
  '>=5',
  "it's",
  'say "hi"',
  '中文,逗号',
  '50%',
  '500',
  'x_y',
  'xzy',
  'C:\\path',
  '<3',
  'a=b',
];
// n01 … n17, qty 1 … 17
const ROWS = NAMES.map((name, i) => [`n${String(i + 1).padStart(2, '0')}`, name, i + 1] as const);
const ALL = ROWS.map(([id]) => id);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get(ROUTE, { config: { access: PUBLIC } }, async (request) => {
        const query = translateListQuery(request.query as ListParams, ITEM, { timeZone: TZ });
        return ok(await runListQuery(t.db, { select: sql`id`, from: sql.table(TABLE) }, query));
      });
    },
  });
  await sql`create table ${sql.table(TABLE)} (id varchar(8) primary key, name varchar(100),
    qty integer, create_time timestamptz default now())`.execute(t.db);
  for (const [id, name, qty] of ROWS) {
    await sql`insert into ${sql.table(TABLE)} (id, name, qty) values (${id}, ${name}, ${qty})`.execute(
      t.db,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

function where(params: ListParams) {
  const q = translateListQuery(params, ITEM, { timeZone: TZ });
  return sql`select id from ${sql.table(TABLE)} where ${q.where}`.compile(t.db);
}

async function ids(params: ListParams): Promise<string[]> {
  const q = translateListQuery({ pageSize: '100', ...params }, ITEM, { timeZone: TZ });
  const page = await runListQuery<{ id: string }>(
    t.db,
    { select: sql`id`, from: sql.table(TABLE) },
    q,
  );
  return page.records.map((r) => r.id).sort();
}

const LIKE = `like $1 escape '\\'`;

/** value of `name` (or of `qty` when the condition names "qty"), condition, bound values, rows. */
const CASES: readonly (readonly [string, string, readonly string[], readonly string[]])[] = [
  // commas
  ['*a\\,b*', `"name" ${LIKE}`, ['%a,b%'], ['n01']],
  // Unescaped: the reference reads like before in, so the stars take the whole text.
  ['*a,b*', `"name" ${LIKE}`, ['%a,b%'], ['n01']],
  ['a\\,b', `"name" = $1`, ['a,b'], ['n01']],
  ['a,b', `"name" in ($1, $2)`, ['a', 'b'], ['n02', 'n03']],
  [
    ',a\\,b,x_y,',
    `("name" ${LIKE} or "name" like $2 escape '\\')`,
    ['%a,b%', '%x\\_y%'],
    ['n01', 'n13'],
  ],
  ['*\\,*', `"name" ${LIKE}`, ['%,%'], ['n01', 'n10']],
  [' *a\\,b* ', `"name" ${LIKE}`, ['%a,b%'], ['n01']],
  // asterisks
  ['\\*star\\*', `"name" = $1`, ['*star*'], ['n04']],
  ['*\\*star\\**', `"name" ${LIKE}`, ['%*star*%'], ['n04']],
  ['*star*', `"name" ${LIKE}`, ['%star%'], ['n04', 'n05']],
  ['\\*star*', `"name" ${LIKE}`, ['*star%'], ['n04']],
  ['*', `"name" = $1`, ['*'], []],
  // ! < > =
  ['\\!bang', `"name" = $1`, ['!bang'], ['n06']],
  ['!\\!bang', `"name" <> $1`, ['!bang'], ALL.filter((id) => id !== 'n06')],
  ['\\>\\=5', `"name" = $1`, ['>=5'], ['n07']],
  ['*\\>\\=*', `"name" ${LIKE}`, ['%>=%'], ['n07']],
  ['\\<3', `"name" = $1`, ['<3'], ['n16']],
  ['a\\=b', `"name" = $1`, ['a=b'], ['n17']],
  ['a=b', `"name" = $1`, ['a=b'], ['n17']],
  // quotes, Chinese text
  ["it's", `"name" = $1`, ["it's"], ['n08']],
  ["*'*", `"name" ${LIKE}`, ["%'%"], ['n08']],
  ['*"hi"*', `"name" ${LIKE}`, ['%"hi"%'], ['n09']],
  ['中文\\,逗号', `"name" = $1`, ['中文,逗号'], ['n10']],
  ['*文\\,逗*', `"name" ${LIKE}`, ['%文,逗%'], ['n10']],
  ['中文,逗号', `"name" in ($1, $2)`, ['中文', '逗号'], []],
  // % and _ are never SQL wildcards
  ['*50%*', `"name" ${LIKE}`, ['%50\\%%'], ['n11']],
  ['*0%', `"name" ${LIKE}`, ['%0\\%'], ['n11']],
  ['5*', `"name" ${LIKE}`, ['5%'], ['n11', 'n12']],
  ['%', `"name" = $1`, ['%'], []],
  ['*x_y*', `"name" ${LIKE}`, ['%x\\_y%'], ['n13']],
  ['*_*', `"name" ${LIKE}`, ['%\\_%'], ['n13']],
  ['_', `"name" = $1`, ['_'], []],
  // backslashes: before a special character an escape, otherwise text
  ['C:\\path', `"name" = $1`, ['C:\\path'], ['n15']],
  ['C:\\\\path', `"name" = $1`, ['C:\\path'], ['n15']],
  ['*:\\\\p*', `"name" ${LIKE}`, ['%:\\\\p%'], ['n15']],
  ['*\\\\*', `"name" ${LIKE}`, ['%\\\\%'], ['n15']],
  // a field that is not text: contains-any is `in`, comparisons are typed
  [',1,2,', `"qty" in (cast($1 as bigint), cast($2 as bigint))`, ['1', '2'], ['n01', 'n02']],
  ['>=16', `"qty" >= cast($1 as bigint)`, ['16'], ['n16', 'n17']],
  ['!\\=', `"name" <> $1`, ['='], ALL],
];

describe('plain parameters through the grammar', () => {
  it.each(CASES)('%j → %s %j', async (value, condition, parameters, expected) => {
    const field = condition.startsWith('"qty"') ? 'qty' : 'name';
    const compiled = where({ [field]: value });
    expect(compiled.sql).toBe(`select id from "${TABLE}" where (${condition})`);
    expect(compiled.parameters).toEqual(parameters);
    expect(await ids({ [field]: value })).toEqual(expected);
  });

  it('the texts encodeFilter sends find exactly the rows named so', async () => {
    for (const [id, name] of ROWS) {
      expect(await ids({ name: encodeFilter('eq', name) }), name).toEqual([id]);
      expect(await ids({ name: encodeFilter('like', name) }), name).toContain(id);
      expect(await ids({ name: encodeFilter('right_like', name) }), name).toContain(id);
      expect(await ids({ name: encodeFilter('left_like', name) }), name).toContain(id);
      expect(await ids({ name: encodeFilter('ne', name) }), name).not.toContain(id);
    }
    expect(await ids({ name: encodeFilter('in', NAMES) })).toEqual(ALL);
  });

  it('an escaped operand is text to a typed field, and escaped commas are not list items', () => {
    const refusal = (params: ListParams) => {
      try {
        translateListQuery(params, ITEM, { timeZone: TZ });
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).httpStatus).toBe(400);
        return (error as AppError).message;
      }
      throw new Error(`not refused: ${JSON.stringify(params)}`);
    };
    expect(refusal({ qty: '>\\=5' })).toBe('查询条件“qty”的值不是有效的整数：=5');
    expect(refusal({ qty: '*5*' })).toBe('查询条件“qty”不是文本字段，不能模糊查询');
    expect(refusal({ name: Array.from({ length: 1001 }, (_, i) => `v${i}`).join(',') })).toBe(
      '查询条件“name”的值过多（最多1000个）',
    );
    const oneItem = where({ name: 'v\\,'.repeat(1001) });
    expect(oneItem.parameters).toEqual(['v,'.repeat(1001)]);
  });

  it('NUL is plain text to the grammar (a bound value) and refused at the door over HTTP', async () => {
    const compiled = where({ name: '*a\u0000\\,b*' });
    expect(compiled.sql).toBe(`select id from "${TABLE}" where ("name" ${LIKE})`);
    expect(compiled.parameters).toEqual(['%a\u0000,b%']);
    const res = await call(t.app, 'GET', ROUTE, { query: { name: '*a\u0000\\,b*' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 400,
      message: '参数 name 含有非法字符',
    });
  });

  it('over HTTP, the escapes survive URL encoding', async () => {
    const res = await call<Page<{ id: string }>>(t.app, 'GET', ROUTE, {
      query: { name: encodeFilter('like', 'a,b'), pageSize: '100' },
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.records.map((r) => r.id)).toEqual(['n01']);
  });
});

describe('the user list (用户管理)', () => {
  const REALNAMES: Readonly<Record<string, string>> = {
    lfgcomma: 'a,b',
    lfga: 'a',
    lfgb: 'b',
    lfgpercent: '50%',
    lfg500: '500',
    lfgunderscore: 'x_y',
    lfgxzy: 'xzy',
    lfgstars: '*star*',
    lfgstar: 'star',
  };
  let admin: string;

  beforeAll(async () => {
    for (const [username, realname] of Object.entries(REALNAMES)) {
      const id = await createUser(t.db, { username, password: DEMO_PASSWORD });
      await t.db.updateTable('sys_user').set({ realname }).where('id', '=', id).execute();
    }
    admin = await login(t.app, 'admin', DEMO_PASSWORD);
  });

  /** Usernames of this test's users the list answers for `realname=value`. */
  async function found(value: string): Promise<string[]> {
    const res = await call<Page<{ username: string }>>(t.app, 'GET', '/system/sys/user/list', {
      token: admin,
      query: { realname: value, pageSize: '1000' },
    });
    expect(res.status, value).toBe(200);
    expect(res.body.success, value).toBe(true);
    return res.body.result.records
      .map((r) => r.username)
      .filter((u) => Object.hasOwn(REALNAMES, u))
      .sort();
  }

  it('a name holding a comma is found by an escaped comma and by the reference’s like', async () => {
    expect(encodeFilter('like', 'a,b')).toBe('*a\\,b*');
    expect(await found('*a\\,b*')).toEqual(['lfgcomma']);
    expect(await found('*a,b*')).toEqual(['lfgcomma']); // like first, as the reference reads it
    expect(await found(encodeFilter('eq', 'a,b'))).toEqual(['lfgcomma']);
    expect(await found('a,b')).toEqual(['lfga', 'lfgb']);
    expect(await found(encodeFilter('in', ['a,b', 'b']))).toEqual(['lfgb', 'lfgcomma']);
  });

  it('%, _ and * in the text match themselves', async () => {
    expect(await found(encodeFilter('like', '50%'))).toEqual(['lfgpercent']);
    expect(await found(encodeFilter('right_like', '50%'))).toEqual(['lfgpercent']);
    expect(await found(encodeFilter('like', '%'))).toEqual(['lfgpercent']);
    expect(await found(encodeFilter('like', 'x_y'))).toEqual(['lfgunderscore']);
    expect(await found(encodeFilter('left_like', '_y'))).toEqual(['lfgunderscore']);
    expect(await found(encodeFilter('like', '*star*'))).toEqual(['lfgstars']);
    expect(await found(encodeFilter('eq', '*star*'))).toEqual(['lfgstars']);
    expect(await found(encodeFilter('like', 'star'))).toEqual(['lfgstar', 'lfgstars']);
  });
});
