import type { GridColumn } from '../types';

/**
 * The columns left once the exclusion list is applied (widgets.md §6): with a permission prefix,
 * a column whose code `{authPre}{key}` the user is refused is not drawn, validated or edited.
 * Its values stay in the rows, so saving does not erase what the user could not see.
 */
export function permittedColumns(
  columns: readonly GridColumn[],
  authPre: string | undefined,
  can: (code: string) => boolean,
): readonly GridColumn[] {
  if (!authPre) return columns;
  const permitted = columns.filter((column) => can(authPre + column.key));
  return permitted.length === columns.length ? columns : permitted;
}
