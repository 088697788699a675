import type { FieldWidgetProps } from '../../registry/types';
import { AREA_ROOT } from '../../src/contracts/area-code';
import { LazyTreeSelect, type TreeOption } from '../shared/tree-select/LazyTreeSelect';
import { isAreaLeaf, topLevel } from './area-levels';
import type { AreaSource } from './area-source';

export interface TreeControlProps {
  readonly widget: FieldWidgetProps;
  readonly source: AreaSource;
  readonly codes: readonly string[];
  /** The held codes' names; null while being looked up. */
  readonly names: readonly string[] | null;
  readonly from: string;
  readonly includeFrom: boolean;
  readonly multiple: boolean;
  readonly depth: number;
  readonly allowClear: boolean;
  readonly sourceKey: string;
  readonly onCodes: (codes: readonly string[]) => void;
}

/**
 * The multi-select tree of widgets.md §2.1 (the shared lazy tree select): the top level loads
 * when drawn, each region's children when it is first expanded.
 */
export function TreeControl(p: TreeControlProps) {
  const asOptions = (items: Awaited<ReturnType<typeof topLevel>>): TreeOption[] =>
    items.map((item) => ({
      id: item.id,
      pId: item.pid === '' ? AREA_ROOT : item.pid,
      value: item.id,
      title: item.name,
      isLeaf: isAreaLeaf(item, p.depth),
    }));
  return (
    <LazyTreeSelect
      widget={p.widget}
      multi={p.multiple}
      allowClear={p.allowClear}
      ids={p.codes}
      texts={p.names}
      condition=""
      sourceKey={p.sourceKey}
      loadLevel={async (parent) =>
        asOptions(
          parent
            ? await p.source.children(parent.id)
            : await topLevel(p.source, p.from, p.includeFrom),
        )
      }
      onPick={(picked) => p.onCodes(picked.map((one) => one.id))}
    />
  );
}
