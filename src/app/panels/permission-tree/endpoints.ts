/**
 * Who is being granted, and the server calls of each kind of owner (docs/system-api.md):
 * roles (角色管理 → 授权), departments (部门管理 → 部门授权) and department roles
 * (部门角色 → 授权). The panel is the same; only these differ.
 */

export interface Call {
  readonly url: string;
  readonly params?: Readonly<Record<string, string>>;
}

export interface GrantEndpoints {
  /** What may be granted: `{ treeList, ids }`. */
  readonly tree: Call;
  /** The owner's granted permission ids. */
  readonly granted: Call;
  /** POST with `{ permissionIds, lastpermissionIds }` plus `body`. */
  readonly save: { readonly url: string; readonly body: Readonly<Record<string, string>> };
  /** The data rules of a menu for this owner: `{ datarule, drChecked }`. */
  readonly rules: (permissionId: string) => Call;
  /** POST with `{ permissionId, dataRuleIds }` plus `body`. */
  readonly saveRules: { readonly url: string; readonly body: Readonly<Record<string, string>> };
}

type Row = Readonly<Record<string, unknown>>;

function text(row: Row, field: string): string {
  const value = row[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

const enc = encodeURIComponent;

export function roleEndpoints(row: Row): GrantEndpoints {
  const roleId = text(row, 'id');
  return {
    tree: { url: '/sys/role/queryTreeList' },
    granted: { url: '/sys/permission/queryRolePermission', params: { roleId } },
    save: { url: '/sys/permission/saveRolePermission', body: { roleId } },
    rules: (permissionId) => ({ url: `/sys/role/datarule/${enc(permissionId)}/${enc(roleId)}` }),
    saveRules: { url: '/sys/role/datarule', body: { roleId } },
  };
}

export function departEndpoints(row: Row): GrantEndpoints {
  const departId = text(row, 'id');
  return {
    tree: { url: '/sys/role/queryTreeList' },
    granted: { url: '/sys/permission/queryDepartPermission', params: { departId } },
    save: { url: '/sys/permission/saveDepartPermission', body: { departId } },
    rules: (permissionId) => ({
      url: `/sys/sysDepartPermission/datarule/${enc(permissionId)}/${enc(departId)}`,
    }),
    saveRules: { url: '/sys/sysDepartPermission/datarule', body: { departId } },
  };
}

export function departRoleEndpoints(row: Row): GrantEndpoints {
  const roleId = text(row, 'id');
  const departId = text(row, 'departId');
  return {
    tree: { url: '/sys/sysDepartPermission/queryTreeListForDeptRole', params: { departId } },
    granted: { url: '/sys/sysDepartPermission/queryDeptRolePermission', params: { roleId } },
    save: { url: '/sys/sysDepartPermission/saveDeptRolePermission', body: { roleId } },
    rules: (permissionId) => ({
      url: `/sys/sysDepartRole/datarule/${enc(permissionId)}/${enc(departId)}/${enc(roleId)}`,
    }),
    saveRules: { url: '/sys/sysDepartRole/datarule', body: { departId, roleId } },
  };
}
