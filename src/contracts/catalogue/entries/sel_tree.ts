import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `sel_tree` (widgets.md §2.2, JTreeSelect): a row of a table that forms a tree
 * (a parent column), chosen in a tree select whose levels load as they open, through
 * `/sys/dict/loadTreeData`; held as the rows' code values, comma-joined in multi mode.
 */
export interface SelTreeProps {
  /** `table,text,code`: the table, the column shown and the column held. */
  readonly dict?: string;
  /** The column naming a row's parent. Default `pid`. */
  readonly pidField?: string;
  /** The parent value of the top level. Default `''` (empty, null or `0`). */
  readonly pidValue?: string;
  /** A column that is `1` when a row has children (without it every row may open). */
  readonly hasChildField?: string;
  /** A JSON object string narrowing every level, e.g. `{"status":"1"}` (widgets.md §7). */
  readonly condition?: string;
  /** Several rows may be chosen (held comma-joined). Default `false`. */
  readonly multi?: boolean;
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

const COLUMN = { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_]*$' } as const;

export const selTreeProps = defineProps<SelTreeProps>()(
  {
    dict: {
      type: 'string',
      maxLength: 200,
      // Empty (not set yet) or three names; the server checks them against its allow-list.
      pattern: '^$|^[A-Za-z0-9_]+,[A-Za-z0-9_]+,[A-Za-z0-9_]+$',
      description: '表名,显示字段,存储字段',
    },
    pidField: { ...COLUMN, description: '父级字段' },
    pidValue: { type: 'string', maxLength: 64, description: '顶层的父级值' },
    hasChildField: { ...COLUMN, description: '是否有子节点字段' },
    condition: { type: 'string', maxLength: 2000, description: '过滤条件（JSON 字符串）' },
    multi: { type: 'boolean', description: '可以选择多个' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
  },
  {
    dict: '',
    pidField: 'pid',
    pidValue: '',
    hasChildField: '',
    condition: '',
    multi: false,
    allowClear: true,
  },
);

export const selTreeEntry = defineEntry({
  type: 'sel_tree',
  title: '树选择',
  props: selTreeProps,
  value: 'list',
  queryRule: 'in',
  grid: { width: 200, text: 'display' },
  // The texts come from /sys/dict/loadDictItem/{dict}, the levels from /sys/dict/loadTreeData.
  chooses: true,
  lookups: [],
});
