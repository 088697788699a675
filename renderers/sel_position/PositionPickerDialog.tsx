import type { TableColumnsType } from 'antd';
import type { Http } from '../../src/runtime/http';
import type { Picked } from '../shared/pickers/ids';
import { pickerCell, TablePickerDialog } from '../shared/pickers/TablePickerDialog';

export const TITLE_POSITION_PICKER = '选择职务';
/** The picker's list (server/modules/position/picker.ts). */
export const POSITION_LIST_URL = '/sys/position/queryPickerList';
/** widgets.md §9: the position picker is 1000 wide. */
const DIALOG_WIDTH = 1000;

interface PickerPosition {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly rank_dictText: string | null;
}

const COLUMNS: TableColumnsType<PickerPosition> = [
  { title: '职务名称', dataIndex: 'name', render: pickerCell },
  { title: '职务编码', dataIndex: 'code', render: pickerCell },
  { title: '职级', dataIndex: 'rank_dictText', render: pickerCell },
];

export interface PositionPickerDialogProps {
  readonly http: Http;
  /** Several positions (a row click toggles) or one (a click replaces). */
  readonly multi: boolean;
  /** The positions chosen when the dialog opened (by code). */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/** The position picker (widgets.md §2.11): by name; name, code and rank; picked by code. */
export function PositionPickerDialog(props: PositionPickerDialogProps) {
  return (
    <TablePickerDialog<PickerPosition>
      {...props}
      title={TITLE_POSITION_PICKER}
      width={DIALOG_WIDTH}
      url={POSITION_LIST_URL}
      searchParam="name"
      searchLabel="职务名称"
      columns={COLUMNS}
      keyOf={(row) => row.code}
      textOf={(row) => row.name}
    />
  );
}
