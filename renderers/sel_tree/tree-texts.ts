import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';

/** One level of a table's tree (server/modules/dict/routes.ts). */
export const DICT_TREE_URL = '/sys/dict/loadTreeData';
/** The texts of a table dictionary's values, in the order asked. */
export const dictTextsUrl = (dict: string) => `/sys/dict/loadDictItem/${encodeURIComponent(dict)}`;

/** The texts behind a `table,text,code` dictionary's values (one lookup per dictionary). */
export function treeTexts(http: Http, dict: string): NameLookup {
  return lookupFor(http, `dict-tree:${dict}`, () =>
    createNameLookup(async (keys) => {
      // `delNotExist=false`: one text per key, a key without a row answered as itself.
      const envelope = await http.get<readonly string[]>(
        dictTextsUrl(dict),
        { key: keys.join(','), delNotExist: 'false' },
        { silent: true },
      );
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      const texts = envelope.result;
      return new Map(
        keys.flatMap((key, i) => (texts[i] && texts[i] !== key ? [[key, texts[i]]] : [])),
      );
    }),
  );
}
