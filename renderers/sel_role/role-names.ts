import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/** The names behind role ids or codes (server/modules/role/picker.ts). */
export const ROLE_NAMES_URL = '/sys/role/queryByKeys';

/** What a `sel_role` holds for a role. */
export type RoleValueField = 'id' | 'roleCode';

interface RoleName {
  readonly id: string;
  readonly roleName: string;
  readonly roleCode: string;
}

/** The http client's role-name lookup for ids or for codes (one each, so one cache each). */
export function roleNames(http: Http, field: RoleValueField): NameLookup {
  return lookupFor(http, `roles:${field}`, () =>
    createNameLookup(async (keys) => {
      const envelope = await http.get<readonly RoleName[]>(
        ROLE_NAMES_URL,
        { [field === 'id' ? 'ids' : 'codes']: keys.join(',') },
        { silent: true },
      );
      // Thrown, so the lookup does not remember a failed answer.
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      return new Map(envelope.result.map((r) => [r[field], r.roleName]));
    }),
  );
}
