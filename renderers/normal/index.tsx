import type { RendererSpec } from '../../registry/types';
import { NormalCell } from './Cell';
import { NormalDisplay } from './Display';
import { normalProps } from './props';
import { NormalWidget } from './Widget';

/** `normal`: display-only text (option or dictionary text when there is one), never editable. */
export const normalRenderer: RendererSpec = {
  field: NormalWidget,
  display: NormalDisplay,
  cell: NormalCell,
  props: normalProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default normalRenderer;
