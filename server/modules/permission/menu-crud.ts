import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { failure } from '../../http/errors';
import type { RecordId } from '../../http/request-schemas';
import type { InScope, RowScope } from '../../http/row-scope';
import { MSG_NOT_FOUND } from '../../http/request-schemas';
import { newId } from '../../ids';
import { menuFields, type MenuFields, type MenuInput } from './menu-input';
import { MENU_BUTTON } from './menu-tree';
import { inTransaction } from '../../db/transaction';

/**
 * Writes of 菜单管理. The parent must be a menu (not a button) that exists; a row cannot move
 * below itself; permission codes are unique among rows; `is_leaf` of every parent touched is
 * recomputed in the same transaction. Deleting removes children, buttons, data rules and
 * grants through the foreign keys. Callers publish `permissions` afterwards.
 */

export const MSG_PERMS_TAKEN = '权限编码已存在';
export const MSG_PARENT_MISSING = '上级菜单不存在';
export const MSG_PARENT_BUTTON = '按钮下不能再新增菜单或按钮';
export const MSG_PARENT_CYCLE = '不能把菜单移到它自己或它的下级菜单下';
export const MSG_BUTTON_HAS_CHILDREN = '该菜单下还有子菜单或按钮，不能改为按钮';
export const MSG_BUTTON_HAS_RULES = '该菜单有数据规则，不能改为按钮';

type Executor = Kysely<Database>;

/** Whether another row's `perms` holds one of the codes. */
async function permsTaken(db: Executor, perms: string, exceptId: string | null): Promise<boolean> {
  const codes = perms.split(',');
  const { rows } = await sql<{ id: string }>`
    select p.id from sys_permission p
    where p.del_flag = 0 and p.perms is not null
      and ${exceptId === null ? sql`true` : sql`p.id <> ${exceptId}`}
      and exists (
        select 1 from unnest(string_to_array(p.perms, ',')) as code(value)
        where trim(code.value) in (${sql.join(codes)}))
    limit 1`.execute(db.withoutPlugins());
  return rows.length > 0;
}

/** Whether the candidate parent is the row itself or lies below it. */
async function isSelfOrDescendant(
  db: Executor,
  candidate: string,
  rowId: string,
): Promise<boolean> {
  // Walks up from the candidate parent; `union` stops on a cycle already in the data.
  const { rows } = await sql<{ id: string }>`
    with recursive up(id, parent_id) as (
      select id, parent_id from sys_permission where id = ${candidate}
      union
      select p.id, p.parent_id from sys_permission p join up on p.id = up.parent_id
    )
    select id from up where id = ${rowId} limit 1`.execute(db.withoutPlugins());
  return rows.length > 0;
}

async function checkParent(db: Executor, parentId: string | null): Promise<void> {
  if (!parentId) return;
  const parent = await db
    .selectFrom('sys_permission')
    .select('menuType')
    .where('id', '=', parentId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!parent) throw failure(MSG_PARENT_MISSING);
  if (parent.menuType === MENU_BUTTON) throw failure(MSG_PARENT_BUTTON);
}

/** Sets `is_leaf` of the rows from their children (rows that no longer exist are skipped). */
async function refreshLeaves(db: Executor, ids: readonly (string | null)[]): Promise<void> {
  const present = [...new Set(ids.filter((id): id is string => !!id))];
  if (present.length === 0) return;
  await sql`
    update sys_permission p set is_leaf = not exists (
      select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)
    where p.id in (${sql.join(present)})`.execute(db.withoutPlugins());
}

export async function addMenu(db: Db, input: MenuInput, username: string): Promise<string> {
  const fields = menuFields(input);
  const id = newId();
  await inTransaction(db, async (tx) => {
    await checkParent(tx, fields.parentId);
    if (fields.perms && (await permsTaken(tx, fields.perms, null))) {
      throw failure(MSG_PERMS_TAKEN);
    }
    await tx
      .insertInto('sys_permission')
      .values({ id, ...fields, isLeaf: true, createBy: username })
      .execute();
    await refreshLeaves(tx, [fields.parentId]);
  });
  return id;
}

const FIELD_COLUMNS = [
  'parentId',
  'name',
  'url',
  'component',
  'componentName',
  'redirect',
  'menuType',
  'perms',
  'permsType',
  'sortNo',
  'alwaysShow',
  'icon',
  'isRoute',
  'keepAlive',
  'hidden',
  'hideTab',
  'description',
  'status',
  'internalOrExternal',
] as const;

async function currentFields(db: Executor, id: string): Promise<MenuFields | null> {
  const row = await db
    .selectFrom('sys_permission')
    .select(FIELD_COLUMNS)
    .where('id', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return row ?? null;
}

export async function editMenu(
  db: Db,
  id: InScope<RecordId>,
  input: MenuInput,
  username: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const current = await currentFields(tx, id);
    if (!current) throw failure(MSG_NOT_FOUND);
    const fields = menuFields(input, current);
    if (fields.parentId && fields.parentId !== current.parentId) {
      if (await isSelfOrDescendant(tx, fields.parentId, id)) throw failure(MSG_PARENT_CYCLE);
      await checkParent(tx, fields.parentId);
    }
    if (fields.menuType === MENU_BUTTON && current.menuType !== MENU_BUTTON) {
      await refuseButtonChange(tx, id);
    }
    if (fields.perms && (await permsTaken(tx, fields.perms, id))) throw failure(MSG_PERMS_TAKEN);
    await tx
      .updateTable('sys_permission')
      .set({ ...fields, updateBy: username, updateTime: new Date() })
      .where('id', '=', id)
      .execute();
    await refreshLeaves(tx, [id, current.parentId, fields.parentId]);
  });
}

/** A menu becoming a button may have neither children nor data rules. */
async function refuseButtonChange(db: Executor, id: string): Promise<void> {
  const child = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('parentId', '=', id)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (child) throw failure(MSG_BUTTON_HAS_CHILDREN);
  const rule = await db
    .selectFrom('sys_permission_data_rule')
    .select('id')
    .where('permissionId', '=', id)
    .executeTakeFirst();
  if (rule) throw failure(MSG_BUTTON_HAS_RULES);
}

/**
 * Deletes rows with everything below them; returns how many of `ids` were found. Refuses when
 * a row below is outside the caller's scope (it would go along).
 */
export async function deleteMenus(
  db: Db,
  ids: readonly InScope<RecordId>[],
  scope: RowScope,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const { rows: below } = await sql<{ id: string }>`
      with recursive tree(id) as (
        select id from sys_permission where id in (${sql.join(ids)})
        union
        select c.id from sys_permission c join tree t on c.parent_id = t.id)
      select id from tree`.execute(tx.withoutPlugins());
    await scope.check(
      below.map((r) => r.id),
      tx.withoutPlugins(),
    );
    const found = await tx
      .selectFrom('sys_permission')
      .select(['id', 'parentId'])
      .where('id', 'in', [...ids])
      .where('delFlag', '=', 0)
      .execute();
    if (found.length === 0) return 0;
    await tx
      .deleteFrom('sys_permission')
      .where(
        'id',
        'in',
        found.map((r) => r.id),
      )
      .execute();
    await refreshLeaves(
      tx,
      found.map((r) => r.parentId),
    );
    return found.length;
  });
}
