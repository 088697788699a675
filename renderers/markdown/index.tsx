import type { RendererComponents } from '../../registry/types';
import { MarkdownCell } from './Cell';
import { MarkdownDisplay } from './Display';
import { MarkdownWidget } from './Widget';

/**
 * `markdown` (widgets.md §2.7): the source with a live preview and the 图片上传 dialog; shown as
 * sanitised HTML (marked and DOMPurify load on first use).
 */
export const markdownRenderer: RendererComponents = {
  field: MarkdownWidget,
  display: MarkdownDisplay,
  cell: MarkdownCell,
};

export default markdownRenderer;
