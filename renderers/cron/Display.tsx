import type { DisplayProps } from '../../registry/types';
import { TextView } from '../shared/TextView';
import { asText } from '../shared/values';

/** The expression's text. */
export function CronDisplay(props: DisplayProps) {
  return <TextView text={asText(props.value)} variant={props.variant} />;
}
