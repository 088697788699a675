import type { CompiledQuery } from 'kysely';
import { sql } from 'kysely';
import { PAGE_SCHEMA_VERSION, type PageDefinition } from '../src/contracts/page';
import { migrateToLatest, openDatabase } from '../server/db/index';
import { seedIfEmpty } from '../server/db/seed/index';
import { listStatements } from '../server/http/list-page';
import { translateListQuery } from '../server/http/list-query';
import { newId } from '../server/ids';
import { onlineTableOf } from '../server/modules/online/table';

/**
 * The online-table benchmark's database: the demo seed, a page `bench_order` with its own
 * table of 100,000 rows (index on create_time, as a page would declare), and the admin role
 * holding its codes. Also compiles the exact statements the list route runs for a query, so a
 * bare route can run the same SQL.
 */

export const BENCH_CODE = 'bench_order';
export const BENCH_ROWS = 100_000;
export const TIME_ZONE = 'Asia/Shanghai';

export const BENCH_PAGE: PageDefinition = {
  schemaVersion: PAGE_SCHEMA_VERSION,
  code: BENCH_CODE,
  title: '压测订单',
  kind: 'list',
  table: {
    name: BENCH_CODE,
    columns: [
      { name: 'order_no', type: 'string', length: 32, nullable: false },
      { name: 'customer', type: 'string', length: 40 },
      { name: 'amount', type: 'decimal', precision: 12, scale: 2 },
      { name: 'qty', type: 'int' },
      { name: 'priority', type: 'string', length: 10 },
      { name: 'order_date', type: 'date' },
      { name: 'ship_time', type: 'datetime' },
      { name: 'paid', type: 'boolean' },
      { name: 'note', type: 'text' },
    ],
    indexes: [{ name: 'idx_bench_order_ct', columns: ['create_time'] }],
  },
  fields: [
    { name: 'orderNo', label: '订单号', type: 'input', validateRules: [{ required: true }] },
    { name: 'customer', label: '客户', type: 'input' },
    { name: 'amount', label: '金额', type: 'inputNumber' },
    { name: 'qty', label: '数量', type: 'inputNumber' },
    { name: 'priority', label: '优先级', type: 'dict-select', dictCode: 'priority' },
    { name: 'orderDate', label: '下单日期', type: 'date' },
    { name: 'shipTime', label: '发货时间', type: 'datetime' },
    { name: 'paid', label: '已付款', type: 'switch' },
    { name: 'note', label: '备注', type: 'textarea', list: false },
  ],
};

async function createData(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  await sql`create table bench_order (
    id varchar(32) primary key, create_by varchar(100), create_time timestamptz default now(),
    update_by varchar(100), update_time timestamptz,
    order_no varchar(32) not null, customer varchar(40), amount numeric(12,2), qty integer,
    priority varchar(10), order_date date, ship_time timestamptz, paid boolean, note text)`.execute(
    db,
  );
  await sql`create index idx_bench_order_ct on bench_order (create_time)`.execute(db);
  await sql`insert into bench_order (id, create_by, create_time, order_no, customer, amount, qty,
      priority, order_date, ship_time, paid, note)
    select md5(i::text), 'bench', now() - make_interval(secs => i),
      'SO' || lpad(i::text, 8, '0'),
      (array['张三','李四','王五','赵六','孙七'])[1 + i % 5] || (i % 97)::text,
      round((i % 10000) / 7.0, 2), i % 50, (array['H','M','L'])[1 + i % 3],
      date '2024-01-01' + (i % 365), timestamptz '2024-01-01 00:00:00+08' + make_interval(mins => i),
      i % 2 = 0, '备注' || i::text
    from generate_series(1, ${BENCH_ROWS}) i`.execute(db);
  await sql`analyze bench_order`.execute(db);
  await db
    .insertInto('sys_page')
    .values({
      id: newId(),
      code: BENCH_CODE,
      title: BENCH_PAGE.title,
      kind: 'list',
      definition: JSON.stringify(BENCH_PAGE),
      tableName: BENCH_CODE,
    })
    .execute();
  const permissionId = newId();
  const codes = ['list', 'add', 'edit', 'delete', 'export', 'import'];
  await db
    .insertInto('sys_permission')
    .values({
      id: permissionId,
      name: '压测订单',
      menuType: 2,
      perms: codes.map((c) => `online:${BENCH_CODE}:${c}`).join(','),
      status: '1',
    })
    .execute();
  const admin = await db
    .selectFrom('sys_role')
    .select('id')
    .where('roleCode', '=', 'admin')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sys_role_permission')
    .values({ id: newId(), roleId: admin.id, permissionId })
    .execute();
}

export interface BenchStatements {
  readonly page: Pick<CompiledQuery, 'sql' | 'parameters'>;
  readonly count: Pick<CompiledQuery, 'sql' | 'parameters'>;
}

/** Creates the database in `dataDir`; returns the list route's statements for `query`. */
export async function setUpBenchDatabase(
  dataDir: string,
  query: Readonly<Record<string, string>>,
): Promise<BenchStatements> {
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { production: false, adminPassword: null });
    await createData(handle.db);
    const table = onlineTableOf(
      {
        id: 'bench',
        code: BENCH_CODE,
        title: BENCH_PAGE.title,
        kind: 'list',
        version: 1,
        definition: BENCH_PAGE,
        tableName: BENCH_CODE,
        builtin: false,
      },
      BENCH_CODE,
    );
    const list = translateListQuery(query, table.entity, { timeZone: TIME_ZONE });
    const { page, count } = listStatements({ select: table.select, from: table.from }, list);
    const plain = handle.db.withoutPlugins();
    const compile = (q: typeof page) => {
      const { sql: text, parameters } = q.compile(plain);
      return { sql: text, parameters };
    };
    return { page: compile(page), count: compile(count) };
  } finally {
    await handle.close();
  }
}
