import { defineEntry } from '../entry';
import { defineProps } from '../props';

/** Props of `tags`: free tags held as one semicolon-joined string (`'紧急;待办'`). */
export interface TagsProps {
  /** Shows a clear icon that removes every tag. Default `true`. */
  readonly allowClear?: boolean;
  /** Tags shown before a "+N" tag in forms (grid cells show 1). Default: all. */
  readonly maxTagCount?: number;
  /**
   * Colour per tag (an antd preset such as `red`, or a CSS colour); a grid column's
   * `setTagColor(tag)` wins. Default: none.
   */
  readonly colors?: Readonly<Record<string, string>>;
}

export const tagsProps = defineProps<TagsProps>()(
  {
    allowClear: { type: 'boolean', description: '显示清除图标' },
    maxTagCount: { type: 'integer', minimum: 0, maximum: 100, description: '最多显示的标签数' },
    colors: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 50 },
      description: '各标签的颜色，如 {"紧急": "red"}',
    },
  },
  { allowClear: true },
);

/** Tags are joined with a semicolon (widgets.md §2.5); typing one also ends a tag. */
export const TAG_SEPARATOR = ';';

export const tagsEntry = defineEntry({
  type: 'tags',
  title: '标签',
  props: tagsProps,
  value: 'string',
  queryRule: 'like',
  grid: { text: 'tags' },
  lookups: ['dict'],
});
