import { lazy, type ComponentType } from 'react';
import type { PanelProps } from '../../../registry/engine';

/**
 * Hand-written screens page definitions may open in a drawer by name (`"open": { "panel":
 * "<name>" }`), e.g. the 授权 trees of roles and departments. Names follow
 * `PANEL_NAME_PATTERN`; a name a definition uses but this record lacks shows 未注册的面板.
 * Each loads with its first use.
 */

const ownerPanels = () => import('./permission-tree/owner-panels');

export const APP_PANELS: Readonly<Record<string, ComponentType<PanelProps>>> = {
  /** 角色管理 → 授权 (row: a role). */
  'role-permission': lazy(async () => ({ default: (await ownerPanels()).RolePermissionPanel })),
  /** 部门管理 → 部门授权 (row: a department). */
  'depart-permission': lazy(async () => ({
    default: (await ownerPanels()).DepartPermissionPanel,
  })),
  /** 部门角色 → 授权 (row: a department role, with its departId). */
  'depart-role-permission': lazy(async () => ({
    default: (await ownerPanels()).DepartRolePermissionPanel,
  })),
  /** 我的消息 → 查看 (row: one of the caller's notices): the notice detail modal. */
  'notice-detail': lazy(() => import('./notice-detail/NoticeDetailPanel')),
  /** 日志管理 → 详情 (row: a log row): who, when, and each changed row field by field. */
  'log-detail': lazy(() => import('./log-detail/LogDetailPanel')),
  /** 用户管理 → 第三方账号 (row: a user): single sign-on links, with 解除绑定. */
  'third-accounts': lazy(() => import('./third-accounts/ThirdAccountsPanel')),
};

/** Panels that show their own container (a modal) instead of the engine's drawer. */
export const OWN_CONTAINER_PANELS: ReadonlySet<string> = new Set(['notice-detail']);
