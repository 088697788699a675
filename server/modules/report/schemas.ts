import Type from 'typebox';

/** Request schemas of a report definition (报表配置's add, edit, 解析SQL and preview). */

const NAME = Type.String({ minLength: 1, maxLength: 100 });
export const REPORT_ITEM = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 64 }),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  width: Type.Optional(Type.Integer({ minimum: 20, maximum: 2000 })),
  dictCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  search: Type.Optional(Type.Union([Type.Literal('single'), Type.Literal('group')])),
  order: Type.Optional(Type.Boolean()),
  show: Type.Optional(Type.Boolean()),
});
export const REPORT_PARAM = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  default: Type.Optional(Type.String({ maxLength: 1000 })),
});
export const REPORT_INPUT = {
  code: Type.String({ minLength: 1, maxLength: 100 }),
  name: NAME,
  sql: Type.String({ minLength: 1, maxLength: 20_000 }),
  items: Type.Array(REPORT_ITEM, { minItems: 1, maxItems: 200 }),
  params: Type.Array(REPORT_PARAM, { maxItems: 50 }),
};
