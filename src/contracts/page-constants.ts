/**
 * Constants of page definitions that browser code needs at run time. They live apart from the
 * schemas (page-schema*.ts, built with TypeBox) so that a screen importing a pattern or the
 * version does not load the schema builder.
 */

/** The version this code writes and renders. */
export const PAGE_SCHEMA_VERSION = 2;

/** A page code, a field name, a table or column name: letters, digits, underscores. */
export const PAGE_CODE_PATTERN = '^[a-z][a-z0-9_]{1,63}$';
export const FIELD_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,62}$';
export const SQL_NAME_PATTERN = '^[a-z][a-z0-9_]{0,62}$';
/** A panel the host registers for `open.panel` (letters, digits, `_`, `-`). */
export const PANEL_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
/** A renderer type name (the catalogue refuses others). */
export const TYPE_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** The order field of a drag-sorted grid when it names none (widgets.md §3). */
export const DEFAULT_DRAG_SORT_KEY = 'orderNum';
