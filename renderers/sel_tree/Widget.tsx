import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selTreeProps } from '../../src/contracts/catalogue/entries/sel_tree';
import { idsOf, valueOfIds } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { given, loadLevelFrom } from '../shared/tree-select/level-load';
import { LazyTreeSelect } from '../shared/tree-select/LazyTreeSelect';
import { DICT_TREE_URL, treeTexts } from './tree-texts';

/**
 * `sel_tree` (widgets.md §2.2, JTreeSelect): a table's tree (`dict` = `table,text,code`,
 * `pidField` links a row to its parent), each level loaded when it first opens; holds the
 * chosen rows' code values (comma-joined in multi mode, '' for none).
 */
export function SelTreeWidget(props: FieldWidgetProps) {
  const p = selTreeProps.read(props);
  const { http } = useServices();
  const lookup = treeTexts(http, p.dict);
  const ids = idsOf(props.value);
  const texts = useNames(lookup, p.dict ? ids : []);
  const [tableName = '', text = '', code = ''] = p.dict.split(',');
  return (
    <LazyTreeSelect
      widget={props}
      multi={p.multi}
      allowClear={p.allowClear}
      ids={ids}
      texts={p.dict ? texts : ids}
      condition={p.condition}
      sourceKey={[p.dict, p.pidField, p.pidValue, p.hasChildField, p.condition].join('\n')}
      loadLevel={async (parent) => {
        if (!p.dict) return [];
        const params = given({
          tableName,
          text,
          code,
          pidField: p.pidField,
          hasChildField: p.hasChildField,
          condition: p.condition,
          pid: parent ? parent.id : p.pidValue,
        });
        return loadLevelFrom(http, DICT_TREE_URL, params, parent?.id ?? '');
      }}
      onPick={(picked) => {
        lookup.remember(picked.map((one) => [one.id, one.text] as const));
        props.onChange?.(valueOfIds(picked.map((one) => one.id)));
      }}
    />
  );
}
