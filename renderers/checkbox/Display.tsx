import type { DisplayProps } from '../../registry/types';
import { stateOf } from '../shared/yes-no';
import { checkboxProps } from './props';

/** 是 / 否 (or the configured texts); nothing for an empty value. */
export function CheckboxDisplay(props: DisplayProps) {
  const p = checkboxProps.read(props);
  const state = stateOf(props.value, p.checkedValue, p.uncheckedValue);
  if (state === null) return null;
  return <span>{state === 'on' ? p.labels[0] : p.labels[1]}</span>;
}
