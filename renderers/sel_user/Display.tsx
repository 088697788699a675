import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { idsOf } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { userNames } from './user-names';

/** widgets.md §9: user texts are cut after 25 width units. */
const USER_ELLIPSIS = 25;

/**
 * The chosen people's real names joined by commas (an id the server does not name shows as
 * itself). Every view on a screen asks in one batched request (`userNames`).
 */
export function SelUserDisplay(props: DisplayProps) {
  const { http } = useServices();
  const ids = idsOf(props.value);
  const texts = useNames(userNames(http), ids);
  if (ids.length === 0 || !texts) return null;
  return <TextView text={texts.join(',')} variant={props.variant} ellipsis={USER_ELLIPSIS} />;
}
