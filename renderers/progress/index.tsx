import type { RendererComponents } from '../../registry/types';
import { ProgressCell } from './Cell';
import { ProgressDisplay } from './Display';
import { ProgressWidget } from './Widget';

/** `progress`: a percentage (number 0–100) shown as a small bar; typed only with `editable`. */
export const progressRenderer: RendererComponents = {
  field: ProgressWidget,
  display: ProgressDisplay,
  cell: ProgressCell,
};

export default progressRenderer;
