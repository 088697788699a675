import type { RendererSpec } from '../../registry/types';
import { CheckboxDisplay } from './Display';
import { checkboxProps } from './props';
import { CheckboxWidget } from './Widget';

/** `checkbox`: one tick box holding `'Y'`/`'N'` (or custom values); shown as 是/否. */
export const checkboxRenderer: RendererSpec = {
  field: CheckboxWidget,
  display: CheckboxDisplay,
  props: checkboxProps.schema,
  queryRule: 'eq',
  valueType: 'string',
};

export default checkboxRenderer;
