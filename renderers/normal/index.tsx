import type { RendererComponents } from '../../registry/types';
import { NormalCell } from './Cell';
import { NormalDisplay } from './Display';
import { NormalWidget } from './Widget';

/** `normal`: display-only text (option or dictionary text when there is one), never editable. */
export const normalRenderer: RendererComponents = {
  field: NormalWidget,
  display: NormalDisplay,
  cell: NormalCell,
};

export default normalRenderer;
