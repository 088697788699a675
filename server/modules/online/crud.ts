import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unique } from '../../db/unique';
import { failure } from '../../http/errors';
import type { RecordId } from '../../http/request-schemas';
import type { InScope, RowScope } from '../../http/row-scope';
import type { SqlValue } from './coerce';
import { detailInputs, masterBody } from './detail-rows';
import { deleteDetailsOfMasters, saveDetails } from './detail-save';
import {
  attachRowFiles,
  fileColumnsOf,
  releaseRecordFiles,
  resolveFileValues,
  writtenFileColumns,
} from './file-values';
import {
  deleteRows,
  existingIds,
  insertRows,
  isSelfOrDescendant,
  refreshHasChild,
  selectById,
  subtreeIds,
  takenValues,
  updateRow,
  type RowValues,
} from './queries';
import type { OnlineTable } from './table';
import { checkRecord, duplicateMessage, uniqueColumns, uniqueKey } from './validate';

/**
 * add / edit / delete of one online table: the definition's rules, the unique check against
 * the table, file values found in sys_file and attached to the page (file-values.ts), and a
 * tree's parent links (`has_child` of the parents kept true). On a master-detail page the body
 * may also hold one array per detail (keyed by the detail's code), saved in the master's
 * transaction (detail-save.ts); deleting masters deletes their details.
 * Writes go through the caller's row scope: an edit or delete takes only checked ids, a tree
 * node's new parent must be inside the scope, and deleting a node refuses when a descendant it
 * would take along is outside.
 */

/** The database without the CamelCasePlugin (online SQL aliases its columns itself). */
export type OnlineDb = Kysely<Database>;

export const MSG_NOT_FOUND = '未找到对应数据';
export const MSG_PARENT_MISSING = '父级节点不存在';
export const MSG_PARENT_LOOP = '不能把节点移到它自己或它的下级节点下';
export const MSG_DUPLICATE = '保存失败：数据与已有记录重复';

/** A unique violation the checks could not see (a concurrent save, a unique index). */
function rethrowDuplicate<T>(work: Promise<T>): Promise<T> {
  return unique(work, MSG_DUPLICATE);
}

async function checkUnique(
  db: OnlineDb,
  table: OnlineTable,
  values: RowValues,
  exceptId: string | null,
): Promise<void> {
  for (const column of uniqueColumns(table)) {
    const value = values[table.writable.indexOf(column)];
    if (value === undefined || value === null) continue;
    const taken = await takenValues(db, table, column, [value], exceptId);
    if (taken.some((v) => uniqueKey(column, v as SqlValue) === uniqueKey(column, value))) {
      throw failure(duplicateMessage(column, value));
    }
  }
}

/** The body's values after the definition's rules, with its files found in sys_file. */
async function checked(
  db: OnlineDb,
  table: OnlineTable,
  body: Readonly<Record<string, unknown>>,
  mode: 'add' | 'edit',
  timeZone: string,
): Promise<RowValues> {
  const { values, errors } = checkRecord(table, body, mode, timeZone);
  if (errors.length > 0) throw failure(errors[0]!);
  const resolved = (await resolveFileValues(db, table, [values]))[0]!;
  if (!resolved.ok) throw failure(resolved.message);
  return resolved.values;
}

/** The parent a new or moved node gets: empty means the root. */
function parentIndex(table: OnlineTable): number {
  return table.tree ? table.writable.indexOf(table.tree.parent) : -1;
}

/** Who saves, and the scope their data rules give them on the page. */
export interface SaveContext {
  readonly username: string;
  readonly timeZone: string;
  readonly scope: RowScope;
}

/** A parent that exists and that the caller's rules let through (the node joins its subtree). */
async function requireParent(
  db: OnlineDb,
  table: OnlineTable,
  parent: string,
  scope: RowScope,
): Promise<void> {
  if (!(await existingIds(db, table, [parent])).has(parent)) throw failure(MSG_PARENT_MISSING);
  await scope.checkOne(parent);
}

export async function addRecord(
  db: OnlineDb,
  table: OnlineTable,
  body: Readonly<Record<string, unknown>>,
  save: SaveContext,
): Promise<string> {
  const { username, timeZone } = save;
  const values = [...(await checked(db, table, masterBody(table, body), 'add', timeZone))];
  const details = detailInputs(table, body);
  await checkUnique(db, table, values, null);
  const p = parentIndex(table);
  let parent: string | null = null;
  if (p >= 0) {
    const root = table.tree!.rootValue;
    parent = values[p] === null || values[p] === undefined ? root : String(values[p]);
    values[p] = parent;
    if (parent === root) parent = null;
    else await requireParent(db, table, parent, save.scope);
  }
  return rethrowDuplicate(
    db.transaction().execute(async (trx) => {
      const [id] = await insertRows(trx, table, [values], username);
      await attachRowFiles(trx, table, [values]);
      if (parent) await refreshHasChild(trx, table, [parent]);
      await saveDetails(trx, details, id!, username, timeZone);
      return id!;
    }),
  );
}

/** Edits row `id` (checked against the scope by the caller: its type says so). */
export async function editRecord(
  db: OnlineDb,
  table: OnlineTable,
  id: InScope<RecordId>,
  body: Readonly<Record<string, unknown>>,
  save: SaveContext,
): Promise<void> {
  const { username, timeZone } = save;
  const values = [...(await checked(db, table, masterBody(table, body), 'edit', timeZone))];
  const details = detailInputs(table, body);
  const stored = await selectById(db, table, id);
  if (!stored) throw failure(MSG_NOT_FOUND);
  await checkUnique(db, table, values, id);

  const p = parentIndex(table);
  const moves: string[] = [];
  if (p >= 0 && values[p] !== undefined) {
    const root = table.tree!.rootValue;
    const next = values[p] === null ? root : String(values[p]);
    values[p] = next;
    const before = stored[table.tree!.parent.name];
    if (next !== before) {
      if (next !== root) {
        await requireParent(db, table, next, save.scope);
        if (await isSelfOrDescendant(db, table, id, next)) throw failure(MSG_PARENT_LOOP);
        moves.push(next);
      }
      if (typeof before === 'string' && before !== root) moves.push(before);
    }
  }
  await rethrowDuplicate(
    db.transaction().execute(async (trx) => {
      await updateRow(trx, table, id, values, username);
      // The old files of the written file fields are released; attaching the new values
      // takes back those still named, so only the files the edit dropped stay released.
      await releaseRecordFiles(trx, writtenFileColumns(table, values), [stored]);
      await attachRowFiles(trx, table, [values]);
      await refreshHasChild(trx, table, moves);
      await saveDetails(trx, details, id, username, timeZone);
    }),
  );
}

/**
 * Deletes the rows (and, in a tree, their descendants; on a master-detail page, their detail
 * rows); the number deleted.
 */
export async function deleteRecords(
  db: OnlineDb,
  table: OnlineTable,
  ids: readonly InScope<RecordId>[],
  scope: RowScope,
): Promise<number> {
  if (ids.length === 0) throw failure('请选择要删除的记录');
  // A node takes its subtree along: every row that goes must be one the caller may touch.
  if (table.tree && scope.restricted) await scope.check(await subtreeIds(db, table, ids));
  return db.transaction().execute(async (trx) => {
    const files = fileColumnsOf(table);
    const result = await deleteRows(trx, table, ids, files);
    if (result.deleted === 0) throw failure(MSG_NOT_FOUND);
    await releaseRecordFiles(trx, files, result.records);
    const gone = new Set<string>(ids);
    await refreshHasChild(
      trx,
      table,
      result.parents.filter((parent) => !gone.has(parent)),
    );
    await deleteDetailsOfMasters(trx, table, ids);
    return result.deleted;
  });
}
