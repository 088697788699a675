import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { idsOf } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { departNames } from './depart-names';

/** widgets.md §9: the default ellipsis, 25 width units (12 is for the pickers' own tables). */
const DEPART_ELLIPSIS = 25;

/**
 * The chosen departments' names joined by commas (an id no department has shows as itself).
 * Every view on a screen asks in one batched request (`departNames`).
 */
export function SelDepartDisplay(props: DisplayProps) {
  const { http } = useServices();
  const ids = idsOf(props.value);
  const texts = useNames(departNames(http), ids);
  if (ids.length === 0 || !texts) return null;
  return <TextView text={texts.join(',')} variant={props.variant} ellipsis={DEPART_ELLIPSIS} />;
}
