import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TableDefinition } from '../../src/contracts/page';
import { columnSpec } from '../../server/modules/page/ddl';
import { planTable, stateOf, type TablePlan } from '../../server/modules/page/ddl-plan';
import { typeChange } from '../../server/modules/page/ddl-rules';

/** Compiles without a database: the planner is pure, its statements are only SQL text. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function sqlOf(plan: TablePlan): string[] {
  return plan.steps.map((s) => s.statement.compile(compiler).sql);
}

const options = { base: '/table', tree: false, confirmDropColumns: [] as string[] };

const customer: TableDefinition = {
  name: 'crm_customer',
  columns: [
    { name: 'name', type: 'string', length: 100, nullable: false, comment: "客户's 名称" },
    { name: 'amount', type: 'decimal', precision: 14, scale: 2 },
    { name: 'visits', type: 'int' },
  ],
  indexes: [{ name: 'idx_crm_customer_name', columns: ['name'] }],
};

describe('planTable: a new table', () => {
  it('creates it with the standard columns, its columns, comments and indexes', () => {
    const plan = planTable(null, customer, options);
    expect(plan.problems).toEqual([]);
    expect(sqlOf(plan)).toEqual([
      'create table "crm_customer" ("id" varchar(32) primary key, "create_by" varchar(100), ' +
        '"create_time" timestamptz default now(), "update_by" varchar(100), "update_time" timestamptz, ' +
        '"name" varchar(100) not null, "amount" numeric(14,2), "visits" integer)',
      `comment on table "crm_customer" is 'schema-admin online table'`,
      `comment on column "crm_customer"."name" is '客户''s 名称'`,
      'create index "idx_crm_customer_name" on "crm_customer" ("name")',
    ]);
  });

  it('adds pid and has_child for a tree list', () => {
    const plan = planTable(null, customer, { ...options, tree: true });
    expect(sqlOf(plan)[0]).toContain(`"pid" varchar(32), "has_child" varchar(1) default '0'`);
  });

  it('maps every column type from the fixed list', () => {
    const all: TableDefinition = {
      name: 't_all',
      columns: [
        { name: 'a', type: 'string' },
        { name: 'b', type: 'text' },
        { name: 'c', type: 'int' },
        { name: 'd', type: 'bigint' },
        { name: 'e', type: 'decimal' },
        { name: 'f', type: 'date' },
        { name: 'g', type: 'datetime' },
        { name: 'h', type: 'boolean' },
      ],
    };
    expect(sqlOf(planTable(null, all, options))[0]).toContain(
      '"a" varchar(255), "b" text, "c" integer, "d" bigint, "e" numeric(18,2), "f" date, "g" timestamptz, "h" boolean)',
    );
  });
});

describe('planTable: hostile and reserved names', () => {
  const hostile = ['sys_user', 'pg_class', 'kysely_migration', 'x; drop table y', '"a"', 'A', ''];
  it.each(hostile)('refuses the table name %j without a statement', (name) => {
    const plan = planTable(null, { ...customer, name }, options);
    expect(plan.steps).toEqual([]);
    expect(plan.problems[0]?.path).toBe('/table/name');
  });

  it('refuses hostile column and index names', () => {
    const plan = planTable(
      null,
      {
        name: 'ok_table',
        columns: [
          { name: 'a"; drop table sys_user; --', type: 'string' },
          { name: 'id', type: 'int' },
        ],
        indexes: [{ name: 'i x', columns: ['b)'] }],
      },
      options,
    );
    expect(plan.steps).toEqual([]);
    expect(plan.problems.map((p) => p.path)).toEqual([
      '/table/columns/0/name',
      '/table/columns/1/name',
      '/table/indexes/0/name',
      '/table/indexes/0/columns/0',
    ]);
  });
});

describe('planTable: changes to an existing table', () => {
  const current = stateOf(customer);

  it('plans nothing when nothing changed', () => {
    expect(planTable(current, customer, options)).toMatchObject({ steps: [], problems: [] });
  });

  it('adds a column, widens a string, changes nullability and comments', () => {
    const next: TableDefinition = {
      ...customer,
      columns: [
        { name: 'name', type: 'string', length: 200, nullable: true },
        { name: 'amount', type: 'decimal', precision: 16, scale: 2, nullable: false },
        { name: 'visits', type: 'bigint', comment: '来访次数' },
        { name: 'note', type: 'text', comment: '备注' },
      ],
    };
    expect(sqlOf(planTable(current, next, options))).toEqual([
      'alter table "crm_customer" alter column "name" type varchar(200)',
      'alter table "crm_customer" alter column "name" drop not null',
      `comment on column "crm_customer"."name" is null`,
      'alter table "crm_customer" alter column "amount" type numeric(16,2)',
      'alter table "crm_customer" alter column "amount" set not null',
      'alter table "crm_customer" alter column "visits" type bigint',
      `comment on column "crm_customer"."visits" is '来访次数'`,
      'alter table "crm_customer" add column "note" text',
      `comment on column "crm_customer"."note" is '备注'`,
    ]);
  });

  it('refuses narrowing and unsafe type changes with the path of the column', () => {
    const next: TableDefinition = {
      ...customer,
      columns: [
        { name: 'name', type: 'string', length: 50, nullable: false, comment: "客户's 名称" },
        { name: 'amount', type: 'decimal', precision: 10, scale: 1 },
        { name: 'visits', type: 'boolean' },
      ],
    };
    const plan = planTable(current, next, options);
    expect(plan.steps).toEqual([]);
    expect(plan.problems).toEqual([
      {
        path: '/table/columns/0/type',
        message: '列 name 的长度不能从 100 缩短为 50（已有数据可能被截断）',
      },
      {
        path: '/table/columns/1/type',
        message:
          '列 amount 的精度不能从 numeric(14,2) 改为 numeric(10,1)（已有数据可能溢出或丢失小数）',
      },
      {
        path: '/table/columns/2/type',
        message: '列 visits 的类型不能从 integer 改为 boolean（PostgreSQL 无法安全转换已有数据）',
      },
    ]);
  });

  it('lists dropped columns and drops only the confirmed ones', () => {
    const next: TableDefinition = { ...customer, columns: customer.columns.slice(0, 1) };
    const unconfirmed = planTable(current, next, options);
    expect(unconfirmed.dropColumns).toEqual(['amount', 'visits']);
    expect(unconfirmed.unconfirmedDrops).toEqual(['amount', 'visits']);
    const confirmed = planTable(current, next, { ...options, confirmDropColumns: ['amount'] });
    expect(confirmed.unconfirmedDrops).toEqual(['visits']);
    const all = planTable(current, next, { ...options, confirmDropColumns: ['amount', 'visits'] });
    expect(all.unconfirmedDrops).toEqual([]);
    expect(sqlOf(all)).toEqual([
      'alter table "crm_customer" drop column "amount"',
      'alter table "crm_customer" drop column "visits"',
    ]);
  });

  it('never drops the standard or tree columns', () => {
    const tree = stateOf(customer, true);
    const plan = planTable(tree, customer, options);
    expect(plan.dropColumns).toEqual([]);
  });

  it('adds the tree columns when a list becomes a tree list', () => {
    expect(sqlOf(planTable(current, customer, { ...options, tree: true }))).toEqual([
      `alter table "crm_customer" add column "pid" varchar(32)`,
      `alter table "crm_customer" add column "has_child" varchar(1) default '0'`,
    ]);
  });

  it('drops removed and changed indexes first and creates new ones last', () => {
    const next: TableDefinition = {
      ...customer,
      columns: customer.columns.slice(0, 2),
      indexes: [
        { name: 'idx_crm_customer_name', columns: ['name'], unique: true },
        { name: 'idx_crm_customer_amount', columns: ['amount', 'name'] },
      ],
    };
    const withIndex = {
      ...current,
      indexes: [...current.indexes, { name: 'idx_visits', columns: ['visits'], unique: false }],
    };
    expect(
      sqlOf(planTable(withIndex, next, { ...options, confirmDropColumns: ['visits'] })),
    ).toEqual([
      'drop index "idx_crm_customer_name"',
      'drop index "idx_visits"',
      'alter table "crm_customer" drop column "visits"',
      'create unique index "idx_crm_customer_name" on "crm_customer" ("name")',
      'create index "idx_crm_customer_amount" on "crm_customer" ("amount", "name")',
    ]);
  });
});

describe('typeChange', () => {
  const col = (def: Parameters<typeof columnSpec>[0]) => columnSpec(def);
  it.each([
    [{ type: 'string', length: 10 }, { type: 'text' }, 'alter'],
    [{ type: 'int' }, { type: 'bigint' }, 'alter'],
    [{ type: 'int' }, { type: 'decimal', precision: 12, scale: 2 }, 'alter'],
    [{ type: 'int' }, { type: 'decimal', precision: 11, scale: 2 }, 'refuse'],
    [{ type: 'bigint' }, { type: 'int' }, 'refuse'],
    [{ type: 'int' }, { type: 'string', length: 11 }, 'alter'],
    [{ type: 'int' }, { type: 'string', length: 10 }, 'refuse'],
    [{ type: 'date' }, { type: 'datetime' }, 'alter'],
    [{ type: 'datetime' }, { type: 'date' }, 'refuse'],
    [{ type: 'text' }, { type: 'string', length: 4000 }, 'refuse'],
    [{ type: 'boolean' }, { type: 'text' }, 'alter'],
    [{ type: 'string' }, { type: 'int' }, 'refuse'],
    [{ type: 'decimal' }, { type: 'decimal', precision: 20, scale: 3 }, 'alter'],
  ] as const)('%j → %j: %s', (from, to, kind) => {
    expect(typeChange(col({ name: 'c', ...from }), col({ name: 'c', ...to })).kind).toBe(kind);
  });

  it('refuses to change a column of a type it does not manage', () => {
    const other = { ...col({ name: 'c', type: 'text' }), type: 'other' as const, sqlType: 'jsonb' };
    expect(typeChange(other, col({ name: 'c', type: 'text' }))).toMatchObject({ kind: 'refuse' });
  });
});

describe('planTable: objects made by hand', () => {
  it('leaves columns and indexes with names it would not write alone', () => {
    const current = stateOf(customer);
    const handmade = {
      ...current,
      columns: [
        ...current.columns,
        { ...columnSpec({ name: 'x', type: 'text' }), name: 'Legacy Col' },
      ],
      indexes: [...current.indexes, { name: 'Legacy-Idx', columns: ['name'], unique: false }],
    };
    const plan = planTable(handmade, customer, options);
    expect(plan).toMatchObject({ steps: [], dropColumns: [], problems: [] });
  });
});
