import type { FieldWidgetProps } from '../../registry/types';
import { NumberBox } from '../shared/NumberBox';
import { ProgressDisplay } from './Display';
import { PERCENT, progressProps } from '../../src/contracts/catalogue/entries/progress';

/**
 * In a form: the bar, or with `editable` a number box of 0–100 (`%` after it); the value is a
 * number, null when emptied.
 */
export function ProgressWidget(props: FieldWidgetProps) {
  const p = progressProps.read(props);
  if (!p.editable || props.readOnly) {
    return <ProgressDisplay {...props} value={props.value} />;
  }
  return <NumberBox widget={props} min={PERCENT.min} max={PERCENT.max} suffix="%" />;
}
