import {
  AREA_PARENT_PATTERN,
  AREA_ROOT,
  areaPrefix,
  isAreaCode,
  isAreaRoot,
} from '../../area-code';
import { encodeFilter } from '../../list-filter';
import { defineEntry } from '../entry';
import { defineProps } from '../props';

/**
 * Props of `pca` (widgets.md §2.1, the reference's 省市区 field): a region of China chosen in
 * a cascader or a tree whose levels load as they open; held as the region code (the last level
 * chosen), comma-joined when `multiple`. Changing `from`, `includeFrom`, `level` or `multiple`
 * empties the value and loads the levels again.
 */
export interface PcaProps {
  /** The region whose children are the top level (`440000`); `'0'`, the root, is all China. */
  readonly from?: string;
  /** `from` itself is the top level, choosable as a whole. Default `false`. */
  readonly includeFrom?: boolean;
  /** Several regions may be chosen (held comma-joined). Default `false`. */
  readonly multiple?: boolean;
  /** The deepest level offered: 1 province, 2 city, 3 district, 4 street, 5 village. Default `3`. */
  readonly level?: number;
  /** `cascader` (one column per level) or `tree` (a tree select). Default `cascader`. */
  readonly mode?: 'cascader' | 'tree';
  /** Shows a clear icon that empties the choice. Default `true`. */
  readonly allowClear?: boolean;
}

export const pcaProps = defineProps<PcaProps>()(
  {
    from: {
      type: 'string',
      pattern: AREA_PARENT_PATTERN,
      description: '从哪个地区的下级开始（0：全国；如 440000 广东省）',
    },
    includeFrom: { type: 'boolean', description: '可以选择 from 地区本身' },
    multiple: { type: 'boolean', description: '可以选择多个地区' },
    level: {
      type: 'integer',
      minimum: 1,
      maximum: 5,
      description: '选到第几级（1 省、2 市、3 区县、4 乡镇街道、5 村）',
    },
    mode: { enum: ['cascader', 'tree'], description: 'cascader：级联；tree：树形' },
    allowClear: { type: 'boolean', description: '显示清除图标' },
  },
  {
    from: AREA_ROOT,
    includeFrom: false,
    multiple: false,
    level: 3,
    mode: 'cascader',
    allowClear: true,
  },
);

/**
 * A query-form value: one region finds every record inside it (`44*` for 广东省 `440000`),
 * several find exactly those codes.
 */
function areaQueryFilter(value: string): string {
  const codes = value.split(',').filter(isAreaCode);
  if (codes.length !== 1) return encodeFilter('in', codes.length > 0 ? codes : [value]);
  const prefix = areaPrefix(codes[0]!);
  return isAreaRoot(prefix) ? encodeFilter('eq', value) : encodeFilter('right_like', prefix);
}

export const pcaEntry = defineEntry({
  type: 'pca',
  title: '省市区',
  props: pcaProps,
  value: 'list',
  queryRule: 'right_like',
  queryFilter: areaQueryFilter,
  grid: { width: 220, text: 'display' },
  // Levels through /module/default/address/common/nl/all/data/by-pid, names through by-ids.
  chooses: true,
  lookups: [],
});
