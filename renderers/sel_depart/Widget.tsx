import { useState } from 'react';
import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selDepartProps } from '../../src/contracts/catalogue/entries/sel_depart';
import { idsOf, valueOfIds, type Picked } from '../shared/pickers/ids';
import { PickerInput } from '../shared/pickers/PickerInput';
import { useNames } from '../shared/pickers/use-names';
import { placeholderOf } from '../shared/placeholder';
import { departNames } from './depart-names';
import { DepartPickerDialog } from './DepartPickerDialog';

/**
 * `sel_depart`: a read-only box of the chosen departments' names that opens the department
 * tree; OK holds their ids comma-joined (`'id1,id2'`, '' for none), the clear icon empties it.
 */
export function SelDepartWidget(props: FieldWidgetProps) {
  const p = selDepartProps.read(props);
  const { http } = useServices();
  const lookup = departNames(http);
  const ids = idsOf(props.value);
  const texts = useNames(lookup, ids);
  // Mounted while open: each opening starts from the value as it is then.
  const [open, setOpen] = useState(false);

  const initial: Picked[] = ids.map((id, i) => ({ id, text: texts?.[i] ?? id }));
  const choose = (picked: readonly Picked[]) => {
    lookup.remember(picked.map((one) => [one.id, one.text] as const));
    props.onChange?.(valueOfIds(picked.map((one) => one.id)));
    setOpen(false);
  };

  return (
    <>
      <PickerInput
        widget={props}
        text={texts ? texts.join(',') : ''}
        placeholder={placeholderOf(props, '请选择')}
        allowClear={p.allowClear}
        onOpen={() => setOpen(true)}
        onClear={() => props.onChange?.('')}
      />
      {open && (
        <DepartPickerDialog
          http={http}
          multi={p.multi}
          initial={initial}
          onOk={choose}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
