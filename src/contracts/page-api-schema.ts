import Type from 'typebox';
import { PAGE_CODE_PATTERN, SQL_NAME_PATTERN } from './page-constants';

/**
 * The request schemas of the page store calls (page-api.ts), as TypeBox: the server validates
 * with them and the request types in page-api.ts are derived from them. The browser imports
 * those types only (`import type`), never this module, so TypeBox stays out of its bundle.
 */

const PAGE_CODE = Type.String({ pattern: PAGE_CODE_PATTERN });
const VERSION = Type.Integer({ minimum: 1 });
/** What this version changes, in the author's words. */
const NOTE = Type.String({ maxLength: 500 });
/** Columns the author agreed to drop (online tables never lose a column otherwise). */
const CONFIRM_DROP_COLUMNS = Type.Array(Type.String({ maxLength: 130 }), { maxItems: 300 });

/** The page list's paging when the query leaves it out. */
export const PAGE_LIST_DEFAULTS = { pageNo: 1, pageSize: 10 } as const;

/** GET list: paging and "contains" filters on code and title. */
export const PAGE_LIST_QUERY = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, default: PAGE_LIST_DEFAULTS.pageNo })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, default: PAGE_LIST_DEFAULTS.pageSize }),
  ),
  code: Type.Optional(Type.String({ maxLength: 100 })),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});

/** `?code=` of the calls about one stored page. */
export const PAGE_CODE_QUERY = Type.Object({ code: PAGE_CODE });

/** GET version: one stored version of a page. */
export const PAGE_VERSION_QUERY = Type.Object({ code: PAGE_CODE, version: VERSION });

/** The page being rendered (`/online/page/{code}`). */
export const PAGE_CODE_PARAMS = PAGE_CODE_QUERY;

/** POST add: a new page (its code is the definition's). */
export const SAVE_PAGE_BODY = Type.Object({
  definition: Type.Unknown(),
  note: Type.Optional(NOTE),
  confirmDropColumns: Type.Optional(CONFIRM_DROP_COLUMNS),
});

/** PUT edit: a new version, refused when someone saved since `baseVersion`. */
export const EDIT_PAGE_BODY = Type.Object({
  definition: Type.Unknown(),
  note: Type.Optional(NOTE),
  confirmDropColumns: Type.Optional(CONFIRM_DROP_COLUMNS),
  /** The version the author started from. */
  baseVersion: VERSION,
});

/** POST validate: the dry run of a save; `code` names the stored page being edited. */
export const VALIDATE_PAGE_BODY = Type.Object({
  definition: Type.Unknown(),
  code: Type.Optional(PAGE_CODE),
});

/** POST rollback: a stored version saved again as the newest. */
export const ROLLBACK_BODY = Type.Object({
  code: PAGE_CODE,
  version: VERSION,
  baseVersion: VERSION,
  confirmDropColumns: Type.Optional(CONFIRM_DROP_COLUMNS),
  note: Type.Optional(NOTE),
});

/** POST addToMenu: a menu entry (and the buttons of its actions) for a stored page. */
export const ADD_TO_MENU_BODY = Type.Object({
  code: PAGE_CODE,
  /** Parent menu id; absent = top level. */
  parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  /** Menu title; default the page title. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  icon: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9-]{0,49}$' })),
  /** Route path; default `/online/page/{code}`. */
  url: Type.Optional(Type.String({ pattern: '^/[A-Za-z0-9_/.:-]{0,199}$' })),
});

/** POST draftFromTable: a draft page (not saved) for an existing table. */
export const DRAFT_FROM_TABLE_BODY = Type.Object({
  table: Type.String({ pattern: SQL_NAME_PATTERN }),
});
