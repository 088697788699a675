import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { idsOf } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { categoryNames } from './category-names';

/**
 * The chosen categories' names joined by commas (an id the server does not name shows as
 * itself); every view on a screen asks in one batched request.
 */
export function CatTreeDisplay(props: DisplayProps) {
  const { http } = useServices();
  const ids = idsOf(props.value);
  const texts = useNames(categoryNames(http), ids);
  if (ids.length === 0 || !texts) return null;
  return <TextView text={texts.join(',')} variant={props.variant} />;
}
