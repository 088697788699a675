import type { DisplayProps } from '../../registry/types';
import { TextView } from '../shared/TextView';

/** A popup's value as text (lists, detail views): light, so lists never load the picker. */
export function PopupDisplay(props: DisplayProps) {
  const value = props.value;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return <TextView text={text} variant={props.variant} />;
}
