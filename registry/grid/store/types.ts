import type { ErrorIndex } from '../model/validation';
import type { CompiledColumn } from '../model/validation';
import type { RowBook } from '../model/row-book';
import type { GridColumn, GridProps, GridRow } from '../types';

/** What the store takes from the grid's props (set again on every render). */
export interface GridStoreConfig {
  readonly columns: readonly GridColumn[];
  readonly rowKey: string;
  /** The drag order field when drag sort is on (renumbered from 1), else null. */
  readonly orderKey: string | null;
  readonly selectionType: 'checkbox' | 'radio';
  readonly isRowDisabled: ((row: Readonly<GridRow>) => boolean) | undefined;
  readonly rules: readonly CompiledColumn[];
  readonly asyncRemove: boolean;
  readonly reloadEffect: boolean;
  readonly onRemove: GridProps['onRemove'];
  readonly onSelectionChange: GridProps['onSelectionChange'];
  readonly onValueChange: GridProps['onValueChange'];
  readonly onRowMove: GridProps['onRowMove'];
  /** Shows a warning to the user (row moves at the ends). */
  readonly warn: (message: string) => void;
}

/** The grid's state; a new object on every change. */
export interface GridSnapshot {
  readonly book: RowBook;
  readonly selected: ReadonlySet<string>;
  readonly errors: ErrorIndex;
  readonly expanded: ReadonlySet<string>;
  readonly menuRowId: string | null;
  readonly dropTargetId: string | null;
  /** Rows flashing after a sync patch (reloadEffect). */
  readonly flashing: ReadonlySet<string>;
}
