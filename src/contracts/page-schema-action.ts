import Type from 'typebox';
import { FIELD_NAME_PATTERN, PAGE_CODE_PATTERN, PANEL_NAME_PATTERN } from './page-constants';
import { FieldConditionSchema, FieldSchema } from './page-schema-field';

/**
 * Schemas of the buttons of a list page (page `toolbar`, `rowActions`): built-in keys, `url`
 * calls (fixed values, row values, a dialog of fields asked first) and `open` drawers.
 * page-action.ts takes their types from here.
 */

/** A same-origin path under the API base; checkPage says what else it may not be (urls.ts). */
export const ApiUrlSchema = Type.String({ minLength: 1, maxLength: 300 });

/** `{ name: fieldName }` maps (`rowParams`, `open.bind`): both sides are field-like names. */
const NameMapSchema = Type.Unsafe<Readonly<Record<string, string>>>({
  type: 'object',
  maxProperties: 50,
  propertyNames: { pattern: FIELD_NAME_PATTERN },
  additionalProperties: { type: 'string', pattern: FIELD_NAME_PATTERN },
});

/**
 * The dialog of a `url` action (e.g. 重置密码 asks 新密码 and 确认密码): its fields are checked by
 * their `validateRules` like the edit form's, and their values go with the call.
 */
export const ActionFormSchema = Type.Object(
  {
    /** Dialog title. Default: the action label. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Dialog width in px. Default 600. */
    width: Type.Optional(Type.Integer({ minimum: 200, maximum: 2000 })),
    /** The fields asked, shaped and checked like page fields (1–50). Required. */
    fields: Type.Array(FieldSchema, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);

/** What an `open` action shows in a drawer: a stored page or a panel the host registered. */
export const ActionOpenSchema = Type.Object(
  {
    /** Code of a stored page rendered in a drawer (exactly one of page / panel). */
    page: Type.Optional(Type.String({ pattern: PAGE_CODE_PATTERN })),
    /** Name of a panel the host registered (a hand-written screen such as the 授权 tree). */
    panel: Type.Optional(Type.String({ pattern: PANEL_NAME_PATTERN })),
    /** Drawer title. Default: the action label. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Drawer width in px. Default 800 (full width below 768 px). */
    width: Type.Optional(Type.Integer({ minimum: 200, maximum: 4000 })),
    /**
     * Row fields bound into the opened page: `{ "permissionId": "id" }` makes every list call of
     * the page carry `permissionId=<row.id>` and every new record start with it. Row actions only.
     */
    bind: Type.Optional(NameMapSchema),
  },
  { additionalProperties: false, oneOf: [{ required: ['page'] }, { required: ['panel'] }] },
);

export const ActionSchema = Type.Object(
  {
    /**
     * A built-in action (`add`, `batchDelete`, `export`, `import`, `edit`, `detail`, `delete`,
     * `addChild`), or a custom key with its own `url` or `open`.
     */
    key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    /** Permission code gating the button (the `has` rule); the server checks it too. */
    permission: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_:.-]{0,99}$' })),
    /** Confirmation text asked before a custom action runs (before its `form`). Default none. */
    confirm: Type.Optional(Type.String({ maxLength: 200 })),
    /**
     * Custom actions: url called with the selected ids (toolbar) or the row id (row). Not
     * together with `open`.
     */
    url: Type.Optional(ApiUrlSchema),
    /** How `url` is called. Default `post`. */
    method: Type.Optional(Type.Enum(['get', 'post', 'put', 'delete'])),
    /** `url` actions: fixed values sent with the call, over everything else. Default none. */
    params: Type.Optional(
      Type.Unsafe<Readonly<Record<string, string | number | boolean>>>({
        type: 'object',
        maxProperties: 50,
        propertyNames: { pattern: FIELD_NAME_PATTERN },
        additionalProperties: { type: ['string', 'number', 'boolean'] },
      }),
    ),
    /** `url` row actions: `{ parameter: rowField }`, row values sent with the call. Default none. */
    rowParams: Type.Optional(NameMapSchema),
    /** `url` actions: fields asked in a dialog before the call, sent with it. Default none. */
    form: Type.Optional(ActionFormSchema),
    /** Opens a stored page or a registered panel in a drawer (instead of a `url`). */
    open: Type.Optional(ActionOpenSchema),
    /**
     * Row actions: shown only on rows meeting the condition (冻结 when `status` is 1). Default:
     * every row.
     */
    when: Type.Optional(FieldConditionSchema),
    /**
     * Toolbar `url` actions: `required` refuses to run without a selected row
     * (请选择一条记录！) instead of calling the server with no ids. Default: runs either way.
     */
    selection: Type.Optional(Type.Enum(['required'])),
  },
  { additionalProperties: false },
);
