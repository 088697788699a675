import type { RendererSpec } from '../../registry/types';
import { NormalDisplay } from './Display';
import { normalProps } from './props';
import { NormalWidget } from './Widget';

/** `normal`: display-only text (option or dictionary text when there is one), never editable. */
export const normalRenderer: RendererSpec = {
  field: NormalWidget,
  display: NormalDisplay,
  props: normalProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default normalRenderer;
