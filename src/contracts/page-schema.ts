import Type from 'typebox';
import {
  FIELD_NAME_PATTERN,
  PAGE_CODE_PATTERN,
  PAGE_SCHEMA_VERSION,
  SQL_NAME_PATTERN,
} from './page-constants';
import { ActionSchema, ApiUrlSchema } from './page-schema-action';
import { FieldSchema, LinkageSchema } from './page-schema-field';

/**
 * The page definition as a schema (TypeBox): page.ts takes its types from here, and the JSON
 * it builds is the meta-schema every definition is checked against (compiled ahead of time by
 * `npm run generate`). Renderer props (`fields[].props`) are checked against each catalogue
 * entry's own schema. Browser screens import only types from this module, so the schema
 * builder stays out of their bundles.
 */

/** Column types an online table may use; nothing else reaches DDL. */
export const ColumnTypeSchema = Type.Enum([
  'string',
  'text',
  'int',
  'bigint',
  'decimal',
  'date',
  'datetime',
  'boolean',
]);

export const ColumnSchema = Type.Object(
  {
    /** Column name (SQL_NAME_PATTERN); a field of the same name edits it. */
    name: Type.String({ pattern: SQL_NAME_PATTERN }),
    type: ColumnTypeSchema,
    /** `string`: max length (1–4000). Default 255. */
    length: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
    /** `decimal`: precision (1–38) and scale (0–precision). Default 18, 2. */
    precision: Type.Optional(Type.Integer({ minimum: 1, maximum: 38 })),
    scale: Type.Optional(Type.Integer({ minimum: 0, maximum: 38 })),
    /** Default true. */
    nullable: Type.Optional(Type.Boolean()),
    comment: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const IndexSchema = Type.Object(
  {
    name: Type.String({ pattern: SQL_NAME_PATTERN }),
    columns: Type.Array(Type.String({ pattern: SQL_NAME_PATTERN }), { minItems: 1, maxItems: 16 }),
    unique: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * A table the page owns. The server adds `id`, `create_by`, `create_time`, `update_by`,
 * `update_time` (and `pid`, `has_child` for tree lists) and never drops a column unless the
 * save explicitly confirms it.
 */
export const TableSchema = Type.Object(
  {
    name: Type.String({ pattern: SQL_NAME_PATTERN }),
    columns: Type.Array(ColumnSchema, { minItems: 1, maxItems: 300 }),
    indexes: Type.Optional(Type.Array(IndexSchema, { maxItems: 50 })),
  },
  { additionalProperties: false },
);

/** Urls relative to the API base (`/system`). Absent urls give the 请设置url.xxx属性! messages. */
export const PageApiSchema = Type.Object(
  {
    list: Type.Optional(ApiUrlSchema),
    add: Type.Optional(ApiUrlSchema),
    edit: Type.Optional(ApiUrlSchema),
    delete: Type.Optional(ApiUrlSchema),
    deleteBatch: Type.Optional(ApiUrlSchema),
    queryById: Type.Optional(ApiUrlSchema),
    exportXls: Type.Optional(ApiUrlSchema),
    importExcel: Type.Optional(ApiUrlSchema),
    /** Tree lists: children of a node (the node id as `tree.childrenParam`, default `pid`). */
    children: Type.Optional(ApiUrlSchema),
  },
  { additionalProperties: false },
);

export const ListOptionsSchema = Type.Object(
  {
    /** Default 10. */
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Default [5, 10, 20, 30, 100]. */
    pageSizeOptions: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), { minItems: 1, maxItems: 10 }),
    ),
    /** Default `createTime`. */
    sortColumn: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
    /** Default `desc`. */
    sortOrder: Type.Optional(Type.Enum(['asc', 'desc'])),
    /** Record key. Default `id`. */
    rowKey: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
    /** Row selection for batch actions. Default `checkbox`. */
    selection: Type.Optional(Type.Enum(['checkbox', 'radio', 'none'])),
    /** Query fields shown before expanding. Default 3. */
    queryVisibleCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
  },
  { additionalProperties: false },
);

export const FormOptionsSchema = Type.Object(
  {
    /** Default `modal`. */
    container: Type.Optional(Type.Enum(['modal', 'drawer'])),
    /** Default 800 (modal) / 600 (drawer). */
    width: Type.Optional(Type.Integer({ minimum: 200, maximum: 2000 })),
    /** Fields per row: 1 to 4. Default 1 (2 from 8 fields); one on phones. */
    columns: Type.Optional(Type.Enum([1, 2, 3, 4])),
    /** Label width in px. Default 100. */
    labelWidth: Type.Optional(Type.Integer({ minimum: 40, maximum: 400 })),
    /** How the fields' groups (`form.group`) are drawn: titled sections or tabs. Default sections. */
    groupStyle: Type.Optional(Type.Enum(['sections', 'tabs'])),
  },
  { additionalProperties: false },
);

export const TreeOptionsSchema = Type.Object(
  {
    /** Field of a record holding its parent's id (新增下级 presets it). Default `pid`. */
    parentField: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
    /** Field saying whether a node has children ('1'/'0' or boolean). Default `hasChild`. */
    hasChildField: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
    /** Field shown as the tree column. Default the first list field. */
    titleField: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
    /** Root parent value. Default '0'. */
    rootValue: Type.Optional(Type.String({ maxLength: 64 })),
    /**
     * The parameter naming the parent in list calls: the top level is `api.list` with
     * `{childrenParam}={rootValue}`, a node's children `api.children` with the node id.
     * Default `pid`.
     */
    childrenParam: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
  },
  { additionalProperties: false },
);

/** The editable grid of a detail table (widgets.md §2.5); every option has a default. */
export const DetailGridOptionsSchema = Type.Object(
  {
    /** Row numbers with the row menu (向上移, 向下移, 插入一行). Default true. */
    rowNumber: Type.Optional(Type.Boolean()),
    /** A checkbox column for 删除. Default true. */
    rowSelection: Type.Optional(Type.Boolean()),
    /** A drag handle; the order field is renumbered from 1. Default false. */
    dragSort: Type.Optional(Type.Boolean()),
    /** The order field (a field of the detail). Default `orderNum`. */
    dragSortKey: Type.Optional(Type.String({ pattern: FIELD_NAME_PATTERN })),
    /** Every visible cell is an editor. Default false (a cell edits on click). */
    alwaysEdit: Type.Optional(Type.Boolean()),
    /** Grid height limit in px. Default 400. */
    maxHeight: Type.Optional(Type.Integer({ minimum: 100, maximum: 2000 })),
    /** Saves in other browsers patch the open rows (live table sync). Default true. */
    socketReload: Type.Optional(Type.Boolean()),
    /** Patched rows flash. Default true. */
    reloadEffect: Type.Optional(Type.Boolean()),
    /**
     * Permission prefix (widgets.md §6): `{authPre}add`, `{authPre}batch_delete` and
     * `{authPre}{field}` codes the user is refused hide that button or column. Default none.
     */
    authPre: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_:.-]{0,63}$' })),
  },
  { additionalProperties: false },
);

export const DetailSchema = Type.Object(
  {
    code: Type.String({ pattern: PAGE_CODE_PATTERN }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    /** Field of the detail rows holding the master id. */
    foreignKey: Type.String({ pattern: FIELD_NAME_PATTERN }),
    fields: Type.Array(FieldSchema, { minItems: 1, maxItems: 200 }),
    /** The detail table, when the page owns its tables. */
    table: Type.Optional(TableSchema),
    /** Url listing the detail rows of a master (`{foreignKey}` parameter). */
    listUrl: Type.Optional(ApiUrlSchema),
    /** How the detail rows are edited (the editable grid). */
    grid: Type.Optional(DetailGridOptionsSchema),
  },
  { additionalProperties: false },
);

export const PageKindSchema = Type.Enum(['list', 'form', 'tree-list', 'master-detail']);

export const PageDefinitionSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    /** Shape version; always PAGE_SCHEMA_VERSION once upgraded. */
    schemaVersion: Type.Literal(PAGE_SCHEMA_VERSION),
    /** Unique page code, used in urls and menu entries (`/online/page/{code}`). */
    code: Type.String({ pattern: PAGE_CODE_PATTERN }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    kind: PageKindSchema,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    /**
     * Server calls. A page with its own `table` gets the online-table urls by default
     * (`/online/cgform/api/{code}/list` …); a page on a system entity names them.
     */
    api: Type.Optional(PageApiSchema),
    /** A table this page owns; the server creates and alters it (online table). */
    table: Type.Optional(TableSchema),
    /**
     * The server table a page without its own `table` edits (e.g. `sys_user`): unique checks
     * (`/sys/duplicate/check`) name it. Ignored when `table` is set.
     */
    entity: Type.Optional(Type.String({ pattern: SQL_NAME_PATTERN })),
    fields: Type.Array(FieldSchema, { minItems: 1, maxItems: 500 }),
    list: Type.Optional(ListOptionsSchema),
    form: Type.Optional(FormOptionsSchema),
    tree: Type.Optional(TreeOptionsSchema),
    /** Buttons above the list. Default: add, batchDelete, export, import. */
    toolbar: Type.Optional(Type.Array(ActionSchema, { maxItems: 20 })),
    /** Buttons on each row. Default: edit, detail, delete. */
    rowActions: Type.Optional(Type.Array(ActionSchema, { maxItems: 20 })),
    /** Explicit field linkage rules of the edit form. */
    linkages: Type.Optional(Type.Array(LinkageSchema, { maxItems: 200 })),
    /** Detail tables of a master-detail page. */
    details: Type.Optional(Type.Array(DetailSchema, { maxItems: 10 })),
  },
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://schema-admin.local/page-definition.json',
    title: 'schema-admin page definition',
    additionalProperties: false,
  },
);

/** The meta-schema as plain JSON (ajv, the page editor's JSON language service). */
export const PAGE_META_SCHEMA: object = PageDefinitionSchema;
