import type { DepartRecord } from './records';

/**
 * Department trees built from the flat, ordered record list (one statement, then memory):
 * the tree models of 部门管理 and the id tree of the pickers. A department whose parent is
 * not in the list becomes a root, so nothing is hidden.
 */

/** A record as a tree node (jeecg-api.md §4.5 `SysDepartTreeModel`). */
export interface DepartTreeModel extends DepartRecord {
  /** The id. */
  readonly key: string;
  /** The id. */
  readonly value: string;
  /** The name. */
  readonly title: string;
  readonly isLeaf: boolean;
  readonly children?: readonly DepartTreeModel[];
}

/** A picker node: `key` = `value` = id, `title` = name. */
export interface DepartIdNode {
  readonly key: string;
  readonly value: string;
  readonly title: string;
  readonly children: DepartIdNode[];
}

/** A record as a node without children (flat answers: searchBy, the lazy tree). */
export function treeModel(record: DepartRecord): DepartTreeModel {
  return {
    ...record,
    key: record.id,
    value: record.id,
    title: record.departName,
    isLeaf: record.hasChild !== '1',
  };
}

/** Children by parent id (null = roots), keeping the list's order. */
function childrenIndex(records: readonly DepartRecord[]): Map<string | null, DepartRecord[]> {
  const present = new Set(records.map((r) => r.id));
  const index = new Map<string | null, DepartRecord[]>();
  for (const record of records) {
    const parent = record.parentId && present.has(record.parentId) ? record.parentId : null;
    const list = index.get(parent) ?? [];
    list.push(record);
    index.set(parent, list);
  }
  return index;
}

function modelTree(
  record: DepartRecord,
  index: ReadonlyMap<string | null, DepartRecord[]>,
): DepartTreeModel {
  const kids = (index.get(record.id) ?? []).map((child) => modelTree(child, index));
  return {
    ...treeModel(record),
    hasChild: kids.length > 0 ? '1' : '0',
    isLeaf: kids.length === 0,
    ...(kids.length > 0 ? { children: kids } : {}),
  };
}

/** The whole tree. */
export function departTree(records: readonly DepartRecord[]): DepartTreeModel[] {
  const index = childrenIndex(records);
  return (index.get(null) ?? []).map((root) => modelTree(root, index));
}

/** The id tree of the pickers (`children` always present, empty on leaves). */
export function departIdTree(records: readonly DepartRecord[]): DepartIdNode[] {
  const index = childrenIndex(records);
  const build = (record: DepartRecord): DepartIdNode => ({
    key: record.id,
    value: record.id,
    title: record.departName,
    children: (index.get(record.id) ?? []).map(build),
  });
  return (index.get(null) ?? []).map(build);
}

/**
 * The subtrees rooted at `rootIds` (a supervisor's departments). A root below another chosen
 * root appears only inside it, so no department is listed twice.
 */
export function subtrees(
  records: readonly DepartRecord[],
  rootIds: ReadonlySet<string>,
): DepartTreeModel[] {
  const index = childrenIndex(records);
  const byId = new Map(records.map((r) => [r.id, r]));
  const hasChosenAncestor = (record: DepartRecord): boolean => {
    const seen = new Set<string>();
    for (let id = record.parentId; id && !seen.has(id); id = byId.get(id)?.parentId ?? null) {
      if (rootIds.has(id)) return true;
      seen.add(id);
    }
    return false;
  };
  return records
    .filter((r) => rootIds.has(r.id) && !hasChosenAncestor(r))
    .map((root) => modelTree(root, index));
}

/** Ids of the departments in the subtrees rooted at `rootIds` (roots included). */
export function subtreeIds(
  records: readonly DepartRecord[],
  rootIds: ReadonlySet<string>,
): Set<string> {
  const index = childrenIndex(records);
  const found = new Set<string>();
  const visit = (record: DepartRecord) => {
    if (found.has(record.id)) return;
    found.add(record.id);
    for (const child of index.get(record.id) ?? []) visit(child);
  };
  for (const record of records) if (rootIds.has(record.id)) visit(record);
  return found;
}
