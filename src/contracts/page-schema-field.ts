import { SYSTEM_DICT_CODE_PATTERN, TABLE_DICT_CODE_PATTERN } from './dict';
import { FIELD_NAME_PATTERN } from './page';

/**
 * JSON meta-schema pieces of a page's fields (page-field.ts) and of the conditions linkages
 * and row actions share; page-schema.ts puts them together.
 */

/** A system dictionary code or a table dictionary `table,text,code`. */
const DICT_CODE_PATTERN = `^(?:${SYSTEM_DICT_CODE_PATTERN.slice(1, -1)}|${TABLE_DICT_CODE_PATTERN.slice(1, -1)})$`;

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

export const fieldSchema = {
  type: 'object',
  required: ['name', 'label', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: FIELD_NAME_PATTERN },
    label: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
    props: { type: 'object' },
    dictCode: { type: 'string', pattern: DICT_CODE_PATTERN },
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
            statistics: {
              type: 'array',
              items: { enum: ['sum', 'average'] },
              uniqueItems: true,
              minItems: 1,
            },
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
            readOnly: { enum: [true, false, 'edit'] },
            hidden: { type: 'boolean' },
            only: { enum: ['create', 'edit'] },
          },
        },
      ],
    },
  },
} as const;

/** `{ field, operator, value }` (linkages' `when`, row actions' `when`). */
export const conditionSchema = {
  type: 'object',
  required: ['field', 'operator'],
  additionalProperties: false,
  properties: {
    field: { type: 'string', pattern: FIELD_NAME_PATTERN },
    operator: { enum: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'] },
    value: {},
  },
} as const;

export const linkageSchema = {
  type: 'object',
  required: ['when', 'targets', 'effect'],
  additionalProperties: false,
  properties: {
    when: conditionSchema,
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
