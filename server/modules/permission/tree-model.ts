import type { Db } from '../../db/index';
import { MENU_BUTTON } from './menu-tree';

/**
 * The permission tree of the authorisation screens (角色授权, 部门授权, 部门角色授权):
 * every menu with its sub-menus and buttons, as the reference's `TreeModel`
 * (jeecg-api.md §4.4 `queryTreeList`).
 */
export interface TreeModel {
  /** Permission id (also `value`). */
  readonly key: string;
  readonly value: string;
  readonly title: string;
  readonly slotTitle: string;
  readonly label: string;
  readonly icon: string | null;
  readonly isLeaf: boolean;
  readonly parentId: string | null;
  /** 0 top menu, 1 sub menu, 2 button. */
  readonly menuType: number;
  readonly perms: string | null;
  /** 1 when the menu has data rules (the screen offers 数据规则). */
  readonly ruleFlag: number;
  /** Buttons: '1' on, '0' off for everyone. */
  readonly status: string;
  readonly children?: readonly TreeModel[];
}

export interface PermissionTree {
  readonly treeList: readonly TreeModel[];
  /** Every id in the tree (the screen's 全选). */
  readonly ids: readonly string[];
}

interface Row {
  readonly id: string;
  readonly parentId: string | null;
  readonly name: string;
  readonly icon: string | null;
  readonly menuType: number;
  readonly perms: string | null;
  readonly ruleFlag: number;
  readonly status: string;
}

/**
 * The whole tree, or only the rows in `only` (a department's grants, for its roles). A row
 * whose parent is not in the tree becomes a root, so nothing granted is hidden.
 */
export async function permissionTree(
  db: Db,
  only: ReadonlySet<string> | null = null,
): Promise<PermissionTree> {
  const all: Row[] = await db
    .selectFrom('sys_permission')
    .select(['id', 'parentId', 'name', 'icon', 'menuType', 'perms', 'ruleFlag', 'status'])
    .where('delFlag', '=', 0)
    .orderBy('sortNo')
    .orderBy('name')
    .execute();
  const rows = only ? all.filter((r) => only.has(r.id)) : all;
  const present = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string | null, Row[]>();
  for (const row of rows) {
    const parent = row.parentId && present.has(row.parentId) ? row.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(row);
    childrenOf.set(parent, list);
  }
  const build = (row: Row): TreeModel => {
    const kids = (childrenOf.get(row.id) ?? []).map(build);
    return {
      key: row.id,
      value: row.id,
      title: row.name,
      slotTitle: row.name,
      label: row.name,
      icon: row.icon,
      isLeaf: kids.length === 0 || row.menuType === MENU_BUTTON,
      parentId: row.parentId,
      menuType: row.menuType,
      perms: row.perms,
      ruleFlag: row.ruleFlag,
      status: row.status,
      ...(kids.length > 0 ? { children: kids } : {}),
    };
  };
  return { treeList: (childrenOf.get(null) ?? []).map(build), ids: rows.map((r) => r.id) };
}
