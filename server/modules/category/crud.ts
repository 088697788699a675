import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Db } from '../../db/index';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import { ID_SCHEMA, MSG_NOT_FOUND, type RecordId } from '../../http/request-schemas';
import type { InScope, RowScope } from '../../http/row-scope';
import { NullableText } from '../../http/schema-types';
import { newId } from '../../ids';
import { MAX_CODE_LENGTH, nextChildCode } from './codes';
import { ROOT_PID } from './list';
import { inTransaction } from '../../db/transaction';

/**
 * Writes of 分类字典. A new node gets the next free code below its parent; two adds below the
 * same parent are serialised by an advisory lock (and `uniq_sys_category_code` has the last
 * word). The parent's `has_child` follows every add and delete. A node keeps its parent and
 * its code: moving it would have to re-code its whole subtree. Within the caller's row scope:
 * a new node's parent, an edited node and every node a delete takes along must be inside it.
 */

export const MSG_PARENT_MISSING = '父级节点不存在';
export const MSG_NO_FREE_CODE = '该节点下的分类已达上限，无法生成新的编码';
export const MSG_TOO_DEEP = '分类层级过深，无法生成新的编码';
export const MSG_CODE_CONFLICT = '分类编码生成冲突，请重试';
export const MSG_NO_MOVE = '不能修改分类的上级节点';
export const MSG_CODE_EMPTY = '编码不能为空';
export const MSG_CODE_FREE = '该值可用！';
export const MSG_CODE_TAKEN = '该值不可用，系统中已存在！';
export const msgCodePrefix = (parentCode: string) => `编码不符合规范，须以“${parentCode}”开头`;

const properties = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  /** Parent id; '0' or empty for the top level. */
  pid: NullableText(36),
};

export const CATEGORY_ADD_BODY = Type.Object(properties);
export const CATEGORY_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...properties });

/** A node as add / edit take it (from the add body's schema). */
export type CategoryInput = Static<typeof CATEGORY_ADD_BODY>;

const pidOf = (pid: string | null | undefined) => pid?.trim() || ROOT_PID;

/** Adds a node below `pid` (a parent inside the scope) with the next free code; its id. */
export async function addCategory(
  db: Db,
  input: CategoryInput,
  by: { readonly username: string; readonly orgCode: string | null },
  scope: RowScope,
): Promise<string> {
  const pid = pidOf(input.pid);
  if (pid !== ROOT_PID) await scope.checkOne(pid, db);
  const work = inTransaction(db, async (tx) => {
    // Adds below one parent take turns: each sees the codes the previous one gave out.
    await sql`select pg_advisory_xact_lock(hashtext(${`sys_category:${pid}`}))`.execute(tx);
    let parentCode = '';
    if (pid !== ROOT_PID) {
      const parent = await tx
        .selectFrom('sys_category')
        .select('code')
        .where('id', '=', pid)
        .forUpdate() // a delete of the parent waits for this add, or this add sees it gone
        .executeTakeFirst();
      if (!parent) throw failure(MSG_PARENT_MISSING);
      parentCode = parent.code;
    }
    const siblings = await tx
      .selectFrom('sys_category')
      .select('code')
      .where('pid', '=', pid)
      .execute();
    const code = nextChildCode(
      parentCode,
      siblings.map((s) => s.code),
    );
    if (!code) throw failure(MSG_NO_FREE_CODE);
    if (code.length > MAX_CODE_LENGTH) throw failure(MSG_TOO_DEEP);
    const id = newId();
    await tx
      .insertInto('sys_category')
      .values({
        id,
        pid,
        name: input.name.trim(),
        code,
        sysOrgCode: by.orgCode,
        hasChild: '0',
        createBy: by.username,
      })
      .execute();
    if (pid !== ROOT_PID) {
      await tx.updateTable('sys_category').set({ hasChild: '1' }).where('id', '=', pid).execute();
    }
    return id;
  });
  return unique(work, MSG_CODE_CONFLICT);
}

/** Renames a node; its parent and code stay. */
export async function editCategory(
  db: Db,
  id: InScope<RecordId>,
  input: CategoryInput,
  username: string,
): Promise<void> {
  const stored = await db
    .selectFrom('sys_category')
    .select('pid')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!stored) throw failure(MSG_NOT_FOUND);
  if (input.pid !== undefined && pidOf(input.pid) !== stored.pid) throw failure(MSG_NO_MOVE);
  await db
    .updateTable('sys_category')
    .set({ name: input.name.trim(), updateBy: username, updateTime: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes the nodes with every descendant; parents left behind get their `has_child` set
 * from what remains. Refuses when a descendant is outside the scope. Returns how many went.
 */
export async function deleteCategories(
  db: Db,
  ids: readonly InScope<RecordId>[],
  scope: RowScope,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const raw = tx.withoutPlugins();
    const subtree = sql`with recursive tree(id) as (
        select id from sys_category where id in (${sql.join(ids)})
        union
        select c.id from sys_category c join tree t on c.pid = t.id)
      select id from tree`;
    // Lock first; the delete then reads the subtree afresh, children added meanwhile included.
    const { rows: locked } = await sql<{ id: string }>`
      select id from sys_category where id in (${subtree}) for update`.execute(raw);
    await scope.check(
      locked.map((r) => r.id),
      raw,
    );
    const { rows } = await sql<{ id: string; pid: string }>`
      delete from sys_category where id in (${subtree}) returning id, pid`.execute(raw);
    const gone = new Set(rows.map((r) => r.id));
    const parents = [...new Set(rows.map((r) => r.pid))].filter(
      (pid) => pid !== ROOT_PID && !gone.has(pid),
    );
    if (parents.length > 0) {
      await sql`update sys_category p set has_child = case when exists
          (select 1 from sys_category c where c.pid = p.id) then '1' else '0' end
        where p.id in (${sql.join(parents)})`.execute(raw);
    }
    return rows.length;
  });
}

/**
 * `checkCode`: whether a code could be used below `pid` — not empty, not taken, and starting
 * with the parent's code. Null when it can, else the refusal.
 */
export async function codeProblem(db: Db, pid: string, rawCode: string): Promise<string | null> {
  const code = rawCode.trim();
  if (code === '') return MSG_CODE_EMPTY;
  const parentId = pidOf(pid);
  if (parentId !== ROOT_PID) {
    const parent = await db
      .selectFrom('sys_category')
      .select('code')
      .where('id', '=', parentId)
      .executeTakeFirst();
    if (!parent) return MSG_PARENT_MISSING;
    if (!code.startsWith(parent.code)) return msgCodePrefix(parent.code);
  }
  const taken = await db
    .selectFrom('sys_category')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return taken ? MSG_CODE_TAKEN : null;
}

/** The id of the node with this code (imports name parents by code); null when none. */
export async function idOfCode(db: Db, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('sys_category')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id ?? null;
}
