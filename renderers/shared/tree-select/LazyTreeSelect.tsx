import { useEffect, useState } from 'react';
import { TreeSelect, Typography } from 'antd';
import type { FieldWidgetProps } from '../../../registry/types';
import { selectA11y } from '../a11y';
import { cellLook } from '../cell';
import type { Picked } from '../pickers/ids';
import { placeholderOf } from '../placeholder';
import { conditionProblem } from '../../../src/contracts/tree-condition';

/** One node as the tree select holds it (antd's simple mode: `pId` links a node to its parent). */
export interface TreeOption {
  readonly id: string;
  readonly pId: string;
  readonly value: string;
  readonly title: string;
  readonly isLeaf: boolean;
}

/** widgets.md §2.2, §9: the dropdown is at most 400 px high. */
export const TREE_DROPDOWN_HEIGHT = 400;

export interface LazyTreeSelectProps {
  readonly widget: FieldWidgetProps;
  readonly multi: boolean;
  readonly allowClear: boolean;
  /** The held ids and what they read as (null while their texts are being looked up). */
  readonly ids: readonly string[];
  readonly texts: readonly string[] | null;
  /** The `condition` prop, checked before anything loads. */
  readonly condition: string;
  /** The top level (`null`) or the children of a node. */
  readonly loadLevel: (parent: TreeOption | null) => Promise<readonly TreeOption[]>;
  /** Changes when the tree's source changes: the top level loads again. */
  readonly sourceKey: string;
  readonly onPick: (picked: readonly Picked[]) => void;
}

interface Labelled {
  readonly value: string;
  readonly label?: unknown;
}

/**
 * A tree select whose top level loads when mounted and each node's children on first
 * expansion; the held ids are shown by their looked-up texts, so a value outside the loaded
 * levels still reads as its name. A bad `condition` shows its message and loads nothing.
 */
export function LazyTreeSelect(p: LazyTreeSelectProps) {
  const { widget, multi } = p;
  const problem = conditionProblem(p.condition);
  const [nodes, setNodes] = useState<readonly TreeOption[]>([]);
  const { loadLevel } = p;

  useEffect(() => {
    setNodes([]);
    if (problem) return;
    let live = true;
    void loadLevel(null).then((top) => {
      if (live) setNodes(top);
    });
    return () => {
      live = false;
    };
    // `sourceKey` stands for the loader (a new function each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.sourceKey, problem]);

  const loadChildren = async (node: { readonly value?: unknown }) => {
    const parent = nodes.find((n) => n.value === node.value);
    if (!parent) return;
    const children = await loadLevel(parent);
    setNodes((now) => {
      const known = new Set(now.map((n) => n.id));
      return [...now, ...children.filter((c) => !known.has(c.id))];
    });
  };

  const labelled = p.ids.map((id, i) => ({ value: id, label: p.texts?.[i] ?? id }));
  const pick = (next: unknown) => {
    const list = (Array.isArray(next) ? next : next ? [next] : []) as Labelled[];
    p.onPick(
      list.map((one) => ({
        id: String(one.value),
        text: typeof one.label === 'string' ? one.label : String(one.value),
      })),
    );
  };
  const { readOnly, disabled } = widget;

  return (
    <>
      <TreeSelect
        {...selectA11y(widget)}
        {...cellLook(widget)}
        style={{ width: '100%' }}
        treeDataSimpleMode
        treeData={nodes.map((n) => ({ ...n }))}
        loadData={loadChildren}
        labelInValue
        multiple={multi}
        value={multi ? labelled : labelled[0]}
        onChange={(next: unknown) => {
          if (!readOnly) pick(next);
        }}
        onBlur={widget.onBlur}
        disabled={disabled}
        placeholder={placeholderOf(widget, '请选择')}
        allowClear={p.allowClear && !readOnly}
        listHeight={TREE_DROPDOWN_HEIGHT}
        styles={{ popup: { root: { maxHeight: TREE_DROPDOWN_HEIGHT, overflow: 'auto' } } }}
        status={problem ? 'error' : undefined}
        {...(readOnly ? { open: false, suffixIcon: null, 'aria-readonly': true } : {})}
      />
      {problem && (
        <div role="alert">
          <Typography.Text type="danger">{problem}</Typography.Text>
        </div>
      )}
    </>
  );
}
