import type { DisplayProps } from '../../registry/types';
import { dictTextOf, displayOptions, optionText } from './options';
import { TextView } from './TextView';
import { asChoice } from './values';

/** The text of one chosen option: `<name>_dictText` first, then the option's text, then the value. */
export function choiceText(props: DisplayProps): string {
  const value = asChoice(props.value);
  if (value === undefined) return '';
  return dictTextOf(props) ?? optionText(displayOptions(props), value);
}

/** Read-only view of a single choice (select, radio, dict-select). */
export function OptionDisplay(props: DisplayProps) {
  return <TextView text={choiceText(props)} variant={props.variant} />;
}
