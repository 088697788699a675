import type { AuthEntry, SystemAuthEntry } from '../contracts/permission';

/** The button permissions of the signed-in user and of the whole system. */
export interface AuthLists {
  /** The user's button permissions (`auth`). */
  readonly auth: readonly AuthEntry[];
  /** Every button permission of the system with its status (`allAuth`). */
  readonly allAuth: readonly SystemAuthEntry[];
}

export const NO_AUTH: AuthLists = { auth: [], allAuth: [] };

function actionsOf(entry: AuthEntry): string[] {
  return entry.action.split(',').map((a) => a.trim());
}

/**
 * The `has` rule of shell.md §6. Only type '1' entries take part (type '2' belongs to the
 * data-permission check). An action whose system entry has status '0' is refused. Otherwise
 * it is allowed when the user holds it, or when the system does not list it as enabled
 * (an action nobody controls is open to everyone).
 */
export function has(action: string, lists: AuthLists): boolean {
  const system = lists.allAuth.filter((e) => e.type === '1');
  if (system.some((e) => e.status === '0' && actionsOf(e).includes(action))) return false;
  const held = lists.auth.filter((e) => e.type === '1');
  if (held.some((e) => actionsOf(e).includes(action))) return true;
  return !system.some((e) => e.status === '1' && actionsOf(e).includes(action));
}

/**
 * The enabled actions under `prefix` that the user does not hold, as the part after the
 * prefix (e.g. prefix `online:order:` → the field names to hide).
 */
export function missingActions(prefix: string, lists: AuthLists): string[] {
  if (!prefix) return [];
  const held = new Set(lists.auth.flatMap(actionsOf));
  const missing = new Set<string>();
  for (const entry of lists.allAuth) {
    if (entry.status !== '1') continue;
    for (const action of actionsOf(entry)) {
      if (action.startsWith(prefix) && !held.has(action)) missing.add(action.slice(prefix.length));
    }
  }
  return [...missing];
}

/** `can(code)` over fixed lists: the small contract the UI's permission checks go through. */
export interface PermissionChecker {
  can(action: string): boolean;
}

export function createPermissionChecker(lists: AuthLists): PermissionChecker {
  const cache = new Map<string, boolean>();
  return {
    can(action) {
      let allowed = cache.get(action);
      if (allowed === undefined) {
        allowed = has(action, lists);
        cache.set(action, allowed);
      }
      return allowed;
    },
  };
}
