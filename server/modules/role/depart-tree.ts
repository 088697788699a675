import type { Db } from '../../db/index';

/** A department in the id tree of 角色管理 (`queryDepartTreeList`). */
export interface DepartIdNode {
  readonly key: string;
  readonly value: string;
  readonly title: string;
  readonly children: DepartIdNode[];
}

/**
 * Every department that is not deleted, as `{ key, value, title, children }` (key = value =
 * id), siblings by `depart_order` then `org_code`. A department whose parent is missing (or
 * deleted) becomes a root, so none is hidden.
 */
export async function departIdTree(db: Db): Promise<DepartIdNode[]> {
  const rows = await db
    .selectFrom('sys_depart')
    .select(['id', 'parentId', 'departName'])
    .where('delFlag', '=', '0')
    .orderBy('departOrder')
    .orderBy('orgCode')
    .execute();
  const nodes = new Map<string, DepartIdNode>(
    rows.map((r) => [r.id, { key: r.id, value: r.id, title: r.departName, children: [] }]),
  );
  const roots: DepartIdNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
