import Type, { type Static } from 'typebox';
import { failure } from '../../http/errors';
import { ID_MAX_LENGTH, ID_SCHEMA } from '../../http/request-schemas';
import { Nullable, NullableText } from '../../http/schema-types';

/**
 * What add, edit and import take. One table of fields gives both the JSON schema of the
 * routes and the check of imported rows, so a spreadsheet row meets exactly the rules of 添加.
 */

/** Optional text fields: label and the column's length. */
const TEXT_FIELDS = {
  departNameEn: ['英文名', 500],
  departNameAbbr: ['缩写', 500],
  description: ['描述', 1000],
  mobile: ['手机号', 32],
  fax: ['传真', 32],
  address: ['地址', 100],
  memo: ['备注', 500],
} as const satisfies Record<string, readonly [string, number]>;

const NAME_MAX = 100;
const ORDER_LIMIT = 1_000_000;
export const ORG_CATEGORIES = ['1', '2', '3'] as const;
export const DEPART_STATUSES = ['0', '1'] as const;

const optionalText = (name: keyof typeof TEXT_FIELDS) => NullableText(TEXT_FIELDS[name][1]);
/** One of `values`, or null (`type: ['string', 'null']`, `null` in the enum). */
const optionalChoice = <const T extends readonly string[]>(values: T) =>
  Type.Optional(Nullable(Type.Enum(values, { type: 'string' })));

/** Properties of the add / edit body (the text fields in TEXT_FIELDS' order). */
const DEPART_PROPERTIES = {
  departName: Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' }),
  departNameEn: optionalText('departNameEn'),
  departNameAbbr: optionalText('departNameAbbr'),
  description: optionalText('description'),
  mobile: optionalText('mobile'),
  fax: optionalText('fax'),
  address: optionalText('address'),
  memo: optionalText('memo'),
  departOrder: Type.Optional(
    Nullable(Type.Integer({ minimum: -ORDER_LIMIT, maximum: ORDER_LIMIT })),
  ),
  orgCategory: optionalChoice(ORG_CATEGORIES),
  status: optionalChoice(DEPART_STATUSES),
  /** The parent (add); absent, null or '' = top level. Edit refuses a change. */
  parentId: NullableText(ID_MAX_LENGTH),
  /** Generated on add; edit refuses a change. */
  orgCode: NullableText(64),
};

export const DEPART_ADD_BODY = Type.Object(DEPART_PROPERTIES);
export const DEPART_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...DEPART_PROPERTIES });

/** A department as add, edit and import take it (from the add body's schema). */
export type DepartInput = Static<typeof DEPART_ADD_BODY>;

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

/** The value if it is one of `values` (null stays null), else a failure with `message`. */
function choiceOf<T extends readonly string[]>(
  values: T,
  value: string | null,
  message: string,
): T[number] | null {
  if (value === null) return null;
  const found = values.find((v) => v === value);
  if (found === undefined) throw failure(message);
  return found;
}

/**
 * An imported row as a checked input (the schema's rules, with messages naming the column);
 * throws an AppError saying what is wrong.
 */
export function checkedInput(record: Readonly<Record<string, unknown>>): DepartInput {
  const departName = text(record.departName);
  if (!departName) throw failure('部门名称不能为空');
  if (departName.length > NAME_MAX) throw failure(`部门名称不能超过${NAME_MAX}个字符`);
  const texts: Record<string, string | null> = {};
  for (const [name, [label, max]] of Object.entries(TEXT_FIELDS)) {
    const value = text(record[name]);
    if (value && value.length > max) throw failure(`${label}不能超过${max}个字符`);
    texts[name] = value;
  }
  const order = record.departOrder;
  if (
    order !== undefined &&
    (typeof order !== 'number' || !Number.isInteger(order) || Math.abs(order) > ORDER_LIMIT)
  ) {
    throw failure(`排序应为不超过${ORDER_LIMIT}的整数`);
  }
  const orgCategory = choiceOf(ORG_CATEGORIES, text(record.orgCategory), '机构类别不正确');
  const status = choiceOf(DEPART_STATUSES, text(record.status), '状态不正确');
  return { departName, ...texts, departOrder: order ?? null, orgCategory, status };
}
