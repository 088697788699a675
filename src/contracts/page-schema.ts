import {
  FIELD_NAME_PATTERN,
  PAGE_CODE_PATTERN,
  PAGE_SCHEMA_VERSION,
  SQL_NAME_PATTERN,
} from './page';
import { actionSchema, apiUrl } from './page-schema-action';
import { fieldSchema, linkageSchema } from './page-schema-field';

/**
 * JSON meta-schema of a page definition (draft-07, for ajv). The TypeScript types in page.ts
 * and this schema describe the same shape; tests/contracts checks examples against both.
 * Renderer props (`fields[].props`) are checked separately against each renderer's schema.
 */

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
    fields: { type: 'array', items: fieldSchema, minItems: 1, maxItems: 500 },
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
    toolbar: { type: 'array', items: actionSchema, maxItems: 20 },
    rowActions: { type: 'array', items: actionSchema, maxItems: 20 },
    linkages: { type: 'array', items: linkageSchema, maxItems: 200 },
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
          fields: { type: 'array', items: fieldSchema, minItems: 1, maxItems: 200 },
          table,
          listUrl: apiUrl,
          grid: {
            type: 'object',
            additionalProperties: false,
            properties: {
              rowNumber: { type: 'boolean' },
              rowSelection: { type: 'boolean' },
              dragSort: { type: 'boolean' },
              dragSortKey: { type: 'string', pattern: FIELD_NAME_PATTERN },
              alwaysEdit: { type: 'boolean' },
              maxHeight: { type: 'integer', minimum: 100, maximum: 2000 },
              socketReload: { type: 'boolean' },
              reloadEffect: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
} as const;
