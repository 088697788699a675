import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/** The names behind category ids, in the order asked (server/modules/category/lookup-routes.ts). */
export const CATEGORY_NAMES_URL = '/sys/category/loadDictItem';
/** One level of the category tree: the top by `pcode`, a node's children by `pid`. */
export const CATEGORY_TREE_URL = '/sys/category/loadTreeData';

/** The http client's category-name lookup (one for the app: every view on a screen asks once). */
export function categoryNames(http: Http): NameLookup {
  return lookupFor(http, 'categories', () =>
    createNameLookup(async (ids) => {
      // `delNotExist=false`: one text per id, an unknown id answered as itself.
      const envelope = await http.get<readonly string[]>(
        CATEGORY_NAMES_URL,
        { ids: ids.join(','), delNotExist: 'false' },
        { silent: true },
      );
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      const names = envelope.result;
      return new Map(ids.flatMap((id, i) => (names[i] && names[i] !== id ? [[id, names[i]]] : [])));
    }),
  );
}
