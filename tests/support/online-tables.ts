/**
 * Online tables for API tests: the table made with plain SQL the way the page store makes it
 * (standard columns, tree columns), the page row inserted into sys_page, and roles granting
 * `online:{code}:…` codes. The page cache hears about the page through the bus.
 */
import { sql, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { ColumnDefinition, PageDefinition } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';
import type { Db } from '../../server/db/index';
import { newId } from '../../server/ids';
import { multipartFiles } from './multipart';
import type { InvalidationBus } from '../../server/realtime/bus';

function columnType(column: ColumnDefinition): string {
  switch (column.type) {
    case 'string':
      return `varchar(${column.length ?? 255})`;
    case 'decimal':
      return `numeric(${column.precision ?? 18},${column.scale ?? 2})`;
    case 'int':
      return 'integer';
    case 'datetime':
      return 'timestamptz';
    default:
      return column.type;
  }
}

/** `create table` of a definition's table (names are test constants, typed by us). */
export function createTableSql(definition: PageDefinition): RawBuilder<unknown> {
  const table = definition.table!;
  const parts = [
    'id varchar(32) primary key',
    'create_by varchar(100)',
    'create_time timestamptz default now()',
    'update_by varchar(100)',
    'update_time timestamptz',
    ...(definition.kind === 'tree-list'
      ? ['pid varchar(32)', "has_child varchar(1) default '0'"]
      : []),
    ...table.columns.map(
      (c) => `${c.name} ${columnType(c)}${c.nullable === false ? ' not null' : ''}`,
    ),
  ];
  return sql.raw(`create table ${table.name} (${parts.join(', ')})`);
}

/** Creates the table, stores the page and tells the page cache. The definition must be valid. */
export async function createOnlinePage(
  db: Db,
  bus: InvalidationBus,
  definition: PageDefinition,
): Promise<void> {
  const check = checkPage(definition);
  expect(check.ok ? [] : check.problems).toEqual([]);
  await createTableSql(definition).execute(db);
  await db
    .insertInto('sys_page')
    .values({
      id: newId(),
      code: definition.code,
      title: definition.title,
      kind: definition.kind,
      definition: JSON.stringify(definition),
      tableName: definition.table?.name ?? null,
      createBy: 'test',
    })
    .execute();
  await bus.publish({ kind: 'page', code: definition.code });
}

/** A role holding the given permission codes (as enabled buttons). */
export async function createRoleWithCodes(
  db: Db,
  roleCode: string,
  codes: readonly string[],
): Promise<void> {
  const roleId = newId();
  await db.insertInto('sys_role').values({ id: roleId, roleName: roleCode, roleCode }).execute();
  for (const code of codes) {
    const permissionId = newId();
    await db
      .insertInto('sys_permission')
      .values({ id: permissionId, name: code, menuType: 2, perms: code, status: '1' })
      .execute();
    await db
      .insertInto('sys_role_permission')
      .values({ id: newId(), roleId, permissionId })
      .execute();
  }
}

/** `online:{code}:{action}` for each action. */
export function onlineCodes(
  code: string,
  actions: readonly string[] = ['list', 'add', 'edit', 'delete', 'export', 'import'],
): string[] {
  return actions.map((action) => `online:${code}:${action}`);
}

/** A multipart/form-data body holding one file (and optional text fields). */
export function multipartBody(
  fileName: string,
  content: Buffer,
  fields: Readonly<Record<string, string>> = {},
): { payload: Buffer; contentType: string } {
  return multipartFiles([{ name: fileName, content }], fields);
}

/** One data rule of a menu: `ruleColumn ruleConditions ruleValue` (e.g. `level = 3`). */
export interface MenuRule {
  readonly name: string;
  readonly column: string;
  readonly condition: string;
  readonly value: string;
}

/**
 * A role granted a menu and every button under it, with a data rule of that menu chosen for
 * the menu grant (as 角色管理 → 授权 → 数据规则 would).
 */
export async function createRoleWithMenuRule(
  db: Db,
  role: { readonly code: string; readonly name: string },
  menuId: string,
  rule: MenuRule,
): Promise<void> {
  const rows = await db
    .selectFrom('sys_permission')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', menuId), eb('parentId', '=', menuId)]))
    .execute();
  const ruleId = newId();
  await db
    .insertInto('sys_permission_data_rule')
    .values({
      id: ruleId,
      permissionId: menuId,
      ruleName: rule.name,
      ruleColumn: rule.column,
      ruleConditions: rule.condition,
      ruleValue: rule.value,
      createBy: 'test',
    })
    .execute();
  const roleId = newId();
  await db
    .insertInto('sys_role')
    .values({ id: roleId, roleName: role.name, roleCode: role.code, createBy: 'test' })
    .execute();
  await db
    .insertInto('sys_role_permission')
    .values(
      rows.map((r) => ({
        id: newId(),
        roleId,
        permissionId: r.id,
        dataRuleIds: r.id === menuId ? ruleId : null,
      })),
    )
    .execute();
}
