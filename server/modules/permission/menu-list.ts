import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  MAX_PAGE_SIZE,
  paramText,
  translateListQuery,
  type ListParams,
  type ListQuery,
  type ListQueryOptions,
} from '../../http/list-query';
import { pageWithDictTexts, withDictTexts } from '../dict/dict-text';
import type { DictLookup } from '../dict/lookup';
import { MENU_TOP } from './menu-tree';
import {
  MENU_DICT_FIELDS,
  MENU_ENTITY,
  MENU_FROM,
  MENU_SELECT,
  toMenuRecord,
  type MenuRecord,
  type MenuRow,
} from './menu-record';
import type { RowScope } from '../../http/row-scope';

/**
 * Reads of 菜单管理. `list` has three modes (docs/system-api.md, Tree lists):
 * - no `pid` and no filter: the whole tree, each node with its `children`;
 * - `pid=0`: the top level, paged; `pid=x`: the children of x, as an array;
 * - filters without `pid`: the matching rows of every level, flat and paged.
 * Every mode goes through the list-query translator (filters, sort, paging), and every read
 * within the caller's row scope on 菜单管理.
 */

export type MenuNode = MenuRecord & { readonly children?: readonly MenuNode[] };

const NOT_DELETED = sql<SqlBool>`p.del_flag = 0`;

async function selectRows(
  db: Db,
  where: RawBuilder<SqlBool>,
  scope: RowScope,
  orderBy: RawBuilder<unknown>,
  timeZone: string,
): Promise<MenuRecord[]> {
  const { rows } = await sql<MenuRow>`
    select ${MENU_SELECT} from ${MENU_FROM} where ${NOT_DELETED} and ${scope.and(where)}
    order by ${orderBy} limit ${MAX_PAGE_SIZE * 10}`.execute(db.withoutPlugins());
  return rows.map((row) => toMenuRecord(row, timeZone));
}

async function pageOfRows(
  db: Db,
  where: RawBuilder<SqlBool>,
  scope: RowScope,
  query: ListQuery,
  timeZone: string,
): Promise<Page<MenuRecord>> {
  const page = await runListQuery<MenuRow>(
    db.withoutPlugins(),
    {
      select: MENU_SELECT,
      from: MENU_FROM,
      where: sql<SqlBool>`${NOT_DELETED} and ${scope.and(where)}`,
    },
    query,
  );
  return { ...page, records: page.records.map((row) => toMenuRecord(row, timeZone)) };
}

/** Nests rows under their parents; a row whose parent is not among them is a root. */
function nest(rows: readonly MenuRecord[]): MenuNode[] {
  const present = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<string | null, MenuRecord[]>();
  for (const row of rows) {
    const parent = row.parentId && present.has(row.parentId) ? row.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(row);
    childrenOf.set(parent, list);
  }
  const build = (row: MenuRecord): MenuNode => {
    const kids = (childrenOf.get(row.id) ?? []).map(build);
    return kids.length > 0 ? { ...row, children: kids } : row;
  };
  return (childrenOf.get(null) ?? []).map(build);
}

/** `list` in its three modes; every row carries its `_dictText` siblings. */
export async function listMenus(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
  dictionaries: DictLookup,
): Promise<MenuNode[] | Page<MenuRecord> | MenuRecord[]> {
  const query = translateListQuery(params, MENU_ENTITY, options);
  const pid = (paramText(params, 'pid') ?? '').trim();
  const { timeZone } = options;
  const texts = (rows: readonly MenuRecord[]) =>
    withDictTexts(rows, MENU_DICT_FIELDS, dictionaries, scope);
  const pageTexts = (page: Page<MenuRecord>) =>
    pageWithDictTexts(page, MENU_DICT_FIELDS, dictionaries, scope);
  if (pid === '0') {
    const top = sql<SqlBool>`p.parent_id is null and ${query.where}`;
    return pageTexts(await pageOfRows(db, top, scope, query, timeZone));
  }
  if (pid !== '') {
    const below = sql<SqlBool>`p.parent_id = ${pid} and ${query.where}`;
    return texts(await selectRows(db, below, scope, query.orderBy, timeZone));
  }
  if (query.filtered) return pageTexts(await pageOfRows(db, query.where, scope, query, timeZone));
  return nest(
    await texts(await selectRows(db, sql<SqlBool>`true`, scope, query.orderBy, timeZone)),
  );
}

/** Every level, flat and paged, filtered by the request (the export reads this). */
export async function listMenusFlat(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<MenuRecord>> {
  const query = translateListQuery(params, MENU_ENTITY, options);
  return pageOfRows(db, query.where, scope, query, options.timeZone);
}

const BY_SORT = sql`p.sort_no asc, p.name asc, p.id asc`;

/** Top menus (menuType 0), with `hasChild`. */
export function topMenus(db: Db, scope: RowScope, timeZone: string): Promise<MenuRecord[]> {
  return selectRows(db, sql<SqlBool>`p.menu_type = ${MENU_TOP}`, scope, BY_SORT, timeZone);
}

/** The children (menus and buttons) of each parent, by parent id; [] for a parent without. */
export async function childrenOf(
  db: Db,
  parentIds: readonly string[],
  scope: RowScope,
  timeZone: string,
): Promise<Record<string, MenuRecord[]>> {
  const byParent: Record<string, MenuRecord[]> = Object.fromEntries(
    parentIds.map((id) => [id, [] as MenuRecord[]]),
  );
  if (parentIds.length === 0) return byParent;
  const rows = await selectRows(
    db,
    sql<SqlBool>`p.parent_id in (${sql.join([...parentIds])})`,
    scope,
    BY_SORT,
    timeZone,
  );
  for (const row of rows) byParent[row.parentId!]?.push(row);
  return byParent;
}
