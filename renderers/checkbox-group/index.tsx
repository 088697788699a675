import type { RendererComponents } from '../../registry/types';
import { CheckboxGroupDisplay } from './Display';
import { CheckboxGroupWidget } from './Widget';

/** `checkbox-group`: several options ticked, in one joined string; filtered with `in`. */
export const checkboxGroupRenderer: RendererComponents = {
  field: CheckboxGroupWidget,
  display: CheckboxGroupDisplay,
};

export default checkboxGroupRenderer;
