import type { DisplayProps } from '../../registry/types';
import { stateOf } from '../shared/yes-no';
import { switchProps } from '../../src/contracts/catalogue/entries/switch';

/** 是 / 否 (or the configured texts); nothing for an empty value. */
export function SwitchDisplay(props: DisplayProps) {
  const p = switchProps.read(props);
  const state = stateOf(props.value, p.options[0], p.options[1]);
  if (state === null) return null;
  return <span>{state === 'on' ? p.labels[0] : p.labels[1]}</span>;
}
