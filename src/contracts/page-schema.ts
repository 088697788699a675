import {
  FIELD_NAME_PATTERN,
  PAGE_CODE_PATTERN,
  PAGE_SCHEMA_VERSION,
  PANEL_NAME_PATTERN,
  SQL_NAME_PATTERN,
} from './page';

/**
 * JSON meta-schema of a page definition (draft-07, for ajv). The TypeScript types in page.ts
 * and this schema describe the same shape; tests/contracts checks examples against both.
 * Renderer props (`fields[].props`) are checked separately against each renderer's schema.
 */

const queryRules = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'];

const option = {
  type: 'object',
  required: ['value', 'text'],
  additionalProperties: false,
  properties: {
    value: { type: 'string', maxLength: 200 },
    text: { type: 'string', maxLength: 200 },
  },
} as const;

const validateRule = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    required: { type: 'boolean' },
    pattern: { type: 'string', minLength: 1, maxLength: 500 },
    unique: { type: 'boolean' },
    checkRule: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
    message: { type: 'string', maxLength: 200 },
  },
  oneOf: [
    { required: ['required'] },
    { required: ['pattern'] },
    { required: ['unique'] },
    { required: ['checkRule'] },
  ],
} as const;

const field = {
  type: 'object',
  required: ['name', 'label', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: FIELD_NAME_PATTERN },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
    props: { type: 'object' },
    dictCode: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,99}$' },
    options: { type: 'array', items: option, maxItems: 500 },
    defaultValue: {},
    placeholder: { type: 'string', maxLength: 200 },
    validateRules: { type: 'array', items: validateRule, maxItems: 20 },
    query: {
      oneOf: [
        { type: 'boolean' },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            rule: { enum: queryRules },
            mode: { enum: ['single', 'range'] },
            pinned: { type: 'boolean' },
          },
        },
      ],
    },
    list: {
      oneOf: [
        { type: 'boolean' },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            width: { type: 'integer', minimum: 40, maximum: 2000 },
            sorter: { type: 'boolean' },
            fixed: { enum: ['left', 'right'] },
            ellipsis: { type: 'boolean' },
          },
        },
      ],
    },
    form: {
      oneOf: [
        { type: 'boolean' },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            span: { type: 'integer', minimum: 1, maximum: 24 },
            readOnly: { type: 'boolean' },
            hidden: { type: 'boolean' },
            only: { enum: ['create', 'edit'] },
          },
        },
      ],
    },
  },
} as const;

const apiUrl = { type: 'string', pattern: '^/[A-Za-z0-9_/{}.-]*$', maxLength: 300 } as const;

const column = {
  type: 'object',
  required: ['name', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: SQL_NAME_PATTERN },
    type: { enum: ['string', 'text', 'int', 'bigint', 'decimal', 'date', 'datetime', 'boolean'] },
    length: { type: 'integer', minimum: 1, maximum: 4000 },
    precision: { type: 'integer', minimum: 1, maximum: 38 },
    scale: { type: 'integer', minimum: 0, maximum: 38 },
    nullable: { type: 'boolean' },
    comment: { type: 'string', maxLength: 200 },
  },
} as const;

const table = {
  type: 'object',
  required: ['name', 'columns'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: SQL_NAME_PATTERN },
    columns: { type: 'array', items: column, minItems: 1, maxItems: 300 },
    indexes: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['name', 'columns'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: SQL_NAME_PATTERN },
          columns: {
            type: 'array',
            items: { type: 'string', pattern: SQL_NAME_PATTERN },
            minItems: 1,
            maxItems: 16,
          },
          unique: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** `{ name: fieldName }` maps (`rowParams`, `open.bind`): both sides are field-like names. */
const nameMap = {
  type: 'object',
  maxProperties: 50,
  propertyNames: { pattern: FIELD_NAME_PATTERN },
  additionalProperties: { type: 'string', pattern: FIELD_NAME_PATTERN },
} as const;

const action = {
  type: 'object',
  required: ['key'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
    label: { type: 'string', minLength: 1, maxLength: 50 },
    permission: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_:.-]{0,99}$' },
    confirm: { type: 'string', maxLength: 200 },
    url: apiUrl,
    method: { enum: ['get', 'post', 'put', 'delete'] },
    params: {
      type: 'object',
      maxProperties: 50,
      propertyNames: { pattern: FIELD_NAME_PATTERN },
      additionalProperties: { type: ['string', 'number', 'boolean'] },
    },
    rowParams: nameMap,
    form: {
      type: 'object',
      required: ['fields'],
      additionalProperties: false,
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 100 },
        width: { type: 'integer', minimum: 200, maximum: 2000 },
        fields: { type: 'array', items: field, minItems: 1, maxItems: 50 },
      },
    },
    open: {
      type: 'object',
      additionalProperties: false,
      properties: {
        page: { type: 'string', pattern: PAGE_CODE_PATTERN },
        panel: { type: 'string', pattern: PANEL_NAME_PATTERN },
        title: { type: 'string', minLength: 1, maxLength: 100 },
        width: { type: 'integer', minimum: 200, maximum: 4000 },
        bind: nameMap,
      },
      oneOf: [{ required: ['page'] }, { required: ['panel'] }],
    },
  },
} as const;

const linkage = {
  type: 'object',
  required: ['when', 'targets', 'effect'],
  additionalProperties: false,
  properties: {
    when: {
      type: 'object',
      required: ['field', 'operator'],
      additionalProperties: false,
      properties: {
        field: { type: 'string', pattern: FIELD_NAME_PATTERN },
        operator: { enum: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'] },
        value: {},
      },
    },
    targets: {
      type: 'array',
      items: { type: 'string', pattern: FIELD_NAME_PATTERN },
      minItems: 1,
    },
    effect: {
      enum: ['show', 'hide', 'enable', 'disable', 'require', 'optional', 'setValue', 'clear'],
    },
    value: {},
  },
} as const;

export const PAGE_META_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://schema-admin.local/page-definition.json',
  title: 'schema-admin page definition',
  type: 'object',
  required: ['schemaVersion', 'code', 'title', 'kind', 'fields'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    schemaVersion: { const: PAGE_SCHEMA_VERSION },
    code: { type: 'string', pattern: PAGE_CODE_PATTERN },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    kind: { enum: ['list', 'form', 'tree-list', 'master-detail'] },
    description: { type: 'string', maxLength: 1000 },
    api: {
      type: 'object',
      additionalProperties: false,
      properties: {
        list: apiUrl,
        add: apiUrl,
        edit: apiUrl,
        delete: apiUrl,
        deleteBatch: apiUrl,
        queryById: apiUrl,
        exportXls: apiUrl,
        importExcel: apiUrl,
        children: apiUrl,
      },
    },
    table,
    entity: { type: 'string', pattern: SQL_NAME_PATTERN },
    fields: { type: 'array', items: field, minItems: 1, maxItems: 500 },
    list: {
      type: 'object',
      additionalProperties: false,
      properties: {
        pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
        pageSizeOptions: {
          type: 'array',
          items: { type: 'integer', minimum: 1, maximum: 1000 },
          minItems: 1,
          maxItems: 10,
        },
        sortColumn: { type: 'string', pattern: FIELD_NAME_PATTERN },
        sortOrder: { enum: ['asc', 'desc'] },
        rowKey: { type: 'string', pattern: FIELD_NAME_PATTERN },
        selection: { enum: ['checkbox', 'radio', 'none'] },
        queryVisibleCount: { type: 'integer', minimum: 0, maximum: 50 },
      },
    },
    form: {
      type: 'object',
      additionalProperties: false,
      properties: {
        container: { enum: ['modal', 'drawer'] },
        width: { type: 'integer', minimum: 200, maximum: 2000 },
        columns: { enum: [1, 2, 3] },
        labelWidth: { type: 'integer', minimum: 40, maximum: 400 },
      },
    },
    tree: {
      type: 'object',
      additionalProperties: false,
      properties: {
        parentField: { type: 'string', pattern: FIELD_NAME_PATTERN },
        hasChildField: { type: 'string', pattern: FIELD_NAME_PATTERN },
        titleField: { type: 'string', pattern: FIELD_NAME_PATTERN },
        rootValue: { type: 'string', maxLength: 64 },
        childrenParam: { type: 'string', pattern: FIELD_NAME_PATTERN },
      },
    },
    toolbar: { type: 'array', items: action, maxItems: 20 },
    rowActions: { type: 'array', items: action, maxItems: 20 },
    linkages: { type: 'array', items: linkage, maxItems: 200 },
    details: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['code', 'title', 'foreignKey', 'fields'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', pattern: PAGE_CODE_PATTERN },
          title: { type: 'string', minLength: 1, maxLength: 100 },
          foreignKey: { type: 'string', pattern: FIELD_NAME_PATTERN },
          fields: { type: 'array', items: field, minItems: 1, maxItems: 200 },
          table,
          listUrl: apiUrl,
        },
      },
    },
  },
} as const;
