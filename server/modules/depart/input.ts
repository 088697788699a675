import { failure } from '../../http/errors';
import { ID_MAX_LENGTH } from '../../http/request-schemas';

/**
 * What add, edit and import take. One table of fields gives both the JSON schema of the
 * routes and the check of imported rows, so a spreadsheet row meets exactly the rules of 添加.
 */

export interface DepartInput {
  readonly departName: string;
  readonly departNameEn?: string | null;
  readonly departNameAbbr?: string | null;
  readonly departOrder?: number | null;
  readonly description?: string | null;
  readonly orgCategory?: string | null;
  readonly mobile?: string | null;
  readonly fax?: string | null;
  readonly address?: string | null;
  readonly memo?: string | null;
  readonly status?: string | null;
  /** The parent (add); absent, null or '' = top level. Edit refuses a change. */
  readonly parentId?: string | null;
  /** Generated on add; edit refuses a change. */
  readonly orgCode?: string | null;
}

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

const optionalText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

/** JSON-schema properties of the add / edit body. */
export const DEPART_PROPERTIES = {
  departName: { type: 'string', minLength: 1, maxLength: NAME_MAX, pattern: '\\S' },
  ...Object.fromEntries(
    Object.entries(TEXT_FIELDS).map(([name, [, max]]) => [name, optionalText(max)]),
  ),
  departOrder: { type: ['integer', 'null'], minimum: -ORDER_LIMIT, maximum: ORDER_LIMIT },
  orgCategory: { type: ['string', 'null'], enum: [...ORG_CATEGORIES, null] },
  status: { type: ['string', 'null'], enum: [...DEPART_STATUSES, null] },
  parentId: { type: ['string', 'null'], maxLength: ID_MAX_LENGTH },
  orgCode: optionalText(64),
} as const;

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
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
  const orgCategory = text(record.orgCategory);
  if (orgCategory && !(ORG_CATEGORIES as readonly string[]).includes(orgCategory)) {
    throw failure('机构类别不正确');
  }
  const status = text(record.status);
  if (status && !(DEPART_STATUSES as readonly string[]).includes(status)) {
    throw failure('状态不正确');
  }
  return { departName, ...texts, departOrder: order ?? null, orgCategory, status };
}
