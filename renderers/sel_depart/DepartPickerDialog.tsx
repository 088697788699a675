import { Tree } from 'antd';
import { useState } from 'react';
import type { Http } from '../../src/runtime/http';
import type { Picked } from '../shared/pickers/ids';
import { departNamesOf, treeDataOf, useDepartTree } from '../shared/pickers/depart-tree';
import { PickerDialog } from '../shared/pickers/PickerDialog';

export const TITLE_DEPART_PICKER = '选择部门';
/** widgets.md §9: the department picker is 500 wide. */
const DIALOG_WIDTH = 500;
/** widgets.md §9: picker lists scroll after 240px. */
const TREE_HEIGHT = 240;
/** On a phone the tree and the picked list side by side, scrolled sideways (§2.11). */
const PHONE_CONTENT_WIDTH = 480;

export interface DepartPickerDialogProps {
  readonly http: Http;
  /** Several departments, or one (the latest tick replaces the others, §4). */
  readonly multi: boolean;
  /** The departments chosen when the dialog opened. */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/**
 * The department tree picker (widgets.md §2.11): the whole tree, every department ticked on
 * its own (a parent's tick does not tick its children), and the picked list. The caller
 * mounts it while it is open, so every opening starts from `initial`.
 */
export function DepartPickerDialog(props: DepartPickerDialogProps) {
  const { http, multi } = props;
  const [picked, setPicked] = useState<readonly Picked[]>(props.initial);
  const tree = useDepartTree(http);
  const names = departNamesOf(tree);

  const toggle = (id: string) => {
    const on = !picked.some((p) => p.id === id);
    const item = { id, text: names.get(id) ?? id };
    if (!multi) setPicked(on ? [item] : []);
    else setPicked((now) => (on ? [...now, item] : now.filter((p) => p.id !== id)));
  };

  return (
    <PickerDialog
      title={TITLE_DEPART_PICKER}
      width={DIALOG_WIDTH}
      phoneContentWidth={PHONE_CONTENT_WIDTH}
      picked={picked}
      onRemove={(id) => setPicked((now) => now.filter((p) => p.id !== id))}
      onOk={() => props.onOk(picked)}
      onCancel={props.onCancel}
    >
      <nav aria-label="部门" style={{ height: TREE_HEIGHT + 120, overflow: 'auto' }}>
        {/* Drawn once loaded, so the whole tree starts expanded. */}
        {tree.length > 0 && (
          <Tree
            checkable
            checkStrictly
            blockNode
            defaultExpandAll
            selectable={false}
            treeData={treeDataOf(tree)}
            checkedKeys={{ checked: picked.map((p) => p.id), halfChecked: [] }}
            // Not selectable: a click on the name ticks too (rc-tree sends it to onCheck).
            onCheck={(_keys, info) => toggle(String(info.node.key))}
          />
        )}
      </nav>
    </PickerDialog>
  );
}
