import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selUserProps } from '../../src/contracts/catalogue/entries/sel_user';
import { PickerField } from '../shared/pickers/PickerField';
import { userNames } from './user-names';
import { UserPickerDialog } from './UserPickerDialog';

/**
 * `sel_user`: a read-only box of the chosen people's names that opens the users-by-department
 * dialog; OK holds their ids comma-joined (`'id1,id2'`, '' for none), the clear icon empties it.
 */
export function SelUserWidget(props: FieldWidgetProps) {
  const p = selUserProps.read(props);
  const { http } = useServices();
  return (
    <PickerField
      widget={props}
      lookup={userNames(http)}
      allowClear={p.allowClear}
      dialog={(slot) => <UserPickerDialog http={http} multi={p.multi} {...slot} />}
    />
  );
}
