/**
 * What the editable grid (registry/grid) passes a cell on top of `FieldWidgetProps`: the
 * column's `props` and these, spread in. Each is read with a check, never trusted blindly, and
 * a form (which passes none of them) gets the widgets' usual look.
 */

/** Size of an antd control. */
export type ControlSize = 'small' | 'middle' | 'large';

/** The extras the grid spreads into a cell (widgets.md §3 "Grid column"). */
export interface GridCellExtras {
  /** The cell was just opened: focus the control. */
  readonly autoFocus?: boolean;
  /** `'small'` in the grid. */
  readonly size?: ControlSize;
  /** checkbox: the values stored for [checked, unchecked]. Default `[true, false]`. */
  readonly customValue?: readonly [unknown, unknown];
  /** radio: clicking the chosen option clears it; selects: a clear icon. */
  readonly allowClear?: boolean;
  /** select, select-multiple, list_multi: typing filters the options. */
  readonly allowSearch?: boolean;
  /** select-search: a typed value not among the options is kept. */
  readonly allowInput?: boolean;
  /** tags: the colour of a tag (an antd preset name or a CSS colour). */
  readonly setTagColor?: (tag: string) => string | undefined;
}

type Source = Readonly<Record<string, unknown>>;

/** `autoFocus` when the host asked for it. */
export function autoFocusOf(props: Source): boolean | undefined {
  return props.autoFocus === true ? true : undefined;
}

/** The control size the host asked for, if it is one antd knows. */
export function sizeOf(props: Source): ControlSize | undefined {
  const { size } = props;
  return size === 'small' || size === 'middle' || size === 'large' ? size : undefined;
}

/** `autoFocus` and `size` for an antd input, select or picker (only those given). */
export function cellLook(props: Source): { autoFocus?: boolean; size?: ControlSize } {
  const out: { autoFocus?: boolean; size?: ControlSize } = {};
  const autoFocus = autoFocusOf(props);
  const size = sizeOf(props);
  if (autoFocus) out.autoFocus = autoFocus;
  if (size) out.size = size;
  return out;
}

/** The column's `customValue` pair, when it is one. */
export function customValueOf(props: Source): readonly [unknown, unknown] | undefined {
  const pair = props.customValue;
  return Array.isArray(pair) && pair.length === 2 ? [pair[0], pair[1]] : undefined;
}

/** The column's `allowSearch` when given, else `fallback`. */
export function searchOf(props: Source, fallback: boolean): boolean {
  return typeof props.allowSearch === 'boolean' ? props.allowSearch : fallback;
}

/** The column's `setTagColor` as a safe function (a throwing or odd answer means no colour). */
export function tagColorOf(props: Source): ((tag: string) => string | undefined) | undefined {
  const given = props.setTagColor;
  if (typeof given !== 'function') return undefined;
  const colour = given as (tag: string) => unknown;
  return (tag) => {
    try {
      const answer = colour(tag);
      return typeof answer === 'string' && answer !== '' ? answer : undefined;
    } catch {
      return undefined;
    }
  };
}
