import { describe, expect, it } from 'vitest';
import {
  indexTree,
  isDirty,
  knownIds,
  saveBody,
  toggle,
  type PermissionNode,
} from '../../../src/app/panels/permission-tree/tree-state';

const node = (
  key: string,
  menuType: number,
  children: PermissionNode[] = [],
  parentId: string | null = null,
): PermissionNode => ({ key, title: key, menuType, parentId, children });

// system ─┬─ user ─┬─ user:add
//         │        └─ user:edit
//         └─ role ── role:add
// home
const TREE = [
  node('system', 0, [
    node('user', 1, [node('user:add', 2), node('user:edit', 2)]),
    node('role', 1, [node('role:add', 2)]),
  ]),
  node('home', 0),
];
const index = indexTree(TREE);

describe('the 授权 tree', () => {
  it('indexes every node, parents and branches', () => {
    expect(index.keys).toEqual([
      'system',
      'user',
      'user:add',
      'user:edit',
      'role',
      'role:add',
      'home',
    ]);
    expect(index.parentOf.get('user:add')).toBe('user');
    expect(index.parentOf.get('system')).toBeNull();
    expect(index.branches).toEqual(['system', 'user', 'role']);
  });

  it('linked: ticking a button also ticks its menus, but not its siblings', () => {
    const next = toggle(index, new Set(), 'user:add', true, true);
    expect([...next].sort()).toEqual(['system', 'user', 'user:add']);
  });

  it('linked: ticking a menu ticks everything under it; unticking it unticks them', () => {
    const on = toggle(index, new Set(['home']), 'user', true, true);
    expect([...on].sort()).toEqual(['home', 'system', 'user', 'user:add', 'user:edit']);
    const off = toggle(index, on, 'user', false, true);
    expect([...off].sort()).toEqual(['home', 'system']);
  });

  it('unlinked: a tick changes that node only', () => {
    expect([...toggle(index, new Set(), 'user:add', true, false)]).toEqual(['user:add']);
    expect([...toggle(index, new Set(['user', 'user:add']), 'user', false, false)]).toEqual([
      'user:add',
    ]);
  });

  it('saves the ticks with what was granted before, and knows when nothing changed', () => {
    const last = new Set(['system', 'user']);
    const now = new Set(['system', 'user', 'user:add']);
    expect(saveBody(now, last)).toEqual({
      permissionIds: 'system,user,user:add',
      lastpermissionIds: 'system,user',
    });
    expect(isDirty(now, last)).toBe(true);
    expect(isDirty(new Set(['user', 'system']), last)).toBe(false);
  });

  it('ignores grants of rows the tree does not show', () => {
    expect([...knownIds(index, ['user', 'gone'])]).toEqual(['user']);
  });
});
