import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { idsOf } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { positionNames } from './position-names';

/** widgets.md §9: the default ellipsis, 25 width units. */
const POSITION_ELLIPSIS = 25;

/**
 * The chosen positions' names joined by commas (a code no position has shows as itself). Every
 * view on a screen asks in one batched request (`positionNames`).
 */
export function SelPositionDisplay(props: DisplayProps) {
  const { http } = useServices();
  const codes = idsOf(props.value);
  const texts = useNames(positionNames(http), codes);
  if (codes.length === 0 || !texts) return null;
  return <TextView text={texts.join(',')} variant={props.variant} ellipsis={POSITION_ELLIPSIS} />;
}
