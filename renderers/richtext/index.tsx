import type { RendererComponents } from '../../registry/types';
import { RichtextCell } from './Cell';
import { RichtextDisplay } from './Display';
import { RichtextWidget } from './Widget';

/**
 * `richtext` (widgets.md §2.7): HTML written in a lexical editor with a Chinese toolbar. Its
 * code (lexical) loads with the first editor drawn; lists and detail views use the light
 * `RichtextDisplay` (cleaned HTML, signed image URLs).
 */
export const richtextRenderer: RendererComponents = {
  field: RichtextWidget,
  display: RichtextDisplay,
  cell: RichtextCell,
};

export default richtextRenderer;
