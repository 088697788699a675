import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { catTreeProps } from '../../src/contracts/catalogue/entries/cat_tree';
import { idsOf, valueOfIds } from '../shared/pickers/ids';
import { useNames } from '../shared/pickers/use-names';
import { given, loadLevelFrom } from '../shared/tree-select/level-load';
import { LazyTreeSelect } from '../shared/tree-select/LazyTreeSelect';
import { CATEGORY_TREE_URL, categoryNames } from './category-names';

/**
 * `cat_tree` (widgets.md §2.2): the category tree below `pcode`, each level loaded when it
 * first opens; holds the chosen node ids (comma-joined in multi mode, '' for none).
 */
export function CatTreeWidget(props: FieldWidgetProps) {
  const p = catTreeProps.read(props);
  const { http } = useServices();
  const lookup = categoryNames(http);
  const ids = idsOf(props.value);
  const texts = useNames(lookup, ids);
  return (
    <LazyTreeSelect
      widget={props}
      multi={p.multi}
      allowClear={p.allowClear}
      ids={ids}
      texts={texts}
      condition={p.condition}
      sourceKey={`${p.pcode}\n${p.condition}`}
      loadLevel={(parent) =>
        loadLevelFrom(
          http,
          CATEGORY_TREE_URL,
          given(
            parent
              ? { pid: parent.id, condition: p.condition }
              : { pcode: p.pcode || '0', condition: p.condition },
          ),
          parent?.id ?? '',
        )
      }
      onPick={(picked) => {
        lookup.remember(picked.map((one) => [one.id, one.text] as const));
        props.onChange?.(valueOfIds(picked.map((one) => one.id)));
      }}
    />
  );
}
