/**
 * Page definitions: a list, form, tree-list or master-detail screen as JSON.
 *
 * One `fields` list feeds the query form, the list columns and the edit form; each field says
 * in which views it appears. Every definition carries `schemaVersion`; older shapes are
 * upgraded by `upgradePageDefinition` (page-upgrade.ts) and every definition is checked by
 * `checkPage` (page-check.ts) before anything stores or renders it. The types are derived from
 * the schemas in page-schema*.ts (TypeBox): one source for the types and the meta-schema.
 */

import type { Static } from 'typebox';
import type { DeepReadonly } from './deep-readonly';
import type {
  ColumnSchema,
  ColumnTypeSchema,
  DetailGridOptionsSchema,
  DetailSchema,
  FormOptionsSchema,
  IndexSchema,
  ListOptionsSchema,
  PageApiSchema,
  PageDefinitionSchema,
  PageKindSchema,
  TableSchema,
  TreeOptionsSchema,
} from './page-schema';
import type { LinkageEffectSchema, LinkageSchema } from './page-schema-field';

export type { ActionDefinition, ActionForm, ActionKey, ActionOpen } from './page-action';
export type {
  FieldCondition,
  FieldDefinition,
  FieldOption,
  FormView,
  LinkageOperator,
  ListView,
  QueryRule,
  QueryView,
  ValidateRule,
} from './page-field';

export {
  DEFAULT_DRAG_SORT_KEY,
  FIELD_NAME_PATTERN,
  PAGE_CODE_PATTERN,
  PAGE_SCHEMA_VERSION,
  PANEL_NAME_PATTERN,
  SQL_NAME_PATTERN,
} from './page-constants';

/** A whole page definition (its properties are documented in page-schema.ts). */
export type PageDefinition = DeepReadonly<Static<typeof PageDefinitionSchema>>;
export type PageKind = Static<typeof PageKindSchema>;
/** Urls relative to the API base (`/system`). */
export type PageApi = DeepReadonly<Static<typeof PageApiSchema>>;
export type ListOptions = DeepReadonly<Static<typeof ListOptionsSchema>>;
export type FormOptions = DeepReadonly<Static<typeof FormOptionsSchema>>;
export type TreeOptions = DeepReadonly<Static<typeof TreeOptionsSchema>>;
export type LinkageEffect = Static<typeof LinkageEffectSchema>;
/** An explicit field linkage rule of the edit form. */
export type LinkageRule = DeepReadonly<Static<typeof LinkageSchema>>;
/** A detail table of a master-detail page. */
export type DetailDefinition = DeepReadonly<Static<typeof DetailSchema>>;
/** The editable grid of a detail table (widgets.md §2.5); every option has a default. */
export type DetailGridOptions = DeepReadonly<Static<typeof DetailGridOptionsSchema>>;
/** Column types an online table may use; nothing else reaches DDL. */
export type ColumnType = Static<typeof ColumnTypeSchema>;
export type ColumnDefinition = DeepReadonly<Static<typeof ColumnSchema>>;
export type IndexDefinition = DeepReadonly<Static<typeof IndexSchema>>;
/** A table the page owns (the server adds the standard columns). */
export type TableDefinition = DeepReadonly<Static<typeof TableSchema>>;

/** One problem found in a definition: where (a JSON pointer) and what (Chinese). */
export interface PageProblem {
  readonly path: string;
  readonly message: string;
}

/** Page list row (page store). */
export interface PageSummary {
  readonly id: string;
  readonly code: string;
  readonly title: string;
  readonly kind: PageKind;
  readonly version: number;
  readonly tableName: string | null;
  readonly updateBy: string | null;
  readonly updateTime: string | null;
}

/** One stored version of a page. */
export interface PageVersion {
  readonly version: number;
  readonly createBy: string | null;
  readonly createTime: string | null;
  /** JSON pointers of what changed against the previous version. */
  readonly changes: readonly string[];
  readonly note: string | null;
}
