import type { Http } from '../../src/runtime/http';
import { departNamesOf, fetchDepartTree } from '../shared/pickers/depart-tree';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/**
 * The http client's department-name lookup (one for the whole app, so one cache). The names
 * come from the department tree every signed-in user may read: one request answers every id
 * a screen holds.
 */
export function departNames(http: Http): NameLookup {
  return lookupFor(http, 'departs', () =>
    createNameLookup(async (ids) => {
      const all = departNamesOf(await fetchDepartTree(http));
      return new Map(ids.flatMap((id) => (all.has(id) ? [[id, all.get(id) ?? id] as const] : [])));
    }),
  );
}
