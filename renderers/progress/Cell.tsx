import type { FieldWidgetProps } from '../../registry/types';
import { NumberTextControl } from '../shared/NumberTextControl';
import { ProgressDisplay } from './Display';
import { PERCENT, progressProps } from '../../src/contracts/catalogue/entries/progress';

/**
 * Grid cell of `progress`: the same bar, not editable; with `editable` a number text box
 * (only numbers accepted, kept within 0–100 on blur).
 */
export function ProgressCell(props: FieldWidgetProps) {
  const p = progressProps.read(props);
  if (!p.editable || props.readOnly) {
    return <ProgressDisplay {...props} value={props.value} />;
  }
  return <NumberTextControl widget={props} min={PERCENT.min} max={PERCENT.max} />;
}
