import type { RendererSpec } from '../../registry/types';
import { ProgressCell } from './Cell';
import { ProgressDisplay } from './Display';
import { progressProps } from './props';
import { ProgressWidget } from './Widget';

/** `progress`: a percentage (number 0–100) shown as a small bar; typed only with `editable`. */
export const progressRenderer: RendererSpec = {
  field: ProgressWidget,
  display: ProgressDisplay,
  cell: ProgressCell,
  props: progressProps.schema,
  queryRule: 'eq',
  valueType: 'number',
};

export default progressRenderer;
