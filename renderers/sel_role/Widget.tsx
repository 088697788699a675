import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selRoleProps } from '../../src/contracts/catalogue/entries/sel_role';
import { PickerField } from '../shared/pickers/PickerField';
import { roleNames } from './role-names';
import { RolePickerDialog } from './RolePickerDialog';

/**
 * `sel_role`: a read-only box of the chosen roles' names that opens the role picker; OK holds
 * their ids (or codes, `valueField`) comma-joined ('' for none), the clear icon empties it.
 */
export function SelRoleWidget(props: FieldWidgetProps) {
  const p = selRoleProps.read(props);
  const { http } = useServices();
  return (
    <PickerField
      widget={props}
      lookup={roleNames(http, p.valueField)}
      allowClear={p.allowClear}
      dialog={(slot) => (
        <RolePickerDialog http={http} multi={p.multi} valueField={p.valueField} {...slot} />
      )}
    />
  );
}
