import type { DisplayProps } from '../../registry/types';
import { MenuIconWithLabel } from '../shared/MenuIcon';
import { asChoice } from '../shared/values';

/** The icon and its Chinese name (设置), or a stored name outside the list as it is. */
export function IconSelectDisplay(props: DisplayProps) {
  return <MenuIconWithLabel name={asChoice(props.value) ?? null} />;
}
