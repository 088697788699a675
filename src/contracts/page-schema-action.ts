import { FIELD_NAME_PATTERN, PAGE_CODE_PATTERN, PANEL_NAME_PATTERN } from './page';
import { conditionSchema, fieldSchema } from './page-schema-field';

/** JSON meta-schema of a toolbar or row action (page-action.ts); page-schema.ts uses it. */

export const apiUrl = { type: 'string', pattern: '^/[A-Za-z0-9_/{}.-]*$', maxLength: 300 } as const;

/** `{ name: fieldName }` maps (`rowParams`, `open.bind`): both sides are field-like names. */
const nameMap = {
  type: 'object',
  maxProperties: 50,
  propertyNames: { pattern: FIELD_NAME_PATTERN },
  additionalProperties: { type: 'string', pattern: FIELD_NAME_PATTERN },
} as const;

export const actionSchema = {
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
        fields: { type: 'array', items: fieldSchema, minItems: 1, maxItems: 50 },
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
    when: conditionSchema,
    selection: { enum: ['required'] },
  },
} as const;
