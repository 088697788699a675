import type { DisplayProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { idsOf } from '../shared/pickers/ids';
import { TextView } from '../shared/TextView';
import { useAreaTexts } from './area-names';
import { areaSource } from './area-source';

/**
 * The regions' paths of names (`广东省 / 深圳市 / 南山区`), several joined by commas; every
 * view on a screen asks for its names in one batched request.
 */
export function PcaDisplay(props: DisplayProps) {
  const { http } = useServices();
  const codes = idsOf(props.value);
  const texts = useAreaTexts(areaSource(http).names, codes);
  if (codes.length === 0 || !texts) return null;
  return <TextView text={texts.paths.join(',')} variant={props.variant} />;
}
