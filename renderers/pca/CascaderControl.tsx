import { useMemo } from 'react';
import { Cascader } from 'antd';
import type { FieldWidgetProps } from '../../registry/types';
import type { AreaItem } from '../../src/contracts/area-code';
import { selectA11y } from '../shared/a11y';
import { cellLook } from '../shared/cell';
import { placeholderOf } from '../shared/placeholder';
import { isAreaLeaf, pathBelow, useAreaLevels } from './area-levels';
import type { AreaSource } from './area-source';
import './cascader.css';

/** One option of the cascader. */
interface AreaOption {
  readonly value: string;
  readonly label: string;
  readonly isLeaf: boolean;
  readonly children?: AreaOption[];
}

function optionsOf(
  items: readonly AreaItem[],
  kids: ReadonlyMap<string, readonly AreaItem[]>,
  depth: number,
): AreaOption[] {
  return items.map((item) => {
    const children = kids.get(item.id);
    // A node whose level came back empty (no villages are stored) is a leaf too.
    const isLeaf = isAreaLeaf(item, depth) || children?.length === 0;
    return {
      value: item.id,
      label: item.name,
      isLeaf,
      ...(!isLeaf && children ? { children: optionsOf(children, kids, depth) } : {}),
    };
  });
}

export interface CascaderControlProps {
  readonly widget: FieldWidgetProps;
  readonly source: AreaSource;
  readonly codes: readonly string[];
  /** What each held code reads as (`广东省 / 深圳市 / 南山区`); null while being looked up. */
  readonly texts: readonly string[] | null;
  readonly from: string;
  readonly includeFrom: boolean;
  readonly multiple: boolean;
  readonly depth: number;
  readonly allowClear: boolean;
  readonly sourceKey: string;
  readonly onCodes: (codes: readonly string[]) => void;
}

/**
 * The cascading selector of widgets.md §2.1: one column per level, each loaded when its parent
 * is opened; single mode holds the last level chosen, multiple mode one code per ticked region
 * (a ticked parent stands for its whole region). In a query form any level may be chosen.
 */
export function CascaderControl(p: CascaderControlProps) {
  const { widget, codes } = p;
  // One array per held value for as long as it is held: the cascader opens its columns at the
  // value each time the value's array changes, which would undo every click of the user.
  const pathsKey = [codes.join(','), p.from, p.includeFrom].join('\n');
  const paths = useMemo(
    () => codes.map((code) => pathBelow(code, p.from, p.includeFrom)),
    // `pathsKey` stands for codes, from and includeFrom.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathsKey],
  );
  const levels = useAreaLevels(p.source, p.from, p.includeFrom, p.sourceKey, paths);
  const options = optionsOf(levels.top ?? [], levels.kids, p.depth);
  const { readOnly, disabled } = widget;

  const loadData = (selected: { value?: string | number | null }[]) => {
    const last = selected.at(-1)?.value;
    if (typeof last === 'string') void levels.load(last);
  };
  const lastOf = (path: readonly unknown[]) => String(path.at(-1) ?? '');
  const common = {
    ...selectA11y(widget),
    ...cellLook(widget),
    style: { width: '100%' },
    options,
    loadData,
    changeOnSelect: widget.inQuery === true,
    classNames: { popup: { root: 'sa-area-popup' } },
    disabled,
    placeholder: placeholderOf(widget, '请选择'),
    allowClear: p.allowClear && !readOnly,
    onBlur: widget.onBlur,
    ...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {}),
  };

  if (p.multiple) {
    return (
      <Cascader
        {...common}
        multiple
        showCheckedStrategy={Cascader.SHOW_PARENT}
        maxTagCount={widget.size === 'small' ? 1 : undefined}
        value={paths}
        onChange={(next: unknown) => {
          if (readOnly) return;
          const picked = Array.isArray(next) ? (next as unknown[][]) : [];
          p.onCodes(picked.map(lastOf).filter((code) => code !== ''));
        }}
      />
    );
  }
  return (
    <Cascader
      {...common}
      value={paths[0]}
      displayRender={(labels) => p.texts?.[0] ?? labels.join(' / ')}
      onChange={(next: unknown) => {
        if (readOnly) return;
        const code = Array.isArray(next) ? lastOf(next) : '';
        p.onCodes(code === '' ? [] : [code]);
      }}
    />
  );
}
