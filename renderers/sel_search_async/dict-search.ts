import type { Http } from '../../src/runtime/http';
import { createNameLookup, lookupFor, type NameLookup } from '../shared/pickers/name-lookup';
import type { AntOption } from '../shared/options';

/** widgets.md §7: a page of a dictionary's options whose text holds the keyword. */
export const LOAD_DICT_URL = '/sys/dict/loadDict/';
/** widgets.md §7: the texts of held values, in their order. */
export const LOAD_DICT_ITEM_URL = '/sys/dict/loadDictItem/';

interface DictOptionAnswer {
  readonly value: unknown;
  readonly text?: unknown;
}

/**
 * The dictionary a widget or view searches: the field's `dictCode`, else the `dictCode` the
 * grid gives a cell (its column's; a cell has no field definition).
 */
export function dictCodeOf(props: {
  readonly field?: { readonly dictCode?: string };
  readonly [prop: string]: unknown;
}): string {
  const own = props.field?.dictCode ?? props.dictCode;
  return typeof own === 'string' ? own.trim() : '';
}

/** The outcome of one search: the options, or the message to warn with. */
export type SearchAnswer =
  | { readonly ok: true; readonly options: AntOption[] }
  | { readonly ok: false; readonly message: string };

/** `loadDict` of a dictionary code (a table code travels encoded, signed as a path variable). */
export async function searchDict(
  http: Http,
  code: string,
  keyword: string,
  pageSize: number,
): Promise<SearchAnswer> {
  try {
    const envelope = await http.get<readonly DictOptionAnswer[]>(
      LOAD_DICT_URL + encodeURIComponent(code),
      { keyword, pageSize },
      { silent: true },
    );
    if (!envelope.success || !Array.isArray(envelope.result)) {
      return { ok: false, message: envelope.message };
    }
    const options = envelope.result.map((o) => ({
      value: String(o.value),
      label: String(o.text ?? o.value),
    }));
    return { ok: true, options };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The texts behind held values of one dictionary, asked in one `loadDictItem` request per
 * screen (batched, kept for the life of the http client). `delNotExist=false` makes the server
 * answer one text per key, a missing one as the key itself.
 */
export function dictNames(http: Http, code: string): NameLookup {
  return lookupFor(http, `dict:${code}`, () =>
    createNameLookup(async (keys) => {
      const envelope = await http.get<readonly string[]>(
        LOAD_DICT_ITEM_URL + encodeURIComponent(code),
        { key: keys.join(','), delNotExist: 'false' },
        { silent: true },
      );
      // Thrown, so the lookup does not remember a failed answer.
      if (!envelope.success || !Array.isArray(envelope.result)) throw new Error(envelope.message);
      const texts = envelope.result;
      return new Map(keys.map((key, i) => [key, String(texts[i] ?? key)]));
    }),
  );
}
