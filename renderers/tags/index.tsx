import type { RendererSpec } from '../../registry/types';
import { TagsCell } from './Cell';
import { TagsDisplay } from './Display';
import { tagsProps } from './props';
import { TagsWidget } from './Widget';

/**
 * `tags`: free tags as one semicolon-joined string (`'紧急;待办'`), edited as antd tags and shown
 * as coloured Tags (`setTagColor(tag)` of the grid column, or the `colors` prop).
 */
export const tagsRenderer: RendererSpec = {
  field: TagsWidget,
  display: TagsDisplay,
  cell: TagsCell,
  props: tagsProps.schema,
  queryRule: 'like',
  valueType: 'string',
};

export default tagsRenderer;
