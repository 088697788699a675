import type { FieldWidgetProps } from '../../registry/types';
import { useServices } from '../../registry/services';
import { selPositionProps } from '../../src/contracts/catalogue/entries/sel_position';
import { PickerField } from '../shared/pickers/PickerField';
import { positionNames } from './position-names';
import { PositionPickerDialog } from './PositionPickerDialog';

/**
 * `sel_position`: a read-only box of the chosen positions' names that opens the position
 * picker; OK holds their codes comma-joined ('' for none), the clear icon empties it.
 */
export function SelPositionWidget(props: FieldWidgetProps) {
  const p = selPositionProps.read(props);
  const { http } = useServices();
  return (
    <PickerField
      widget={props}
      lookup={positionNames(http)}
      allowClear={p.allowClear}
      dialog={(slot) => <PositionPickerDialog http={http} multi={p.multi} {...slot} />}
    />
  );
}
