import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selTreeProps } from '../../src/contracts/catalogue/entries/sel_tree';
import { idsOf } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { TextView } from '../shared/TextView';
import { treeTexts } from './tree-texts';

/** The chosen rows' texts joined by commas (a value without a row shows as itself). */
export function SelTreeDisplay(props: DisplayProps) {
  const p = selTreeProps.read(props);
  const { http } = useServices();
  const ids = idsOf(props.value);
  const texts = useNames(treeTexts(http, p.dict), p.dict ? ids : []);
  if (ids.length === 0) return null;
  if (!p.dict) return <TextView text={ids.join(',')} variant={props.variant} />;
  if (!texts) return null;
  return <TextView text={texts.join(',')} variant={props.variant} />;
}
