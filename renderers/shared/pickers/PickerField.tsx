import { useState, type ReactNode } from 'react';
import type { FieldWidgetProps } from '../../../registry/types';
import { placeholderOf } from '../placeholder';
import { idsOf, valueOfIds, type Picked } from './ids';
import type { NameLookup } from './name-lookup';
import { PickerInput } from './PickerInput';
import { useNames } from './use-names';

/** What a picker's dialog is given while it is open. */
export interface PickerDialogSlot {
  /** The values held when the dialog opened, with their names. */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

export interface PickerFieldProps {
  readonly widget: FieldWidgetProps;
  /** The names behind the held values (one batched, cached lookup per kind). */
  readonly lookup: NameLookup;
  readonly allowClear: boolean;
  /** The dialog, mounted while open so each opening starts from the value as it is then. */
  readonly dialog: (slot: PickerDialogSlot) => ReactNode;
}

/**
 * The field of a modal picker (widgets.md §2.11): a read-only box of the held values' names
 * that opens the dialog; OK holds the picked values comma-joined ('' for none) and remembers
 * their names, cancel changes nothing, the clear icon empties the value.
 */
export function PickerField(props: PickerFieldProps) {
  const { widget, lookup } = props;
  const ids = idsOf(widget.value);
  const texts = useNames(lookup, ids);
  const [open, setOpen] = useState(false);

  const initial: Picked[] = ids.map((id, i) => ({ id, text: texts?.[i] ?? id }));
  const onOk = (picked: readonly Picked[]) => {
    lookup.remember(picked.map((one) => [one.id, one.text] as const));
    widget.onChange?.(valueOfIds(picked.map((one) => one.id)));
    setOpen(false);
  };

  return (
    <>
      <PickerInput
        widget={widget}
        text={texts ? texts.join(',') : ''}
        placeholder={placeholderOf(widget, '请选择')}
        allowClear={props.allowClear}
        onOpen={() => setOpen(true)}
        onClear={() => widget.onChange?.('')}
      />
      {open && props.dialog({ initial, onOk, onCancel: () => setOpen(false) })}
    </>
  );
}
