import { Suspense, useContext, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { RenderEditCellProps } from 'react-data-grid';
import { GridActionsContext } from '../grid-context';
import type { GridRow } from '../types';
import type { CellSpec } from './cell-spec';
import { isInsidePopup } from './popups';

export interface CellEditorProps {
  readonly spec: CellSpec;
  readonly row: GridRow;
  readonly onRowChange: RenderEditCellProps<GridRow>['onRowChange'];
  readonly onClose: RenderEditCellProps<GridRow>['onClose'];
}

/**
 * The registry widget of the cell being edited (`cell ?? field`). Keystrokes stay in the
 * grid's editing copy of the row; the row commits on Enter / Tab (react-data-grid), on a
 * click in another cell, or on a mouse release outside the grid and outside antd pop-ups.
 */
export function CellEditor({ spec, row, onRowChange, onClose }: CellEditorProps) {
  const actions = useContext(GridActionsContext);
  const box = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);

  useLayoutEffect(() => {
    latestClose.current = onClose;
  });

  useLayoutEffect(() => {
    const close = () => {
      // A widget may settle its value on blur (number text → number): let it, then commit
      // the row as it is after that.
      const active = document.activeElement;
      if (active instanceof HTMLElement && box.current?.contains(active)) {
        flushSync(() => active.blur());
      }
      latestClose.current(true, false);
    };
    const onMouseUp = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (actions.gridElement()?.contains(target) || isInsidePopup(target)) return;
      close();
    };
    const unregister = actions.registerEditor(close);
    window.addEventListener('mouseup', onMouseUp);
    return () => {
      window.removeEventListener('mouseup', onMouseUp);
      unregister();
    };
  }, [actions]);

  return (
    <div className="eg-editor" ref={box}>
      <CellWidget spec={spec} row={row} onRowChange={onRowChange} />
    </div>
  );
}

/** The cell's registry widget (`cell ?? field`) on the row's value; its text without one. */
function CellWidget({ spec, row, onRowChange }: AlwaysEditorProps) {
  const { column, renderer } = spec;
  const Editor = renderer?.cell ?? renderer?.field;
  if (!Editor) return <>{spec.text(row)}</>;
  return (
    <Suspense fallback={spec.text(row)}>
      <Editor
        {...spec.editorProps}
        value={row[column.key]}
        onChange={(value: unknown) => onRowChange({ ...row, [column.key]: value })}
        // A popup fills other cells of its row (widgets.md §2.10).
        setValues={(values: Readonly<Record<string, unknown>>) =>
          onRowChange({ ...row, ...values })
        }
      />
    </Suspense>
  );
}

function stopKeys(event: KeyboardEvent) {
  // Typing in an always-on editor is not grid navigation.
  event.stopPropagation();
}

export interface AlwaysEditorProps {
  readonly spec: CellSpec;
  readonly row: GridRow;
  /** Commits the row at once (react-data-grid's renderCell onRowChange). */
  readonly onRowChange: (row: GridRow) => void;
}

/** `alwaysEdit`: every visible cell is its widget; each change commits the row. */
export function AlwaysEditor({ spec, row, onRowChange }: AlwaysEditorProps) {
  const { renderer } = spec;
  if (!(renderer?.cell ?? renderer?.field)) return <>{spec.text(row)}</>;
  return (
    <div className="eg-editor eg-editor-always" onKeyDown={stopKeys}>
      <CellWidget spec={spec} row={row} onRowChange={onRowChange} />
    </div>
  );
}
