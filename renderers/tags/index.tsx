import type { RendererComponents } from '../../registry/types';
import { TagsCell } from './Cell';
import { TagsDisplay } from './Display';
import { TagsWidget } from './Widget';

/**
 * `tags`: free tags as one semicolon-joined string (`'紧急;待办'`), edited as antd tags and shown
 * as coloured Tags (`setTagColor(tag)` of the grid column, or the `colors` prop).
 */
export const tagsRenderer: RendererComponents = {
  field: TagsWidget,
  display: TagsDisplay,
  cell: TagsCell,
};

export default tagsRenderer;
