import type { Column } from 'react-data-grid';
import type { FieldOption } from '../../src/contracts/page';
import type { RendererRegistry } from '../registry';
import type { GridFlags } from './model/column-layout';
import type { ColumnStatistics } from './model/statistics';
import type { GridColumn, GridProps, GridRow } from './types';

/** The 统计 footer row: figures per column key. */
export interface SummaryRow {
  readonly figures: ReadonlyMap<string, ColumnStatistics>;
}

export type GridDataColumn = Column<GridRow, SummaryRow>;

export interface GridColumnsInput {
  readonly columns: readonly GridColumn[];
  readonly flags: GridFlags;
  readonly options: ReadonlyMap<string, readonly FieldOption[]>;
  readonly registry: RendererRegistry;
  readonly rowKey: string;
  readonly editRules: GridProps['editRules'];
  readonly alwaysEdit: boolean;
  readonly disabled: boolean;
  /** The statistics footer is shown. */
  readonly footer: boolean;
  readonly slots: GridProps['slots'];
  /** The row menu sits on the row-number cells. */
  readonly rowMenu: boolean;
  /**
   * Some cell is failing. Until one is, ruled cells are drawn as plain as any other (no
   * component reading the errors); the columns are rebuilt once when the first error shows.
   */
  readonly showErrors: boolean;
  /**
   * A phone-wide screen: nothing is frozen, so the row tools and `fixed` columns scroll away
   * with the rest instead of covering half the grid.
   */
  readonly narrow: boolean;
}
