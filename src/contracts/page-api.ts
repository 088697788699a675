import type { Static } from 'typebox';
import type { DeepReadonly } from './deep-readonly';
import type { PageDefinition, PageProblem, PageSummary, PageVersion } from './page';
import type {
  ADD_TO_MENU_BODY,
  EDIT_PAGE_BODY,
  PAGE_LIST_QUERY,
  ROLLBACK_BODY,
  SAVE_PAGE_BODY,
  VALIDATE_PAGE_BODY,
} from './page-api-schema';

/**
 * The page store and online-table calls (paths relative to /system). Permission codes:
 * `lowcode:page:list` (read the store), `:add`, `:edit` (save, rollback), `:delete`,
 * `:menu` (add to menu); rendering a page needs only a signed-in user; an online table's data
 * calls need `online:{code}:list|add|edit|delete|export|import`.
 */
export const PageApiPath = {
  /** GET ?pageNo&pageSize&code&title → Page<PageSummary> */
  list: '/lowcode/page/list',
  /** GET ?code → StoredPageResult (editor) */
  queryByCode: '/lowcode/page/queryByCode',
  /** POST SavePageRequest → StoredPageResult (version 1) */
  add: '/lowcode/page/add',
  /** PUT SavePageRequest (+ baseVersion) → StoredPageResult (new version) */
  edit: '/lowcode/page/edit',
  /** DELETE ?code → null (the table, if any, is kept) */
  delete: '/lowcode/page/delete',
  /** POST {definition, code?} → ValidateResult (nothing saved) */
  validate: '/lowcode/page/validate',
  /** GET ?code → PageVersion[] (newest first) */
  versions: '/lowcode/page/versions',
  /** GET ?code&version → StoredPageResult of that version */
  version: '/lowcode/page/version',
  /** POST {code, version, baseVersion, confirmDropColumns?} → StoredPageResult (new version) */
  rollback: '/lowcode/page/rollback',
  /** POST AddToMenuRequest → {menuId} */
  addToMenu: '/lowcode/page/addToMenu',
  /** POST {table} → DraftFromTableResult (nothing saved) */
  draftFromTable: '/lowcode/page/draftFromTable',
  /** GET → string[]: the tables draftFromTable may read (page tables, DESIGNER_TABLES) */
  draftTables: '/lowcode/page/draftTables',
  /** GET → DictSources: what a field's 字典 may name (lowcode:page:list) */
  dictSources: '/lowcode/page/dictSources',
  /** GET /online/page/{code} → RenderPageResult (signed-in) */
  render: '/online/page/',
  /** Online-table data: /online/cgform/api/{code}/list|add|edit|delete|deleteBatch|queryById|exportXls|importExcel|children */
  onlineData: '/online/cgform/api/',
  /** GET ?tableName&fieldName&fieldVal&dataId → success true (该值可用！) or false (message) */
  duplicateCheck: '/sys/duplicate/check',
  /** GET ?ruleCode&value → success, or false with the first failing rule's message */
  checkRule: '/sys/checkRule/checkByCode',
} as const;

/*
 * The request types are derived from their schemas (page-api-schema.ts, which the server
 * validates with); this module imports those as types only, so the browser may import it.
 */

/** GET list (`pageNo`, `pageSize` default to 1 and 10). */
export type PageListQuery = Static<typeof PAGE_LIST_QUERY>;
/** POST add. */
export type SavePageRequest = DeepReadonly<Static<typeof SAVE_PAGE_BODY>>;
/** PUT edit: a save with the version the author started from (refused when someone saved since). */
export type EditPageRequest = DeepReadonly<Static<typeof EDIT_PAGE_BODY>>;
/** POST validate. */
export type ValidatePageRequest = DeepReadonly<Static<typeof VALIDATE_PAGE_BODY>>;
/** POST rollback. */
export type RollbackRequest = DeepReadonly<Static<typeof ROLLBACK_BODY>>;
/** POST addToMenu. */
export type AddToMenuRequest = DeepReadonly<Static<typeof ADD_TO_MENU_BODY>>;

export interface StoredPageResult {
  readonly code: string;
  readonly version: number;
  readonly definition: PageDefinition;
  readonly updateBy: string | null;
  readonly updateTime: string | null;
}

export interface RenderPageResult {
  readonly version: number;
  readonly definition: PageDefinition;
}

export interface ValidateResult {
  readonly problems: readonly PageProblem[];
  /** SQL the save would run on the page's table (preview, nothing executed). */
  readonly ddl: readonly string[];
  /** Columns the save would drop; they need `confirmDropColumns`. */
  readonly dropColumns: readonly string[];
}

/** A draft page made from an existing table, and what the author should know about it. */
export interface DraftFromTableResult {
  readonly definition: PageDefinition;
  /** Columns left out, a key that is not `id` …; empty when there is nothing to say. */
  readonly notes: readonly string[];
}

export type { PageSummary, PageVersion };

/** A table a table dictionary (`table,text,code`) may name, with the columns it may name. */
export interface DictSourceTable {
  readonly table: string;
  /** The page owning the table (its title), or the system table's Chinese name. */
  readonly title: string;
  readonly columns: readonly string[];
}

/** What the designer's 字典 picker offers: system dictionaries and the tables the user may use. */
export interface DictSources {
  readonly dicts: readonly { readonly code: string; readonly name: string }[];
  readonly tables: readonly DictSourceTable[];
}
