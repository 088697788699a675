import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import { failure } from '../../http/errors';
import { clip } from '../../http/list-conditions';
import { MSG_TREE_CONDITION, parseTreeCondition } from '../../../src/contracts/tree-condition';
import { ROOT_PID } from './list';

/**
 * The category tree as the pickers read it (jeecg-api.md §4.9): `TreeSelectModel` nodes
 * (key = value = id), one level or a whole subtree, names of ids, the descendants of a code.
 * Only constant column names reach SQL; `condition` keys are looked up in a fixed list.
 */

export interface TreeSelectModel {
  readonly key: string;
  readonly title: string;
  readonly value: string;
  readonly code: string;
  readonly parentId: string;
  readonly isLeaf: boolean;
  readonly children?: TreeSelectModel[];
}

/** Nodes of one subtree at most (a picker shows them all at once). */
export const MAX_TREE_NODES = 10_000;

export const MSG_CONDITION_SHAPE = 'condition 应为“字段: 值”的 JSON 对象';
export const msgConditionField = (name: string) =>
  `condition 只能按 name、code 查询，不支持字段：${clip(name)}`;
export const msgCodeMissing = (code: string) => `该编码【${clip(code)}】不存在，请核实!`;

/** Fields `condition` may name, and their columns. */
const CONDITION_COLUMNS: Readonly<Record<string, string>> = { name: 'name', code: 'code' };

interface NodeRow {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: string;
}

const NODE_SELECT = sql`id, pid, name, code, has_child as "hasChild"`;

const node = (row: NodeRow): TreeSelectModel => ({
  key: row.id,
  title: row.name,
  value: row.id,
  code: row.code,
  parentId: row.pid,
  isLeaf: row.hasChild !== '1',
});

/** `{ "name": "手机" }` → equality conditions on the allowed columns; refuses anything else. */
export function conditionOf(raw: string | undefined): RawBuilder<SqlBool>[] {
  const parsed = parseTreeCondition(raw);
  if (!parsed) throw failure(MSG_TREE_CONDITION);
  return Object.entries(parsed).map(([name, value]) => {
    if (!Object.hasOwn(CONDITION_COLUMNS, name)) throw failure(msgConditionField(name));
    if (typeof value !== 'string' && typeof value !== 'number') throw failure(MSG_CONDITION_SHAPE);
    return sql<SqlBool>`${sql.ref(CONDITION_COLUMNS[name]!)} = ${String(value)}`;
  });
}

/** The id of the node with the code; `0` / empty is the top level. Refuses an unknown code. */
export async function pidOfCode(db: Db, code: string | undefined): Promise<string> {
  const trimmed = (code ?? '').trim();
  if (trimmed === '' || trimmed === ROOT_PID) return ROOT_PID;
  const row = await db
    .selectFrom('sys_category')
    .select('id')
    .where('code', '=', trimmed)
    .executeTakeFirst();
  if (!row) throw failure(msgCodeMissing(trimmed));
  return row.id;
}

/** The children of one node as tree nodes (optionally narrowed by `condition`). */
export async function treeChildren(
  db: Db,
  pid: string,
  conditions: readonly RawBuilder<SqlBool>[] = [],
): Promise<TreeSelectModel[]> {
  const where = sql.join([sql<SqlBool>`pid = ${pid}`, ...conditions], sql` and `);
  const { rows } = await sql<NodeRow>`select ${NODE_SELECT} from sys_category where ${where}
    order by code asc, id asc limit ${MAX_TREE_NODES}`.execute(db.withoutPlugins());
  return rows.map(node);
}

/** Every row below `pid` (not `pid` itself), in code order. */
async function descendantRows(db: Db, pid: string): Promise<NodeRow[]> {
  const { rows } = await sql<NodeRow>`with recursive tree as (
      select ${NODE_SELECT} from sys_category where pid = ${pid}
      union
      select c.id, c.pid, c.name, c.code, c.has_child from sys_category c
        join tree t on c.pid = t.id)
    select * from tree order by code asc, id asc limit ${MAX_TREE_NODES}`.execute(
    db.withoutPlugins(),
  );
  return rows;
}

/** The whole subtree below `pid` as nested nodes (`loadTreeRoot?async=false`). */
export async function subtree(db: Db, pid: string): Promise<TreeSelectModel[]> {
  const rows = await descendantRows(db, pid);
  const byParent = new Map<string, NodeRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.pid) ?? [];
    list.push(row);
    byParent.set(row.pid, list);
  }
  const seen = new Set<string>();
  const build = (parent: string): TreeSelectModel[] =>
    (byParent.get(parent) ?? []).flatMap((row) => {
      if (seen.has(row.id)) return []; // a broken pid loop in old data shows each node once
      seen.add(row.id);
      const children = build(row.id);
      return [children.length > 0 ? { ...node(row), children } : node(row)];
    });
  return build(pid);
}

/** `[{ value: id, text: name }]` of every node below the one with `code` (all for `0`/empty). */
export async function descendantOptions(
  db: Db,
  code: string | undefined,
): Promise<{ value: string; text: string }[]> {
  const rows = await descendantRows(db, await pidOfCode(db, code));
  return rows.map((r) => ({ value: r.id, text: r.name }));
}

/** Names of the ids in their order; a missing id is dropped, or kept as itself. */
export async function namesOf(
  db: Db,
  ids: readonly string[],
  keepMissing: boolean,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sys_category')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return ids.flatMap((id) => {
    const name = names.get(id);
    if (name !== undefined) return [name];
    return keepMissing ? [id] : [];
  });
}
