import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `cat_tree` (widgets.md §2.2, JCategorySelect): a node of the category tree
 * (分类字典), chosen in a tree select whose levels load as they open; held as the node ids,
 * comma-joined in multi mode.
 */
export interface CatTreeProps {
  /** The code of the node whose children are the top level; `'0'` is the whole tree. */
  readonly pcode?: string;
  /** A JSON object string narrowing every level, e.g. `{"name":"手机"}` (widgets.md §7). */
  readonly condition?: string;
  /** Several nodes may be chosen (held comma-joined). Default `false`. */
  readonly multi?: boolean;
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const catTreeProps = defineProps<CatTreeProps>()(
  {
    pcode: { type: 'string', maxLength: 100, description: '从哪个分类编码的下级开始（0：全部）' },
    condition: { type: 'string', maxLength: 2000, description: '过滤条件（JSON 字符串）' },
    multi: { type: 'boolean', description: '可以选择多个分类' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
  },
  { pcode: '0', condition: '', multi: false, allowClear: true },
);

export const catTreeEntry = defineEntry({
  type: 'cat_tree',
  title: '分类字典树',
  props: catTreeProps,
  value: 'list',
  queryRule: 'in',
  grid: { width: 200, text: 'display' },
  // The names come from /sys/category/loadDictItem, the levels from /sys/category/loadTreeData.
  chooses: true,
  lookups: [],
});
