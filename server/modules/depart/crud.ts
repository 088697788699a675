import { sql, type QueryExecutorProvider } from 'kysely';
import type { Db } from '../../db/index';
import type { SysDepartTable } from '../../db/schema';
import { failure } from '../../http/errors';
import { parseOptionalId, type RecordId } from '../../http/request-schemas';
import type { InScope, RowScope } from '../../http/row-scope';
import { MSG_NOT_FOUND } from '../../http/request-schemas';
import { newId } from '../../ids';
import { isForeignKeyViolation } from './db-errors';
import type { DepartInput } from './input';
import { insertWithOrgCode } from './org-code';
import { liveDepart } from './records';

/**
 * Writes of 部门管理. A department's place in the tree is fixed once created: its org code is
 * generated from its parent's, and both stay (jeecg-api.md §4.5). Deleting removes the
 * department with its whole subtree (physically, as the reference does); the foreign keys
 * take the memberships, department permissions and department roles with it.
 */

export const MSG_PARENT_MISSING = '上级部门不存在';
export const MSG_PARENT_FIXED = '上级部门不能修改';
export const MSG_CODE_FIXED = '部门编码不能修改';

type OptionalColumns = Partial<
  Pick<
    SysDepartTable,
    'departNameEn' | 'departNameAbbr' | 'description' | 'mobile' | 'fax' | 'address' | 'memo'
  > & { departOrder: number; orgCategory: string; status: string }
>;

const OPTIONAL_TEXTS = [
  'departNameEn',
  'departNameAbbr',
  'description',
  'mobile',
  'fax',
  'address',
  'memo',
] as const;

/** Optional columns the input names (edit keeps the others; add takes the defaults). */
function optionalColumns(input: DepartInput): OptionalColumns {
  const columns: { -readonly [K in keyof OptionalColumns]: OptionalColumns[K] } = {};
  for (const name of OPTIONAL_TEXTS) {
    const value = input[name];
    if (value !== undefined) columns[name] = value?.trim() || null;
  }
  if (input.departOrder !== undefined && input.departOrder !== null) {
    columns.departOrder = input.departOrder;
  }
  if (input.orgCategory) columns.orgCategory = input.orgCategory;
  if (input.status) columns.status = input.status;
  return columns;
}

export interface AddedDepart {
  readonly id: string;
  readonly orgCode: string;
}

/**
 * Adds a department below `input.parentId` (top level when empty; a parent inside the scope);
 * answers id and code.
 */
export async function addDepart(
  db: Db,
  input: DepartInput,
  username: string,
  scope: RowScope,
): Promise<AddedDepart> {
  const parentId = parseOptionalId(input.parentId, 'parentId');
  if (parentId) await scope.checkOne(parentId, db);
  const parent = parentId ? await liveDepart(db, parentId) : null;
  if (parentId && !parent) throw failure(MSG_PARENT_MISSING);
  const id = newId();
  try {
    const orgCode = await insertWithOrgCode(db, parent?.orgCode ?? '', (code) =>
      db
        .insertInto('sys_depart')
        .values({
          id,
          parentId,
          departName: input.departName.trim(),
          orgCode: code,
          orgType: parent ? '2' : '1',
          orgCategory: parent ? '2' : '1',
          departOrder: 0,
          status: '1',
          ...optionalColumns(input),
          createBy: username,
        })
        .execute(),
    );
    return { id, orgCode };
  } catch (error) {
    if (isForeignKeyViolation(error)) throw failure(MSG_PARENT_MISSING);
    throw error;
  }
}

/** Edits a department's own fields; its parent and org code cannot change. */
export async function editDepart(
  db: Db,
  id: InScope<RecordId>,
  input: DepartInput,
  username: string,
): Promise<void> {
  const current = await liveDepart(db, id);
  if (!current) throw failure(MSG_NOT_FOUND);
  if (input.parentId !== undefined && (input.parentId?.trim() || null) !== current.parentId) {
    throw failure(MSG_PARENT_FIXED);
  }
  // A blank code is a form's empty field, not a new code.
  const orgCode = input.orgCode?.trim();
  if (orgCode && orgCode !== current.orgCode) throw failure(MSG_CODE_FIXED);
  const result = await db
    .updateTable('sys_depart')
    .set({
      departName: input.departName.trim(),
      ...optionalColumns(input),
      updateBy: username,
      updateTime: new Date(),
    })
    .where('id', '=', id)
    .where('delFlag', '=', '0')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw failure(MSG_NOT_FOUND);
}

/**
 * Removes the departments with every descendant, in one transaction; answers how many went.
 * Users whose current department (`org_code`) was among them are left with none; supervisors
 * lose them from `depart_ids`. The caller publishes `permissions` (memberships and department
 * roles went with them, and cached principals hold the old current department).
 */
export async function deleteDeparts(
  db: Db,
  ids: readonly InScope<RecordId>[],
  scope: RowScope,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const raw = tx.withoutPlugins();
    const { rows } = await sql<{ id: string; orgCode: string }>`
      with recursive sub(id) as (
        select id from sys_depart where id in (${sql.join(ids)})
        union
        select d.id from sys_depart d join sub on d.parent_id = sub.id
      )
      select d.id, d.org_code as "orgCode" from sub join sys_depart d on d.id = sub.id`.execute(
      raw,
    );
    if (rows.length === 0) return 0;
    const removed = rows.map((r) => r.id);
    // The subtree goes along: every department in it must be one the caller may touch.
    await scope.check(removed, raw);
    await sql`update sys_user set org_code = null
      where org_code in (${sql.join(rows.map((r) => r.orgCode))})`.execute(raw);
    await dropSupervised(raw, removed);
    await sql`delete from sys_depart where id in (${sql.join(removed)})`.execute(raw);
    return removed.length;
  });
}

/** Takes removed departments out of supervisors' `depart_ids` (a comma list of ids). */
async function dropSupervised(
  raw: QueryExecutorProvider,
  removed: readonly string[],
): Promise<void> {
  const { rows } = await sql<{ id: string; departIds: string }>`
    select id, depart_ids as "departIds" from sys_user
    where depart_ids is not null and exists (
      select 1 from unnest(string_to_array(depart_ids, ',')) as part(v)
      where trim(part.v) in (${sql.join(removed)})
    )`.execute(raw);
  const gone = new Set(removed);
  for (const user of rows) {
    const kept = user.departIds
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v && !gone.has(v));
    await sql`update sys_user set depart_ids = ${kept.length > 0 ? kept.join(',') : null}
      where id = ${user.id}`.execute(raw);
  }
}
