import type { QueryRule } from '../page-field';
import type { JsonSchema, PropsDefinition } from './props';

/**
 * One renderer type as browser and server both know it, without React: its name, its props
 * schema, how its values are held, how the editable grid shows it and which server lookups it
 * uses. The browser registry binds components to these entries; the server checks page
 * definitions (and record values) with them. Nothing else lists type names.
 */

/**
 * How a type holds its value in a record, a form and an API body.
 *
 * | kind       | held as                                                     |
 * | ---------- | ----------------------------------------------------------- |
 * | `string`   | text                                                        |
 * | `number`   | a JSON number (`null` when empty)                           |
 * | `boolean`  | `true` / `false`                                            |
 * | `date`     | `'YYYY-MM-DD'`                                              |
 * | `datetime` | `'YYYY-MM-DD HH:mm:ss'`                                     |
 * | `time`     | `'HH:mm:ss'`                                                |
 * | `list`     | one text joining several values (`'a,b'`, comma by default) |
 * | `json`     | any JSON value                                              |
 * | `files`    | one text joining stored file paths with commas              |
 * | `html`     | rich text: HTML the server sanitises before storing it       |
 */
export type ValueKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'list'
  | 'json'
  | 'files'
  | 'html';

/**
 * How a grid cell that is not being edited shows its value, cheapest first:
 * `value` the value as text (option text when the column has options), `option` the
 * `<key>_dictText` of the row or the option texts, `yes-no` 是/否 of a two-state value,
 * `tags` coloured tags, `display` the renderer's read-only component.
 */
export type CellText = 'value' | 'option' | 'yes-no' | 'tags' | 'display';

export interface GridDefaults {
  /** Column width in px when the column gives none. Default 120 (widgets.md §9). */
  readonly width?: number;
  /** Narrowest the column may be drawn, in px (widgets.md §5). Default: none. */
  readonly minWidth?: number;
  /** How the cell reads when it is not being edited. */
  readonly text: CellText;
  /** The grid never opens an editor on the cell (display-only text). Default false. */
  readonly readOnly?: boolean;
  /**
   * The cell's own placeholder (widgets.md §2.5), used when the column gives none instead of
   * the form's 请选择<label>.
   */
  readonly placeholder?: string;
}

/**
 * Server calls a type makes for its options or display texts.
 * `dict`: the field's `dictCode` (system or table dictionary) through `/sys/dict/getDictItems`;
 * a table dictionary declared by such a field is what lets a page's users read that table's
 * texts.
 * `users`: the names of held user ids through `/sys/user/queryByIds` (batched), the picker's
 * lists through `/sys/user/queryUserComponentData` and the department tree
 * `/sys/sysDepart/queryIdTree`.
 * `departs`: the department tree `/sys/sysDepart/queryIdTree` (any signed-in user), both the
 * department picker's tree and the names behind held department ids.
 * `positions`: the position picker's list `/sys/position/queryPickerList` and the names behind
 * held codes `/sys/position/queryByCodes` (batched), both for any signed-in user.
 * `roles`: the role picker's list `/sys/role/queryPickerList` and the names behind held ids or
 * codes `/sys/role/queryByKeys` (batched), both for any signed-in user.
 */
export type Lookup = 'dict' | 'users' | 'departs' | 'positions' | 'roles';

/** An entry as lists and lookups see it (its props types forgotten). */
export interface AnyEntry {
  /** The type name pages write in `fields[].type`. */
  readonly type: string;
  /** Chinese name shown by the page editor. */
  readonly title: string;
  /** Props of `fields[].props`: their schema (with defaults) and the defaults. */
  readonly props: { readonly schema: JsonSchema; readonly defaults: unknown };
  readonly value: ValueKind;
  /** The rule a text filter of this type uses in the query form. */
  readonly queryRule: QueryRule;
  /**
   * The list parameter a query-form value becomes, in the filter grammar (list-filter.ts), when
   * the value is not what to match as it is (pca: the province `440000` finds `44*`). Used when
   * the field sets no `query.rule` of its own. Default: the value under `queryRule`.
   */
  readonly queryFilter?: (value: string) => string;
  readonly grid: GridDefaults;
  readonly lookups: readonly Lookup[];
  /**
   * For `files` values, what every file must be: `image` a picture (the server checks the type
   * it read from the file's content when it was uploaded). Default: any accepted type.
   */
  readonly fileType?: 'image';
  /**
   * Never drawn: no form row, list column or grid column; the value is kept and saved.
   * Default false.
   */
  readonly hidden?: boolean;
  /**
   * The value is chosen (from a list, a tree, a dialog or a calendar), never typed: a field of
   * the type without its own placeholder says 请选择<label>. Default false (请输入<label>).
   */
  readonly chooses?: boolean;
}

/** An entry with its props types: renderers read their props through `props.read`. */
export interface CatalogueEntry<P, D> extends AnyEntry {
  readonly props: PropsDefinition<P, D>;
}

/** Declares an entry; its props types come from its props definition, its name stays literal. */
export function defineEntry<P, D, T extends string>(
  entry: CatalogueEntry<P, D> & { readonly type: T },
): CatalogueEntry<P, D> & { readonly type: T } {
  return entry;
}
