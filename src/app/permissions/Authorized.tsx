import { useMemo, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import {
  createPermissionChecker,
  NO_AUTH,
  type PermissionChecker,
} from '../../runtime/permissions';
import { permissionsAtom } from '../state/atoms';

/** `can(code)` for the signed-in user (the `has` rule of shell.md §6). */
export function usePermissions(): PermissionChecker {
  const permissions = useAtomValue(permissionsAtom);
  return useMemo(
    () =>
      createPermissionChecker(
        permissions ? { auth: permissions.auth, allAuth: permissions.allAuth } : NO_AUTH,
      ),
    [permissions],
  );
}

/**
 * Renders its children only when the user may perform `action` (the `has` directive): an
 * element the user lacks the code for is not rendered at all, not merely disabled.
 * Hiding is convenience; the server refuses the call anyway.
 */
export function Authorized({
  action,
  children,
  fallback = null,
}: {
  readonly action: string;
  readonly children: ReactNode;
  readonly fallback?: ReactNode;
}) {
  const permissions = usePermissions();
  return <>{permissions.can(action) ? children : fallback}</>;
}
