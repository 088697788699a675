import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selDepartProps } from '../../src/contracts/catalogue/entries/sel_depart';
import { PickerField } from '../shared/pickers/PickerField';
import { departNames } from './depart-names';
import { DepartPickerDialog } from './DepartPickerDialog';

/**
 * `sel_depart`: a read-only box of the chosen departments' names that opens the department
 * tree; OK holds their ids comma-joined (`'id1,id2'`, '' for none), the clear icon empties it.
 */
export function SelDepartWidget(props: FieldWidgetProps) {
  const p = selDepartProps.read(props);
  const { http } = useServices();
  return (
    <PickerField
      widget={props}
      lookup={departNames(http)}
      allowClear={p.allowClear}
      dialog={(slot) => <DepartPickerDialog http={http} multi={p.multi} {...slot} />}
    />
  );
}
