import type { DetailDefinition, FieldDefinition, ValidateRule } from '../../../src/contracts/page';
import type { GridColumn, GridRule } from '../../grid/types';
import { defaultPlaceholder, formView, listView } from '../page-model';
import { CATALOGUE, isHiddenType } from '../../../src/contracts/catalogue/index';
import { checkboxEntry } from '../../../src/contracts/catalogue/entries/checkbox';

/**
 * The columns of a detail table's editable grid, from its fields: the field's type is the
 * cell type (one renderer registry for forms and grids), its list view gives the width,
 * fixing and 统计 figures, its form view whether the cell may be edited. The foreign key is
 * the server's business and never a column; hidden fields stay in the rows unseen.
 */

function gridRule(rule: ValidateRule): GridRule | null {
  // A code rule is the server's to check (on save); in a grid only the row values count.
  if (rule.checkRule !== undefined && !rule.required && !rule.pattern && !rule.unique) return null;
  return {
    ...(rule.required ? { required: true } : {}),
    ...(rule.pattern ? { pattern: rule.pattern } : {}),
    // Within a detail, unique means no two rows alike (the grid's `only`).
    ...(rule.unique ? { unique: true } : {}),
    ...(rule.message ? { message: rule.message } : {}),
  };
}

/**
 * A tick box (the type reading 是/否 in the grid) stores its props' checked / unchecked values
 * ('Y' / 'N' by default) in forms; its grid cell the same.
 */
function checkboxValues(field: FieldDefinition): readonly [unknown, unknown] | null {
  if (CATALOGUE.get(field.type)?.grid.text !== 'yes-no') return null;
  const props = checkboxEntry.props.read({ field });
  return [props.checkedValue, props.uncheckedValue];
}

export function detailColumn(field: FieldDefinition): GridColumn {
  const customValue = checkboxValues(field);
  const list = listView(field);
  const form = formView(field);
  const rules = (field.validateRules ?? []).flatMap((r) => gridRule(r) ?? []);
  return {
    key: field.name,
    title: field.label,
    type: field.type,
    placeholder:
      field.placeholder ?? CATALOGUE.get(field.type)?.grid.placeholder ?? defaultPlaceholder(field),
    ...(field.options ? { options: field.options } : {}),
    ...(field.dictCode ? { dictCode: field.dictCode } : {}),
    ...(rules.length > 0 ? { validateRules: rules } : {}),
    ...(field.defaultValue !== undefined ? { defaultValue: field.defaultValue } : {}),
    ...(list?.width ? { width: list.width } : {}),
    ...(list?.fixed ? { fixed: list.fixed } : {}),
    ...(list?.statistics ? { statistics: list.statistics } : {}),
    ...(field.props ? { props: field.props } : {}),
    ...(customValue ? { customValue } : {}),
    ...(form?.readOnly === true ? { disabled: true } : {}),
    visible: !isHiddenType(field.type) && list !== null && !(form?.hidden ?? false),
  };
}

/** The grid columns of a detail, without its foreign key. */
export function detailColumns(detail: DetailDefinition): GridColumn[] {
  return detail.fields.filter((f) => f.name !== detail.foreignKey).map(detailColumn);
}
