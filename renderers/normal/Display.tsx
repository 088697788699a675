import type { DisplayProps } from '../../registry/types';
import { dictTextOf, displayOptions, optionText } from '../shared/options';
import { TextView } from '../shared/TextView';
import { asText, splitList } from '../shared/values';
import { normalProps } from '../../src/contracts/catalogue/entries/normal';

/** The text of a value: dictionary text, option texts (comma lists item by item), the value. */
export function normalText(props: DisplayProps): string {
  const dictText = dictTextOf(props);
  if (dictText !== undefined) return dictText;
  const options = displayOptions(props);
  if (options && options.length > 0) {
    return splitList(props.value, ',')
      .map((item) => optionText(options, item))
      .join(',');
  }
  return Array.isArray(props.value) ? splitList(props.value, ',').join(',') : asText(props.value);
}

/** The value as text; cut with a tooltip in cells. */
export function NormalDisplay(props: DisplayProps) {
  const { ellipsis } = normalProps.read(props);
  return <TextView text={normalText(props)} variant={props.variant} ellipsis={ellipsis} />;
}
