import type { TableColumnsType } from 'antd';
import type { Http } from '../../src/runtime/http';
import type { Picked } from '../shared/pickers/ids';
import { pickerCell, TablePickerDialog } from '../shared/pickers/TablePickerDialog';

export const TITLE_ROLE_PICKER = '选择角色';
/** The picker's list (server/modules/role/picker.ts). */
export const ROLE_LIST_URL = '/sys/role/queryPickerList';
/** widgets.md §9: the generic picker is 900 wide. */
const DIALOG_WIDTH = 900;

interface PickerRole {
  readonly id: string;
  readonly roleName: string;
  readonly roleCode: string;
}

const COLUMNS: TableColumnsType<PickerRole> = [
  { title: '角色名称', dataIndex: 'roleName', render: pickerCell },
  { title: '角色编码', dataIndex: 'roleCode', render: pickerCell },
];

export interface RolePickerDialogProps {
  readonly http: Http;
  readonly multi: boolean;
  /** What is held for a role: its id or its code. */
  readonly valueField: 'id' | 'roleCode';
  /** The roles chosen when the dialog opened. */
  readonly initial: readonly Picked[];
  readonly onOk: (picked: readonly Picked[]) => void;
  readonly onCancel: () => void;
}

/** The role picker (widgets.md §2.11): by name; name and code; picked by id or code. */
export function RolePickerDialog({ valueField, ...props }: RolePickerDialogProps) {
  return (
    <TablePickerDialog<PickerRole>
      {...props}
      title={TITLE_ROLE_PICKER}
      width={DIALOG_WIDTH}
      url={ROLE_LIST_URL}
      searchParam="roleName"
      searchLabel="角色名称"
      columns={COLUMNS}
      keyOf={(row) => row[valueField]}
      textOf={(row) => row.roleName}
    />
  );
}
