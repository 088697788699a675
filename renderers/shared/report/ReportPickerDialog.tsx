import { Alert, App, Button, Modal } from 'antd';
import { useMaxWidth } from '../../../registry/use-media';
import type { ReportRecord } from '../../../src/runtime/report-client';
import { LABEL_CLOSE, MSG_SELECT_A_RECORD, MSG_SELECT_ONE_RECORD } from './messages';
import { ReportView } from './ReportView';
import { useReport } from './use-report';

/** widgets.md §2.10, §9: the report picker is 1200 wide. */
export const REPORT_DIALOG_WIDTH = 1200;
/** Under this width (phones) the dialog takes the whole width; its table scrolls sideways. */
const PHONE_MAX_WIDTH = 499.98;

export interface ReportPickerDialogProps {
  /** The report's code. */
  readonly code: string;
  /** Several rows (checkboxes) or one (radios). */
  readonly multi: boolean;
  readonly groupId?: string;
  /** The report's SQL parameters (`self_<name>`); a change reloads the data. */
  readonly param?: Readonly<Record<string, unknown>>;
  /** The chosen rows; the caller closes the dialog. */
  readonly onOk: (rows: readonly ReportRecord[]) => void;
  readonly onClose: () => void;
}

/**
 * The report picker (widgets.md §2.10): titled by the report's configured name, the report's
 * query form, banner and table with row selection. OK with nothing chosen, or with several in
 * single mode, warns and stays open. The caller mounts it while open, so closing drops the
 * selection (§4) and every opening starts from none.
 */
export function ReportPickerDialog(props: ReportPickerDialogProps) {
  const { message } = App.useApp();
  const phone = useMaxWidth(PHONE_MAX_WIDTH);
  const report = useReport({ code: props.code, groupId: props.groupId, param: props.param });
  const rows = [...report.selected.values()];

  const ok = () => {
    if (rows.length === 0) {
      void message.warning(MSG_SELECT_A_RECORD);
      return;
    }
    if (!props.multi && rows.length > 1) {
      void message.warning(MSG_SELECT_ONE_RECORD);
      return;
    }
    props.onOk(rows);
  };
  const close = () => {
    report.clearSelection();
    props.onClose();
  };

  return (
    <Modal
      open
      title={report.head?.cgRpConfigName ?? ''}
      width={phone ? '100%' : REPORT_DIALOG_WIDTH}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          {LABEL_CLOSE}
        </Button>,
        <Button key="ok" type="primary" onClick={ok} disabled={!report.head}>
          确定
        </Button>,
      ]}
      styles={{ body: { overflowX: 'auto' } }}
      destroyOnHidden
    >
      {report.failure ? (
        <Alert type="error" showIcon message={report.failure.message} />
      ) : (
        <ReportView report={report} selection={props.multi ? 'checkbox' : 'radio'} />
      )}
    </Modal>
  );
}
