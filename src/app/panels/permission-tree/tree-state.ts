/**
 * The 授权 tree as data: which permissions are ticked, and what ticking one does. Pure
 * functions, no React.
 *
 * The tree always shows exactly what is granted (a granted menu does not make its buttons look
 * granted). Linking, when on, works at the moment of a click: ticking a node also ticks all of
 * its descendants and its ancestors (a button is useless under a menu the user cannot open);
 * unticking it also unticks its descendants. With linking off a click changes that node only.
 */

/** A node of the server's permission tree (`TreeModel`, docs/system-api.md). */
export interface PermissionNode {
  readonly key: string;
  readonly title: string;
  readonly parentId: string | null;
  /** 0 top menu, 1 sub menu, 2 button. */
  readonly menuType: number;
  readonly perms?: string | null;
  /** 1 when the menu has data rules. */
  readonly ruleFlag?: number;
  /** Buttons: '0' when disabled for everyone. */
  readonly status?: string;
  readonly children?: readonly PermissionNode[];
}

export interface TreeIndex {
  /** Parent key of each key (null at the top). */
  readonly parentOf: ReadonlyMap<string, string | null>;
  /** Children keys of each key. */
  readonly childrenOf: ReadonlyMap<string, readonly string[]>;
  /** Every key, depth first. */
  readonly keys: readonly string[];
  /** Keys of nodes that have children (for 展开全部). */
  readonly branches: readonly string[];
  readonly nodes: ReadonlyMap<string, PermissionNode>;
}

export function indexTree(roots: readonly PermissionNode[]): TreeIndex {
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const nodes = new Map<string, PermissionNode>();
  const keys: string[] = [];
  const branches: string[] = [];
  const walk = (list: readonly PermissionNode[], parent: string | null) => {
    for (const node of list) {
      parentOf.set(node.key, parent);
      nodes.set(node.key, node);
      keys.push(node.key);
      const kids = node.children ?? [];
      childrenOf.set(
        node.key,
        kids.map((k) => k.key),
      );
      if (kids.length > 0) branches.push(node.key);
      walk(kids, node.key);
    }
  };
  walk(roots, null);
  return { parentOf, childrenOf, keys, branches, nodes };
}

function descendants(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(index.childrenOf.get(key) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

function ancestors(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  for (let p = index.parentOf.get(key) ?? null; p !== null; p = index.parentOf.get(p) ?? null) {
    out.push(p);
  }
  return out;
}

/** The ticked set after the user (un)ticks `key`. */
export function toggle(
  index: TreeIndex,
  checked: ReadonlySet<string>,
  key: string,
  tick: boolean,
  linked: boolean,
): Set<string> {
  const next = new Set(checked);
  const affected = linked ? [key, ...descendants(index, key)] : [key];
  if (tick) {
    for (const k of affected) next.add(k);
    if (linked) for (const k of ancestors(index, key)) next.add(k);
  } else {
    for (const k of affected) next.delete(k);
  }
  return next;
}

/** What a save sends: the ticked ids and the ids granted when the tree was loaded or saved. */
export function saveBody(
  checked: ReadonlySet<string>,
  last: ReadonlySet<string>,
): { permissionIds: string; lastpermissionIds: string } {
  return { permissionIds: [...checked].join(','), lastpermissionIds: [...last].join(',') };
}

/** Whether the ticks differ from what is saved. */
export function isDirty(checked: ReadonlySet<string>, last: ReadonlySet<string>): boolean {
  if (checked.size !== last.size) return true;
  for (const key of checked) if (!last.has(key)) return true;
  return false;
}

/** Ids the tree knows, out of a granted list (grants of deleted rows are not shown). */
export function knownIds(index: TreeIndex, ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => index.nodes.has(id)));
}
