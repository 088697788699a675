import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selRoleProps } from '../../src/contracts/catalogue/entries/sel_role';
import { idsOf } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { roleNames } from './role-names';

/** widgets.md §9: the default ellipsis, 25 width units. */
const ROLE_ELLIPSIS = 25;

/**
 * The chosen roles' names joined by commas (an id or code no role has shows as itself). Every
 * view on a screen asks in one batched request (`roleNames`).
 */
export function SelRoleDisplay(props: DisplayProps) {
  const { http } = useServices();
  const field = selRoleProps.read(props).valueField;
  const keys = idsOf(props.value);
  const texts = useNames(roleNames(http, field), keys);
  if (keys.length === 0 || !texts) return null;
  return <TextView text={texts.join(',')} variant={props.variant} ellipsis={ROLE_ELLIPSIS} />;
}
