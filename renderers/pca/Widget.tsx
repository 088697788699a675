import { Typography } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { isAreaRoot, isInsideArea, MSG_AREA_OUTSIDE_FROM } from '../../src/contracts/area-code';
import { pcaProps } from '../../src/contracts/catalogue/entries/pca';
import { idsOf, valueOfIds } from '../shared/pickers/ids';
import { useAreaTexts } from './area-names';
import { areaSource } from './area-source';
import { CascaderControl } from './CascaderControl';
import { TreeControl } from './TreeControl';
import { useResetOnChange } from './use-reset';

/**
 * `pca` (widgets.md §2.1): a region of China below `from`, down to `level`, in a cascader or a
 * tree; holds the code (comma-joined codes when `multiple`, '' for none). A code outside
 * `from` shows the message of widgets.md §5 under the box.
 */
export function PcaWidget(props: FieldWidgetProps) {
  const p = pcaProps.read(props);
  const { http } = useServices();
  const source = areaSource(http);
  const codes = idsOf(props.value);
  const texts = useAreaTexts(source.names, codes);
  const sourceKey = [p.from, p.includeFrom, p.level, p.multiple].join('\n');
  useResetOnChange(sourceKey, codes.length === 0, () => props.onChange?.(''));

  const outside = !isAreaRoot(p.from) && codes.some((code) => !isInsideArea(code, p.from));
  const onCodes = (next: readonly string[]) => props.onChange?.(valueOfIds(next));
  const common = {
    widget: props,
    source,
    codes,
    from: p.from,
    includeFrom: p.includeFrom,
    multiple: p.multiple,
    depth: p.level,
    allowClear: p.allowClear,
    sourceKey,
    onCodes,
  };
  return (
    <>
      {p.mode === 'tree' ? (
        <TreeControl {...common} names={texts?.names ?? null} />
      ) : (
        <CascaderControl {...common} texts={texts?.paths ?? null} />
      )}
      {outside && (
        <div role="alert">
          <Typography.Text type="danger">{MSG_AREA_OUTSIDE_FROM}</Typography.Text>
        </div>
      )}
    </>
  );
}
