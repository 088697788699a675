import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `popup` (widgets.md §2.10, §3 "Popup picker config"): a read-only box that opens an
 * online report's picker; the chosen rows' `orgFields` fill the `destFields` of the same form or
 * grid row (the popup's own field is normally one of them).
 */
export interface PopupProps {
  /** The online report's code (its picker). Required: without it the box says it is misconfigured. */
  readonly code?: string;
  /** The field the popup stands for. Default: the field's own name. */
  readonly field?: string;
  /** The report's columns to copy, comma-joined (`name,phone`). Required. */
  readonly orgFields?: string;
  /** The fields they fill, comma-joined, one per source column (`supplier,supplierPhone`). Required. */
  readonly destFields?: string;
  /** Several rows may be chosen; each field then gets their values joined by `spliter`. Default `false`. */
  readonly multi?: boolean;
  /** Joins the values of several rows. Default `','` (widgets.md §3). */
  readonly spliter?: string;
  /** Pickers of one group share their report answers for 30 s. Default: none (no cache). */
  readonly groupId?: string;
  /** Values of the report's SQL parameters (`self_<name>`). Default: none. */
  readonly param?: Readonly<Record<string, string | number | boolean>>;
}

const FIELD_LIST = { type: 'string', maxLength: 1000, pattern: '^[A-Za-z0-9_, ]*$' };

export const popupProps = defineProps<PopupProps>()(
  {
    code: { type: 'string', maxLength: 100, description: '报表编码' },
    field: { type: 'string', maxLength: 100, description: '本字段名（默认为字段自己的名称）' },
    orgFields: { ...FIELD_LIST, description: '报表中取值的列，逗号分隔' },
    destFields: {
      ...FIELD_LIST,
      description: '回填到本表单（或本行）的字段，逗号分隔，与取值列一一对应',
    },
    multi: { type: 'boolean', description: '可以选择多行' },
    spliter: { type: 'string', minLength: 1, maxLength: 10, description: '多行取值的分隔符' },
    groupId: {
      type: 'string',
      maxLength: 100,
      description: '分组（同组的弹窗共享 30 秒报表缓存）',
    },
    param: {
      type: 'object',
      additionalProperties: { type: ['string', 'number', 'boolean'] },
      description: '报表参数，如 {"keyword": "客户"}',
    },
  },
  { multi: false, spliter: ',' },
);

export const popupEntry = defineEntry({
  type: 'popup',
  title: 'Popup弹框',
  props: popupProps,
  value: 'string',
  queryRule: 'like',
  grid: { text: 'value' },
  chooses: true,
  lookups: [],
});
