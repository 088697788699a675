import { useEffect, useState } from 'react';
import { App, Button, Modal, Progress, Space, Switch, Upload, type UploadFile } from 'antd';
import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { ResultCode } from '../../../src/contracts/envelope';
import type { ImportSummary } from '../../../src/contracts/import-result';
import { useEngine } from '../context';
import type { PageData } from '../data-provider';
import { saveBlob } from '../../../src/runtime/save-blob';
import {
  MSG_IMPORT_CHOOSE,
  MSG_IMPORT_CLOSE,
  MSG_IMPORT_NONE,
  MSG_IMPORT_PARTIAL,
  MSG_IMPORT_PROCESSING,
  MSG_IMPORT_START,
  MSG_IMPORT_TITLE,
  MSG_IMPORT_UPLOADING,
  MSG_IMPORT_VALIDATE,
  MSG_NO,
  MSG_YES,
} from '../messages';
import { partialImportContent } from './import-answer';

export interface ImportModalProps {
  readonly open: boolean;
  /** The page's data calls (its importExcel url). */
  readonly data: PageData;
  /** Online pages offer 是否开启校验: (validateStatus 1/0). */
  readonly online: boolean;
  readonly onClose: () => void;
  /** After an upload the server accepted (fully or with bad rows). */
  readonly onImported: () => void;
}

/** Where an upload is: sending the files (percent of the body), or waiting for the answer. */
type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'uploading'; readonly percent: number }
  | { readonly kind: 'processing' };

const IDLE: Phase = { kind: 'idle' };

/**
 * 导入EXCEL (widgets.md §2.8): .xls / .xlsx, several files, 选择导入文件 / 关闭 / 开始上传
 * (上传中... while it runs, disabled without a file), 是否开启校验: on online pages; the files
 * and the flag start afresh each time it is shown. While it runs a bar shows the upload's
 * progress, then 服务器处理中 until the answer. 201 → a warning with a link to each error file
 * (an error titled 导入失败 when no row was saved); another success → the message; a failure
 * → the message as a warning, the modal staying open.
 */
export function ImportModal({ open, data, online, onClose, onImported }: ImportModalProps) {
  const { http } = useEngine();
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [validate, setValidate] = useState(true);
  const [phase, setPhase] = useState<Phase>(IDLE);
  const running = phase.kind !== 'idle';

  useEffect(() => {
    if (!open) return;
    setFiles([]);
    setValidate(true);
    setPhase(IDLE);
  }, [open]);

  // Fetched with the session's token header: a plain link would carry no credentials (and a
  // token in the address would end up in logs and history).
  const downloadErrors = async (fileUrl: string, fileName: string | undefined) => {
    try {
      const blob = await http.blob(fileUrl);
      saveBlob(blob, fileName ?? fileUrl.split('/').pop() ?? 'errors.xlsx');
    } catch {
      // shown by the runtime
    }
  };

  const upload = async () => {
    const form = new FormData();
    // The flag first: the server has it before the files, whatever their size.
    if (online) form.append('validateStatus', validate ? '1' : '0');
    for (const file of files) if (file.originFileObj) form.append('files[]', file.originFileObj);
    const names = files.map((f) => f.name).join('、');
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const envelope = await data.importExcel<ImportSummary | null>(form, {
        onUploadProgress: (percent) =>
          setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent }),
      });
      const result = envelope.result ?? {};
      if (envelope.code === ResultCode.IMPORT_PARTIAL) {
        // Every row refused: not titled 导入成功, and without the server's 文件导入成功… line.
        const none = result.successCount === 0;
        modal[none ? 'error' : 'warning']({
          title: none ? MSG_IMPORT_NONE : MSG_IMPORT_PARTIAL,
          width: result.files ? 560 : 416,
          content: partialImportContent(none ? null : envelope.message, result, (url, name) => {
            void downloadErrors(url, name);
          }),
        });
        onImported();
      } else if (envelope.success) {
        void message.success(envelope.message);
        onImported();
      } else {
        // Several files: the server's message names each file already.
        void message.warning(result.files ? envelope.message : `${names} ${envelope.message}`);
      }
    } catch {
      // An HTTP failure was shown by the runtime with the server's message.
    } finally {
      setPhase(IDLE);
    }
  };

  return (
    <Modal
      title={MSG_IMPORT_TITLE}
      open={open}
      width={600}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {MSG_IMPORT_CLOSE}
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={files.length === 0}
          loading={running}
          onClick={() => void upload()}
        >
          {running ? MSG_IMPORT_UPLOADING : MSG_IMPORT_START}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {online && (
          <Space>
            <span>{MSG_IMPORT_VALIDATE}</span>
            <Switch
              aria-label={MSG_IMPORT_VALIDATE}
              checked={validate}
              checkedChildren={MSG_YES}
              unCheckedChildren={MSG_NO}
              disabled={running}
              onChange={setValidate}
            />
          </Space>
        )}
        <Upload
          accept=".xls,.xlsx"
          multiple
          fileList={files}
          disabled={running}
          beforeUpload={() => false}
          onChange={({ fileList }) => setFiles(fileList)}
        >
          <Button icon={<UploadOutlined />}>{MSG_IMPORT_CHOOSE}</Button>
        </Upload>
        {phase.kind !== 'idle' && (
          <div role="status" aria-live="polite">
            <Progress
              percent={phase.kind === 'uploading' ? phase.percent : 100}
              status="active"
              size="small"
            />
            {phase.kind === 'processing' && (
              <Space size={6}>
                <LoadingOutlined />
                <span>{MSG_IMPORT_PROCESSING}</span>
              </Space>
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
