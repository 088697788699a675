import Type, { type Static } from 'typebox';
import { SYSTEM_DICT_CODE_PATTERN, TABLE_DICT_CODE_PATTERN } from './dict';
import { FIELD_NAME_PATTERN, TYPE_NAME_PATTERN } from './page-constants';

/**
 * Schemas of a page's fields (page-field.ts takes their types from here) and of the
 * conditions linkages and row actions share; page-schema.ts puts the page together. The JSON
 * these build is the meta-schema pages are checked against.
 */

/** A system dictionary code or a table dictionary `table,text,code`. */
const DICT_CODE_PATTERN = `^(?:${SYSTEM_DICT_CODE_PATTERN.slice(1, -1)}|${TABLE_DICT_CODE_PATTERN.slice(1, -1)})$`;

/** Query rules (widgets.md §9). */
export const QueryRuleSchema = Type.Enum([
  'eq',
  'like',
  'right_like',
  'left_like',
  'in',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
]);

export const FieldOptionSchema = Type.Object(
  {
    value: Type.String({ maxLength: 200 }),
    text: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);

/**
 * Validation rule (widgets.md §5). Exactly one of `required`, `pattern`, `unique` or
 * `checkRule` per rule; the first failing rule's message is shown.
 */
export const ValidateRuleSchema = Type.Object(
  {
    required: Type.Optional(Type.Boolean()),
    /**
     * A preset (`n6-16`, `*6-16`, `s6-18`, `url`, `e`, `m`, `p`, `s`, `n`, `z`, `*`, `money`,
     * `only`) or any other text, taken as a regular expression.
     */
    pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    /** The server decides whether the value is unused (`/sys/duplicate/check`). */
    unique: Type.Optional(Type.Boolean()),
    /** A code rule stored on the server (`/sys/checkRule/checkByCode`). */
    checkRule: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' })),
    /** Message; `${title}` is replaced by the field label. */
    message: Type.Optional(Type.String({ maxLength: 200 })),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    oneOf: [
      { required: ['required'] },
      { required: ['pattern'] },
      { required: ['unique'] },
      { required: ['checkRule'] },
    ],
  },
);

export const QueryViewSchema = Type.Object(
  {
    /** How the text box filters. Default `like` for text, `eq` otherwise. */
    rule: Type.Optional(QueryRuleSchema),
    /** `range` gives a from–to pair (`_begin` / `_end`). Default `single`. */
    mode: Type.Optional(Type.Enum(['single', 'range'])),
    /** Shown before the form is expanded. Default: the first ones fitting one row. */
    pinned: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ListViewSchema = Type.Object(
  {
    /** Column width in px. */
    width: Type.Optional(Type.Integer({ minimum: 40, maximum: 2000 })),
    /** The column may be sorted by the server. */
    sorter: Type.Optional(Type.Boolean()),
    fixed: Type.Optional(Type.Enum(['left', 'right'])),
    /** Shorten long text with a tooltip. */
    ellipsis: Type.Optional(Type.Boolean()),
    /** Detail grids: figures of this column in the 统计 footer row. Default none. */
    statistics: Type.Optional(
      Type.Array(Type.Enum(['sum', 'average']), { uniqueItems: true, minItems: 1 }),
    ),
  },
  { additionalProperties: false },
);

export const FormViewSchema = Type.Object(
  {
    /** Grid span out of 24. Default: 24 / form.columns. */
    span: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
    /**
     * Shown but not editable: `true` always, `'edit'` only when editing (a code or an account
     * name that is chosen when the record is created). Default `false`.
     */
    readOnly: Type.Optional(Type.Unsafe<boolean | 'edit'>({ enum: [true, false, 'edit'] })),
    /** Kept in the form's value but not shown. */
    hidden: Type.Optional(Type.Boolean()),
    /** Only when creating / only when editing. Default both. */
    only: Type.Optional(Type.Enum(['create', 'edit'])),
    /**
     * The group the field is drawn in (its title): a group's fields are drawn together, the
     * groups in the order their first field appears; fields without a group come first.
     * `form.groupStyle` says whether groups are sections or tabs.
     */
    group: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  },
  { additionalProperties: false },
);

/** `true` (the defaults) or the view's options; `oneOf` keeps the two apart. */
function viewOf<T extends typeof QueryViewSchema | typeof ListViewSchema | typeof FormViewSchema>(
  view: T,
) {
  return Type.Unsafe<boolean | Static<T>>({ oneOf: [{ type: 'boolean' }, view] });
}

export const FieldSchema = Type.Object(
  {
    /** Property name in records (and the column name of an online table). */
    name: Type.String({ pattern: FIELD_NAME_PATTERN }),
    label: Type.String({ minLength: 1, maxLength: 100 }),
    /** Renderer type: a catalogue entry (src/contracts/catalogue). */
    type: Type.String({ pattern: TYPE_NAME_PATTERN }),
    /** Props for the renderer, checked against its catalogue entry's props schema. */
    props: Type.Optional(Type.Unsafe<Readonly<Record<string, unknown>>>({ type: 'object' })),
    /**
     * Dictionary giving the options and the list text: a system dictionary code (`sex`), or a
     * table dictionary `table,text,code` (`sys_position,name,code`; the server decides which
     * tables and columns may be named).
     */
    dictCode: Type.Optional(Type.String({ pattern: DICT_CODE_PATTERN })),
    /** Fixed options, when there is no dictionary. */
    options: Type.Optional(Type.Array(FieldOptionSchema, { maxItems: 500 })),
    defaultValue: Type.Optional(Type.Unknown()),
    placeholder: Type.Optional(Type.String({ maxLength: 200 })),
    validateRules: Type.Optional(Type.Array(ValidateRuleSchema, { maxItems: 20 })),
    /** In the query form (true = defaults). */
    query: Type.Optional(viewOf(QueryViewSchema)),
    /** In the list (true = defaults). Default true. */
    list: Type.Optional(viewOf(ListViewSchema)),
    /** In the edit form (true = defaults). Default true. */
    form: Type.Optional(viewOf(FormViewSchema)),
    /**
     * Offered in the advanced query builder (高级查询). Default: when the field is in the list or
     * the query form. `false` for a value the list endpoint cannot filter by (a computed text).
     */
    superQuery: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const LinkageOperatorSchema = Type.Enum([
  'eq',
  'ne',
  'in',
  'notIn',
  'empty',
  'notEmpty',
  'gt',
  'lt',
]);

/** A condition on one value of a record or form: linkages and row actions (`when`) use it. */
export const FieldConditionSchema = Type.Object(
  {
    /** The field (or record key) whose value is compared. */
    field: Type.String({ pattern: FIELD_NAME_PATTERN }),
    operator: LinkageOperatorSchema,
    /** Compared value; a list for `in` / `notIn`; absent for `empty` / `notEmpty`. */
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export const LinkageEffectSchema = Type.Enum([
  'show',
  'hide',
  'enable',
  'disable',
  'require',
  'optional',
  'setValue',
  'clear',
]);

/**
 * When `when.field` meets the condition, `effect` applies to every target; when it stops
 * meeting it, the opposite effect applies (show↔hide, enable↔disable, require↔optional).
 * `setValue` and `clear` apply only on the transition into the condition.
 */
export const LinkageSchema = Type.Object(
  {
    when: FieldConditionSchema,
    targets: Type.Array(Type.String({ pattern: FIELD_NAME_PATTERN }), { minItems: 1 }),
    effect: LinkageEffectSchema,
    /** For `setValue`. */
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
