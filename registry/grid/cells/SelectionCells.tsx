import { useRowSelection } from 'react-data-grid';
import { useGridActions, useGridUi } from '../grid-context';
import type { GridRow } from '../types';

/** The tick box (or radio) of a row; rows matched by disabledRows cannot be ticked. */
export function SelectRowCell({
  row,
  radio,
}: {
  readonly row: Readonly<GridRow>;
  readonly radio: boolean;
}) {
  const { isRowSelected, isRowSelectionDisabled } = useRowSelection();
  const actions = useGridActions();
  return (
    <input
      type={radio ? 'radio' : 'checkbox'}
      className="eg-select-input"
      aria-label="选择行"
      checked={isRowSelected}
      disabled={isRowSelectionDisabled}
      onChange={(e) => actions.toggleRow(row, e.target.checked)}
    />
  );
}

/** Select-all: ticked when every selectable row is, indeterminate when only some are. */
export function SelectAllHeader() {
  const { headerState } = useGridUi();
  const actions = useGridActions();
  return (
    <input
      type="checkbox"
      className="eg-select-input"
      aria-label="全选"
      checked={headerState === 'all'}
      ref={(el) => {
        if (el) el.indeterminate = headerState === 'some';
      }}
      onChange={(e) => actions.toggleAll(e.target.checked)}
    />
  );
}
