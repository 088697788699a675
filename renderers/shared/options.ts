import type { DisplayProps } from '../../registry/types';
import type { FieldOption } from '../../src/contracts/page';

/** antd's option shape. */
export interface AntOption {
  readonly value: string;
  readonly label: string;
}

export function toAntOptions(options: readonly FieldOption[] | undefined): AntOption[] {
  return (options ?? []).map((o) => ({ value: String(o.value), label: String(o.text) }));
}

/** The text of one value: its option's text, else the value itself. */
export function optionText(options: readonly FieldOption[] | undefined, value: string): string {
  return options?.find((o) => String(o.value) === value)?.text ?? value;
}

/** `record[<name>_dictText]` when the server sent it (list rows, detail records). */
export function dictTextOf(props: DisplayProps): string | undefined {
  const name = props.field?.name;
  const text = name && props.record ? props.record[`${name}_dictText`] : undefined;
  if (typeof text === 'string' && text !== '') return text;
  if (typeof text === 'number') return String(text);
  return undefined;
}

/** The options a display may use: the resolved ones, else the definition's fixed ones. */
export function displayOptions(props: DisplayProps): readonly FieldOption[] | undefined {
  return props.options && props.options.length > 0 ? props.options : props.field?.options;
}
