import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { MSG_NO_PERMISSION, ResultCode } from '../../../src/contracts/envelope';
import { principalOf, type Principal } from '../../http/access';
import { rulesCondition, rulesFor, variablesOf } from '../../http/data-scope';
import { AppError } from '../../http/errors';
import { allOf } from '../../http/list-conditions';
import { onlineTableOf } from '../online/table';
import { normalTableDict, type PageCache, type PageTables } from '../page/store';
import type { DictTable } from './table-allow';

/**
 * Lookups obey the table's permission. A table dictionary (`getDictItems`, `loadDict`,
 * `loadDictItem`, `loadTreeData`) or a duplicate check on a page's table reads it only when
 *
 * - a page the caller may list (`online:{page}:list`) has a field naming exactly this
 *   dictionary (`table,text,code`): its text and code columns, every row — 采购单 shows the
 *   names of 客户管理's customers to its own users; or
 * - the caller may list the table's own page: any column the page store gives it, the rows
 *   the caller's data rules on that page let through (a duplicate check: only this way).
 *
 * Anything else answers as the page's list would: 510 没有权限，请联系管理员授权, no data. System
 * tables keep their allow-list of display columns (table-allow.ts). Which pages own which
 * tables and name which dictionaries comes from the page cache's summary (`pages.tables()`),
 * dropped when a page is saved.
 */

export interface LookupAccessDeps {
  readonly pages: PageCache;
  readonly timeZone: string;
}

/** What a lookup reads of a table. */
export interface LookupUse {
  /** The `table,text,code` the request names (dictionaries). */
  readonly dictCode?: string;
  /** Every column the lookup names (text, code, parent, condition columns…). */
  readonly columns: readonly string[];
}

/** The 510 of a route the caller holds no code for. */
export function lookupRefused(): AppError {
  return new AppError(MSG_NO_PERMISSION, ResultCode.NO_PERMISSION);
}

const listCode = (page: string) => `online:${page}:list`;

/** Whether a page the caller may list names exactly this table dictionary. */
function namedByListablePage(
  principal: Principal,
  pages: readonly PageTables[],
  dictCode: string,
): boolean {
  const wanted = normalTableDict(dictCode);
  return pages.some((p) => principal.codes.has(listCode(p.code)) && p.tableDicts.has(wanted));
}

/** The columns a dictionary named by a page may touch: its text and code, a tree's links. */
function withinNamedDictionary(source: DictTable, dictCode: string, columns: readonly string[]) {
  const [, text, code] = normalTableDict(dictCode).split(',');
  const allowed = new Set([
    text,
    code,
    ...['pid', 'has_child'].filter((c) => source.columns.has(c)),
  ]);
  return columns.every((column) => allowed.has(column));
}

/**
 * The caller's data rules on the page, as a condition on its table (plain column names);
 * null when none apply.
 */
async function pageRows(
  deps: LookupAccessDeps,
  request: FastifyRequest,
  page: string,
): Promise<RawBuilder<SqlBool> | null> {
  const principal = principalOf(request);
  const rules = rulesFor(principal, listCode(page), listCode(page));
  if (rules.length === 0) return null;
  const table = onlineTableOf(await deps.pages.get(page), page);
  const vars = variablesOf(principal, request.tenantId, deps.timeZone);
  return rulesCondition(rules, table.entity, vars);
}

/**
 * `source` as the caller may read it through this lookup (its filter narrowed to the rows
 * the caller's rules let through), or the 510 refusal.
 */
export async function grantLookup(
  deps: LookupAccessDeps,
  request: FastifyRequest,
  pages: readonly PageTables[],
  source: DictTable,
  use: LookupUse,
): Promise<DictTable> {
  if (source.page === null) return source;
  const principal = principalOf(request);
  if (
    use.dictCode !== undefined &&
    namedByListablePage(principal, pages, use.dictCode) &&
    withinNamedDictionary(source, use.dictCode, use.columns)
  ) {
    return source;
  }
  if (!principal.codes.has(listCode(source.page))) throw lookupRefused();
  const rows = await pageRows(deps, request, source.page);
  if (!rows) return source;
  return { ...source, filter: source.filter ? allOf([source.filter, rows]) : rows };
}

/**
 * The rows of a page table (its own or a detail table) a duplicate check may count for the
 * caller: null for every row, a condition on the table otherwise; the 510 refusal when the
 * caller may not list the page. A detail row counts when its master is inside the rules.
 */
export async function grantDuplicateCheck(
  deps: LookupAccessDeps,
  request: FastifyRequest,
  table: string,
): Promise<RawBuilder<SqlBool> | null> {
  const pages = await deps.pages.tables();
  const owner = pages.find((p) => p.table?.name === table || p.details.includes(table));
  if (!owner || !principalOf(request).codes.has(listCode(owner.code))) throw lookupRefused();
  const rows = await pageRows(deps, request, owner.code);
  if (!rows || owner.table?.name === table) return rows;
  const master = onlineTableOf(await deps.pages.get(owner.code), owner.code);
  const detail = master.details.find((d) => d.tableName === table);
  if (!detail) throw lookupRefused();
  // The rule's columns are the master's: they resolve inside the sub-select first.
  const masterId = sql.ref(`${master.tableName}.id`);
  const foreignKey = sql.ref(`${detail.tableName}.${detail.foreignKey.column}`);
  return sql<SqlBool>`exists (select 1 from ${master.from}
    where ${masterId} = ${foreignKey} and ${rows})`;
}
