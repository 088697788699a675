import { sql } from 'kysely';
import type { AreaItem } from '../../../src/contracts/area-code';
import type { Db } from '../../db/index';

/** A region with the regions below it, as the tree call answers. */
export interface AreaNode extends AreaItem {
  readonly children?: AreaNode[];
}

/** The regions whose parent is `pid`, by code. */
export async function areaChildren(db: Db, pid: string): Promise<AreaItem[]> {
  return db
    .selectFrom('sys_area')
    .select(['id', 'pid', 'name', 'level'])
    .where('pid', '=', pid)
    .orderBy('id')
    .execute();
}

/** The regions of these codes (unknown codes are left out), in the order asked. */
export async function areasByIds(db: Db, ids: readonly string[]): Promise<AreaItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sys_area')
    .select(['id', 'pid', 'name', 'level'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The regions below `from` down to `level` (at most `limit` + 1 rows, so a caller can tell
 * the tree was too big), with `from` itself first when `includeFrom`.
 */
export async function areaSubtree(
  db: Db,
  from: string,
  level: number,
  includeFrom: boolean,
  limit: number,
): Promise<AreaItem[]> {
  const { rows } = await sql<AreaItem>`
    with recursive below as (
      select id, pid, name, level from sys_area where pid = ${from} and level <= ${level}
      union all
      select a.id, a.pid, a.name, a.level from sys_area a join below b on a.pid = b.id
      where a.level <= ${level}
    )
    select id, pid, name, level from below
    union all
    select id, pid, name, level from sys_area where id = ${from} and ${includeFrom}
    order by level, id
    limit ${limit + 1}`.execute(db);
  return rows;
}

/** Nests the rows under `rootPid` (the rows come parents first). */
export function nest(rows: readonly AreaItem[], rootPid: string): AreaNode[] {
  const nodes = new Map<string, AreaNode & { children: AreaNode[] }>();
  const top: AreaNode[] = [];
  for (const row of rows) {
    const node = { id: row.id, pid: row.pid, name: row.name, level: row.level, children: [] };
    nodes.set(row.id, node);
    const parent = row.pid === rootPid ? undefined : nodes.get(row.pid);
    (parent ? parent.children : top).push(node);
  }
  const prune = (list: AreaNode[]): AreaNode[] =>
    list.map((n) =>
      n.children && n.children.length > 0
        ? { ...n, children: prune(n.children) }
        : { id: n.id, pid: n.pid, name: n.name, level: n.level },
    );
  return prune(top);
}
