import type { Page } from '../../../src/contracts/envelope';
import { textOf, type TextMap } from '../../http/sheet/cells';
import type { RowScope } from '../../http/row-scope';
import type { DictLookup } from './lookup';

/**
 * `<field>_dictText` (jeecg-api.md §1.6): the text sibling list answers carry for every
 * dictionary-bound field, on system screens and online pages alike. A field is bound to a
 * system dictionary (`sex`), a table dictionary (`sys_depart,depart_name,id`), the category
 * tree (`sys_category,name,code`, a table dictionary too) or fixed options. Comma lists are
 * translated item by item (`1,2` → `男,女`); an unknown item stays as it is.
 *
 * A page of rows costs one lookup per dictionary, whatever the number of rows and of fields
 * bound to it: the values of every such field are gathered first, and a table dictionary
 * reads only those keys (system dictionaries come from the in-memory cache).
 */

/** Fixed value → text pairs (an online field's `options`). */
export interface ValueText {
  readonly value: string;
  readonly text: string;
}

/** A dictionary code, or fixed options. */
export type DictSource = string | readonly ValueText[];

export interface DictBinding {
  /** The record property holding the value (or a comma list of values). */
  readonly field: string;
  readonly source: DictSource;
  /** The property the text goes to: `<field>_dictText` unless said otherwise. */
  readonly textKey: string;
}

/** A record with its `_dictText` siblings. */
export type WithDictText<T> = T & { readonly [key: `${string}_dictText`]: string | null };

/**
 * A list's dictionary-bound fields, declared next to its list entity:
 * `dictFields({ sex: 'sex', post: 'sys_position,name,code' })`. `aliases` adds text keys of
 * other names for a field (`{ rank_dictText: 'postRank' }`), read from the same lookup.
 */
export function dictFields(
  fields: Readonly<Record<string, DictSource>>,
  aliases: Readonly<Record<`${string}_dictText`, string>> = {},
): readonly DictBinding[] {
  const bindings = Object.entries(fields).map(([field, source]) => ({
    field,
    source,
    textKey: `${field}_dictText`,
  }));
  for (const [textKey, field] of Object.entries(aliases)) {
    const source = fields[field];
    if (source === undefined) throw new Error(`dictFields: alias ${textKey} of unbound ${field}`);
    bindings.push({ field, source, textKey });
  }
  return bindings;
}

/** Every value of the field across the rows: the whole value and each item of a comma list. */
function collectValues(rows: readonly object[], field: string, into: Set<string>): void {
  for (const row of rows) {
    const value = (row as Record<string, unknown>)[field];
    if (value === null || value === undefined || value === '') continue;
    const raw = String(value);
    into.add(raw);
    if (raw.includes(',')) for (const item of raw.split(',')) into.add(item);
  }
}

/**
 * Value → text maps by field. With `rows`, a dictionary is asked only for the values they
 * hold (and not at all when they hold none); without, for all its items (exports, imports).
 */
export async function dictTextMaps(
  bindings: readonly DictBinding[],
  lookup: DictLookup,
  rows?: readonly object[],
): Promise<Map<string, TextMap>> {
  const maps = new Map<string, TextMap>();
  const fieldsByCode = new Map<string, string[]>();
  for (const binding of bindings) {
    if (maps.has(binding.field)) continue;
    if (typeof binding.source === 'string') {
      const fields = fieldsByCode.get(binding.source) ?? [];
      if (!fields.includes(binding.field)) fields.push(binding.field);
      fieldsByCode.set(binding.source, fields);
    } else {
      maps.set(binding.field, new Map(binding.source.map((o) => [o.value, o.text])));
    }
  }
  await Promise.all(
    [...fieldsByCode].map(async ([code, fields]) => {
      let keys: string[] | undefined;
      if (rows) {
        const values = new Set<string>();
        for (const field of fields) collectValues(rows, field, values);
        keys = [...values];
      }
      const items = keys && keys.length === 0 ? [] : await lookup(code, keys);
      const texts: TextMap = new Map(items.map((i) => [i.value, i.text]));
      for (const field of fields) maps.set(field, texts);
    }),
  );
  return maps;
}

/**
 * A list's own table named by one of its table dictionaries (a menu's parent, read from the
 * menus): the texts of rows the caller's data rules hide are left out, so a hidden row's name
 * never shows beside a visible one. Keyed by id, the hidden keys are looked up; keyed by
 * another column, nothing of that dictionary is translated while a rule applies.
 */
async function withoutHidden(
  maps: Map<string, TextMap>,
  bindings: readonly DictBinding[],
  scope: RowScope,
): Promise<void> {
  if (!scope.restricted) return;
  for (const binding of bindings) {
    if (typeof binding.source !== 'string') continue;
    const [table, , code] = binding.source.split(',').map((part) => part.trim());
    if (table !== scope.entity.table) continue;
    const texts = maps.get(binding.field);
    if (!texts) continue;
    if (code !== 'id') {
      maps.set(binding.field, new Map());
      continue;
    }
    const hidden = await scope.hidden([...texts.keys()]);
    maps.set(binding.field, new Map([...texts].filter(([key]) => !hidden.has(key))));
  }
}

/**
 * The rows with their `_dictText` siblings (new objects; the rows are not changed). With the
 * list's `scope`, a dictionary reading the list's own table shows only rows in scope.
 */
export async function withDictTexts<T extends object>(
  rows: readonly T[],
  bindings: readonly DictBinding[],
  lookup: DictLookup,
  scope?: RowScope,
): Promise<WithDictText<T>[]> {
  if (bindings.length === 0 || rows.length === 0) return rows as WithDictText<T>[];
  const maps = await dictTextMaps(bindings, lookup, rows);
  if (scope) await withoutHidden(maps, bindings, scope);
  return rows.map((row) => {
    const texts: Record<string, string | null> = {};
    for (const { field, textKey } of bindings) {
      texts[textKey] = textOf((row as Record<string, unknown>)[field], maps.get(field)!);
    }
    return { ...row, ...texts } as WithDictText<T>;
  });
}

/** A list page whose records carry their `_dictText` siblings. */
export async function pageWithDictTexts<T extends object>(
  page: Page<T>,
  bindings: readonly DictBinding[],
  lookup: DictLookup,
  scope?: RowScope,
): Promise<Page<WithDictText<T>>> {
  return { ...page, records: await withDictTexts(page.records, bindings, lookup, scope) };
}
