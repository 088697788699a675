import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DictOption } from '../../../src/contracts/dict';
import { MSG_TREE_CONDITION, parseTreeCondition } from '../../../src/contracts/tree-condition';
import type { Db } from '../../db/index';
import { AppError, failure } from '../../http/errors';
import { allOf, escapeLike } from '../../http/list-conditions';
import type { DictCache } from './cache';
import {
  allowedColumn,
  isTableDictCode,
  resolveDictTable,
  resolveTableDict,
  splitTableDict,
  type DictTable,
  type TableDict,
} from './table-allow';
import type { LookupUse } from './table-access';
import type { PageTables } from '../page/store';

/**
 * The read-only lookups every screen uses: options of a system or table dictionary, search
 * (`loadDict`), key → text (`loadDictItem`) and a table's tree (`loadTreeData`). Table and
 * column names are our own strings from the allow-list; every value is a bound parameter.
 * A request's lookup reaches a table only through its `TableLookupAccess`: the page cache's
 * summary and the caller's grant (table-access.ts), which may narrow the rows.
 */

/** How one request's lookups reach tables. */
export interface TableLookupAccess {
  readonly pages: readonly PageTables[];
  /** The table as the caller may read it for this use; throws the refusal otherwise. */
  grant(source: DictTable, use: LookupUse): Promise<DictTable>;
}

/**
 * `table,text,code` resolved, granted and checked — granted before the columns are checked,
 * so a caller refused the table does not learn which columns it has.
 */
async function grantedTableDict(
  db: Db,
  code: string,
  access: TableLookupAccess,
): Promise<TableDict> {
  const [table, text, value] = splitTableDict(code);
  const allowed = await resolveDictTable(db, table, access.pages);
  const source = await access.grant(allowed, { dictCode: code, columns: [text, value] });
  return { source, text: allowedColumn(source, text), code: allowedColumn(source, value) };
}

/** Rows one table-dictionary answer carries at most. */
export const TABLE_DICT_LIMIT = 5000;

interface TableOptionsQuery {
  readonly keyword?: string;
  readonly keys?: readonly string[];
  readonly limit: number;
}

function baseWhere(source: DictTable, extra: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return allOf(source.filter ? [source.filter, ...extra] : extra);
}

/** Options of a table dictionary, by text. */
export async function tableDictOptions(
  db: Db,
  dict: TableDict,
  query: TableOptionsQuery,
): Promise<DictOption[]> {
  const text = sql.ref(dict.text);
  const code = sql.ref(dict.code);
  const conditions: RawBuilder<SqlBool>[] = [];
  if (query.keyword) {
    conditions.push(
      sql<SqlBool>`${text}::text like ${`%${escapeLike(query.keyword)}%`} escape '\\'`,
    );
  }
  if (query.keys) {
    if (query.keys.length === 0) return [];
    conditions.push(sql<SqlBool>`${code}::text in (${sql.join(query.keys)})`);
  }
  const { rows } = await sql<{ value: string | null; text: string | null }>`
    select ${code}::text as value, ${text}::text as text
    from ${sql.table(dict.source.table)}
    where ${baseWhere(dict.source, conditions)}
    order by ${text} asc, ${code} asc
    limit ${query.limit}`.execute(db.withoutPlugins());
  return rows
    .filter((r) => r.value !== null)
    .map((r) => ({ value: r.value!, text: r.text ?? '', title: r.text ?? '' }));
}

/** Items of a system dictionary or a table dictionary (`getDictItems`). */
export async function dictOptions(
  db: Db,
  dicts: DictCache,
  code: string,
  access: TableLookupAccess,
): Promise<readonly DictOption[]> {
  if (!isTableDictCode(code)) return dicts.getItems(code);
  return tableDictOptions(db, await grantedTableDict(db, code, access), {
    limit: TABLE_DICT_LIMIT,
  });
}

/** Options whose text holds the keyword, at most `limit` (`loadDict`). */
export async function searchDict(
  db: Db,
  dicts: DictCache,
  code: string,
  keyword: string,
  limit: number,
  access: TableLookupAccess,
): Promise<readonly DictOption[]> {
  if (!isTableDictCode(code)) {
    const items = await dicts.getItems(code);
    return items.filter((i) => keyword === '' || i.text.includes(keyword)).slice(0, limit);
  }
  return tableDictOptions(db, await grantedTableDict(db, code, access), {
    keyword: keyword || undefined,
    limit,
  });
}

/**
 * Texts of the keys, in their order (`loadDictItem`); an unknown key is dropped, or kept as
 * itself when `keepMissing`.
 */
export async function dictTexts(
  db: Db,
  dicts: DictCache,
  code: string,
  keys: readonly string[],
  keepMissing: boolean,
  access: TableLookupAccess,
): Promise<string[]> {
  const options = !isTableDictCode(code)
    ? await dicts.getItems(code)
    : await tableDictOptions(db, await grantedTableDict(db, code, access), {
        keys,
        limit: TABLE_DICT_LIMIT,
      });
  const byValue = new Map(options.map((o) => [o.value, o.text]));
  return keys.flatMap((key) => {
    const text = byValue.get(key);
    if (text !== undefined) return [text];
    return keepMissing ? [key] : [];
  });
}

/** One node of `loadTreeData` (the reference system's TreeSelectModel). */
export interface TreeNode {
  readonly key: string;
  readonly title: string;
  readonly value: string;
  readonly code: string;
  readonly parentId: string | null;
  readonly isLeaf: boolean;
}

export interface TreeQuery {
  readonly tableName: string;
  readonly text: string;
  readonly code: string;
  readonly pidField: string;
  readonly pid: string;
  readonly hasChildField?: string;
  /** JSON object of column → value equalities. */
  readonly condition?: string;
}

/** `condition`'s "column: value" pairs, as sent (names are checked by the caller). */
function conditionsOf(raw: string | undefined): [string, unknown][] {
  const parsed = parseTreeCondition(raw);
  if (!parsed) throw failure(MSG_TREE_CONDITION);
  return Object.entries(parsed);
}

/** One level of a table's tree (`loadTreeData`). */
export async function treeData(
  db: Db,
  query: TreeQuery,
  access: TableLookupAccess,
): Promise<TreeNode[]> {
  const allowed = await resolveDictTable(db, query.tableName, access.pages);
  const requested = conditionsOf(query.condition);
  const raw = [query.text, query.code, query.pidField, query.hasChildField ?? ''].map((n) =>
    n.trim(),
  );
  // Granted before the columns are checked: a refused caller learns nothing of them.
  const source = await access.grant(allowed, {
    dictCode: `${allowed.table},${raw[0]},${raw[1]}`,
    columns: [...raw.filter((n) => n !== ''), ...requested.map(([name]) => name.trim())],
  });
  const text = sql.ref(allowedColumn(source, query.text));
  const code = sql.ref(allowedColumn(source, query.code));
  const parent = sql.ref(allowedColumn(source, query.pidField));
  const hasChild = query.hasChildField ? sql.ref(allowedColumn(source, query.hasChildField)) : null;
  const conditions = requested.map(([name, value]) => {
    const column = allowedColumn(source, name);
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw failure(`condition 中 ${column} 的值应为文本或数字`);
    }
    return sql<SqlBool>`${sql.ref(column)}::text = ${String(value)}`;
  });
  const pid = query.pid.trim();
  conditions.push(
    pid === '' || pid === '0'
      ? sql<SqlBool>`(${parent} is null or ${parent}::text in ('', '0'))`
      : sql<SqlBool>`${parent}::text = ${pid}`,
  );
  const { rows } = await sql<{
    value: string;
    text: string | null;
    parentId: string | null;
    hasChild: string | null;
  }>`
    select ${code}::text as value, ${text}::text as text, ${parent}::text as "parentId",
      ${hasChild ? sql`${hasChild}::text` : sql`null`} as "hasChild"
    from ${sql.table(source.table)}
    where ${baseWhere(source, conditions)}
    order by ${text} asc
    limit ${TABLE_DICT_LIMIT}`.execute(db.withoutPlugins());
  return rows.map((r) => ({
    key: r.value,
    title: r.text ?? '',
    value: r.value,
    code: r.value,
    parentId: r.parentId,
    isLeaf: hasChild ? r.hasChild !== '1' && r.hasChild !== 'true' : false,
  }));
}

/**
 * Options of any dictionary code a page names, for server-side texts (list `_dictText`s,
 * exports, imports): a system dictionary from the cache, or the rows of an allowed table
 * dictionary — only those whose value is in `keys` when given. A table dictionary the server
 * does not allow has no options (its values show as they are); the page store refused it
 * when the page was saved, so only an allow-list change gets here.
 */
export type DictLookup = (code: string, keys?: readonly string[]) => Promise<readonly DictOption[]>;

export function dictLookup(db: Db, dicts: DictCache): DictLookup {
  return async (code, keys) => {
    if (!isTableDictCode(code)) return dicts.getItems(code);
    let dict: TableDict;
    try {
      dict = await resolveTableDict(db, code);
    } catch (error) {
      if (error instanceof AppError) return [];
      throw error;
    }
    return tableDictOptions(db, dict, { keys, limit: TABLE_DICT_LIMIT });
  };
}
