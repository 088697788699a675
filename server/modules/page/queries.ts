import { sql } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type {
  PageDefinition,
  PageKind,
  PageSummary,
  PageVersion,
} from '../../../src/contracts/page';
import type { PageListQuery, StoredPageResult } from '../../../src/contracts/page-api';
import { PAGE_LIST_DEFAULTS } from '../../../src/contracts/page-api-schema';
import type { Db } from '../../db/index';
import { defineListEntity } from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { pageNotFound } from './messages';

/**
 * Reads of the page store: the list, one page, its versions. The list reads within the
 * caller's row scope on 页面配置; the routes check a named page against it first.
 */

/** The fields of the page list a data rule of 页面配置 may name. */
export const PAGE_STORE_ENTITY = defineListEntity({
  fields: {
    code: { column: 'p.code', type: 'string' },
    title: { column: 'p.title', type: 'string' },
    kind: { column: 'p.kind', type: 'string' },
    tableName: { column: 'p.table_name', type: 'string' },
    createBy: { column: 'p.create_by', type: 'string' },
    updateBy: { column: 'p.update_by', type: 'string' },
    createTime: { column: 'p.create_time', type: 'datetime' },
    updateTime: { column: 'p.update_time', type: 'datetime' },
  },
  key: 'code',
});

/** Stored pages as data rules see them; routes name a page by its code. */
export const PAGE_STORE_SCOPE: ScopedEntity = {
  table: 'sys_page',
  menuCode: 'lowcode:page:list',
  fields: PAGE_STORE_ENTITY,
  from: sql`sys_page p`,
  key: sql.ref('p.code'),
};

/** `*abc*` (the list convention for "contains") and `abc` both mean: contains abc. */
function containsText(value: string | undefined): string | null {
  const text = value?.replace(/^\*+|\*+$/g, '').trim();
  return text ? text : null;
}

export async function listPages(
  db: Db,
  query: PageListQuery,
  scope: RowScope,
  timeZone: string,
): Promise<Page<PageSummary>> {
  // The route's schema has filled in these defaults already; its type cannot say so.
  const { pageNo = PAGE_LIST_DEFAULTS.pageNo, pageSize = PAGE_LIST_DEFAULTS.pageSize } = query;
  const code = containsText(query.code);
  const title = containsText(query.title);
  let base = db.selectFrom('sys_page as p').where(sql<boolean>`${scope.where}`);
  // strpos, not LIKE: the text is matched literally, `%` and `_` included.
  if (code) base = base.where(sql<number>`strpos(lower(code), lower(${code}))`, '>', 0);
  if (title) base = base.where(sql<number>`strpos(lower(title), lower(${title}))`, '>', 0);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'code', 'title', 'kind', 'version', 'tableName', 'updateBy', 'updateTime'])
    .orderBy(sql`coalesce(update_time, create_time)`, 'desc')
    .orderBy('code')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return {
    records: rows.map((r) => ({
      ...r,
      kind: r.kind as PageKind,
      updateTime: formatDateTime(r.updateTime, timeZone),
    })),
    total: Number(total),
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(Number(total) / pageSize),
  };
}

export async function loadStoredPage(
  db: Db,
  code: string,
  timeZone: string,
): Promise<StoredPageResult> {
  const row = await db
    .selectFrom('sys_page')
    .select(['code', 'version', 'definition', 'updateBy', 'updateTime'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw pageNotFound(code);
  return {
    ...row,
    definition: row.definition as PageDefinition,
    updateTime: formatDateTime(row.updateTime, timeZone),
  };
}

export async function listVersions(db: Db, code: string, timeZone: string): Promise<PageVersion[]> {
  const page = await db
    .selectFrom('sys_page')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  if (!page) throw pageNotFound(code);
  const rows = await db
    .selectFrom('sys_page_version')
    .select(['version', 'createBy', 'createTime', 'changes', 'note'])
    .where('pageId', '=', page.id)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime, timeZone) }));
}

/** One stored version, shaped like the current page (who saved it and when). */
export async function loadVersion(
  db: Db,
  code: string,
  version: number,
  timeZone: string,
): Promise<StoredPageResult> {
  const row = await db
    .selectFrom('sys_page_version as v')
    .innerJoin('sys_page as p', 'p.id', 'v.pageId')
    .select(['p.code', 'v.version', 'v.definition', 'v.createBy', 'v.createTime'])
    .where('p.code', '=', code)
    .where('v.version', '=', version)
    .executeTakeFirst();
  if (!row) {
    const page = await db
      .selectFrom('sys_page')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!page) throw pageNotFound(code);
    throw pageNotFound(`${code} 的版本 ${version}`);
  }
  return {
    code: row.code,
    version: row.version,
    definition: row.definition as PageDefinition,
    updateBy: row.createBy,
    updateTime: formatDateTime(row.createTime, timeZone),
  };
}
