import type { FieldWidgetProps } from '../../registry/types';
import { asText } from '../shared/values';

/**
 * Nothing visible: the form keeps the value (an id, a foreign key) and saves it. A hidden
 * input carries it in the page for anyone looking.
 */
export function HiddenWidget(props: FieldWidgetProps) {
  return <input type="hidden" name={props.field?.name} value={asText(props.value)} />;
}
