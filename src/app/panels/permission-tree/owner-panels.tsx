import { useMemo } from 'react';
import type { PanelProps } from '../../../../registry/engine';
import { departEndpoints, departRoleEndpoints, roleEndpoints } from './endpoints';
import { PermissionTreePanel } from './PermissionTreePanel';

/** The 授权 panel of each kind of owner, as the page definitions open them by name. */

function named(row: PanelProps['row'], field: string): string {
  const value = row?.[field];
  return typeof value === 'string' && value ? `「${value}」` : '';
}

export function RolePermissionPanel(props: PanelProps) {
  const endpoints = useMemo(() => roleEndpoints(props.row ?? {}), [props.row]);
  return (
    <PermissionTreePanel
      {...props}
      endpoints={endpoints}
      owner={`角色${named(props.row, 'roleName')}`}
    />
  );
}

export function DepartPermissionPanel(props: PanelProps) {
  const endpoints = useMemo(() => departEndpoints(props.row ?? {}), [props.row]);
  return (
    <PermissionTreePanel
      {...props}
      endpoints={endpoints}
      owner={`部门${named(props.row, 'departName')}`}
    />
  );
}

export function DepartRolePermissionPanel(props: PanelProps) {
  const endpoints = useMemo(() => departRoleEndpoints(props.row ?? {}), [props.row]);
  return (
    <PermissionTreePanel
      {...props}
      endpoints={endpoints}
      owner={`部门角色${named(props.row, 'roleName')}`}
    />
  );
}
