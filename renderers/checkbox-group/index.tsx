import type { RendererSpec } from '../../registry/types';
import { CheckboxGroupDisplay } from './Display';
import { checkboxGroupProps } from './props';
import { CheckboxGroupWidget } from './Widget';

/** `checkbox-group`: several options ticked, in one joined string; filtered with `in`. */
export const checkboxGroupRenderer: RendererSpec = {
  field: CheckboxGroupWidget,
  display: CheckboxGroupDisplay,
  props: checkboxGroupProps.schema,
  queryRule: 'in',
  valueType: 'list',
};

export default checkboxGroupRenderer;
