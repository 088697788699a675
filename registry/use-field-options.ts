import { useEffect, useMemo, useState } from 'react';
import type { FieldDefinition, FieldOption } from '../src/contracts/page';
import { optionSourceOf } from '../src/contracts/page-field';
import { useServices } from './services';

export type OptionsByField = ReadonlyMap<string, readonly FieldOption[]>;

const EMPTY: readonly FieldOption[] = [];

/**
 * Options of each field: its dictionary's items (cached by the runtime), else its fixed
 * `options`. `ready` once every dictionary answered; a dictionary that fails gives no options
 * (values then show as they are) rather than holding the page back.
 */
export function useFieldOptions(fields: readonly FieldDefinition[]): {
  readonly options: OptionsByField;
  readonly ready: boolean;
} {
  const { dicts, registry } = useServices();
  const codes = useMemo(() => {
    // A type that searches its dictionary on the server (sel_search_async) declares no `dict`
    // lookup: its dictionary is never loaded whole.
    const wholeDict = (f: FieldDefinition) =>
      registry.get(f.type)?.entry.lookups.includes('dict') ?? true;
    const named = fields.flatMap((f) => (f.dictCode && wholeDict(f) ? [f.dictCode] : []));
    return [...new Set(named)].sort();
  }, [fields, registry]);
  const key = codes.join('|');
  const [loaded, setLoaded] = useState<{ key: string; items: Map<string, readonly FieldOption[]> }>(
    () => ({ key: codes.length === 0 ? key : '', items: new Map() }),
  );

  useEffect(() => {
    if (codes.length === 0) return;
    let live = true;
    void Promise.all(
      codes.map(async (code): Promise<[string, readonly FieldOption[]]> => {
        try {
          const items = await dicts.items(code);
          return [code, items.map((o) => ({ value: String(o.value), text: o.text }))];
        } catch {
          return [code, EMPTY];
        }
      }),
    ).then((entries) => {
      if (live) setLoaded({ key, items: new Map(entries) });
    });
    return () => {
      live = false;
    };
    // `key` names the codes; the array itself changes identity with `fields`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dicts]);

  const options = useMemo(() => {
    const map = new Map<string, readonly FieldOption[]>();
    for (const field of fields) {
      const source = optionSourceOf(field);
      const items = typeof source === 'string' ? loaded.items.get(source) : source;
      map.set(field.name, items ?? EMPTY);
    }
    return map;
  }, [fields, loaded]);

  return { options, ready: loaded.key === key };
}
