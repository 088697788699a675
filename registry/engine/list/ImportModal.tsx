import { useState } from 'react';
import { App, Button, Modal, Radio, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ResultCode } from '../../../src/contracts/envelope';
import { useEngine } from '../context';
import type { PageData } from '../data-provider';
import { saveBlob } from '../../../src/runtime/save-blob';
import {
  MSG_IMPORT_CHOOSE,
  MSG_IMPORT_CLOSE,
  MSG_IMPORT_DETAILS,
  MSG_IMPORT_DOWNLOAD,
  MSG_IMPORT_NONE,
  MSG_IMPORT_PARTIAL,
  MSG_IMPORT_START,
  MSG_IMPORT_TITLE,
  MSG_IMPORT_UPLOADING,
} from '../messages';

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

/** `result` of a 201 answer (jeecg-api.md §4.13). */
interface PartialImport {
  readonly successCount?: number;
  readonly msg?: string;
  readonly fileUrl?: string;
  readonly fileName?: string;
}

/**
 * 导入EXCEL (widgets.md §2.8): .xls / .xlsx, several files, 选择导入文件 / 关闭 / 开始上传
 * (上传中... while it runs, disabled without a file). 201 → a warning with a link to the error
 * file (an error titled 导入失败 when no row was saved); another failure → the file names and
 * the server's message.
 */
export function ImportModal({ open, data, online, onClose, onImported }: ImportModalProps) {
  const { http } = useEngine();
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [validate, setValidate] = useState<'1' | '0'>('1');
  const [uploading, setUploading] = useState(false);

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
    for (const file of files) if (file.originFileObj) form.append('files[]', file.originFileObj);
    if (online) form.append('validateStatus', validate);
    const names = files.map((f) => f.name).join('、');
    setUploading(true);
    try {
      const envelope = await data.importExcel<PartialImport | null>(form);
      if (envelope.code === ResultCode.IMPORT_PARTIAL) {
        const result = envelope.result ?? {};
        // Every row refused: not titled 导入成功, and without the server's 文件导入成功… line.
        const none = result.successCount === 0;
        modal[none ? 'error' : 'warning']({
          title: none ? MSG_IMPORT_NONE : MSG_IMPORT_PARTIAL,
          content: (
            <div>
              {!none && <div>{envelope.message}</div>}
              {result.msg && <div>{result.msg}</div>}
              {result.fileUrl && (
                <div>
                  {MSG_IMPORT_DETAILS}{' '}
                  <a
                    href="#"
                    onClick={(event) => {
                      event.preventDefault();
                      void downloadErrors(result.fileUrl!, result.fileName);
                    }}
                  >
                    {MSG_IMPORT_DOWNLOAD}
                  </a>
                </div>
              )}
            </div>
          ),
        });
        onImported();
      } else if (envelope.success) {
        void message.success(envelope.message);
        onImported();
      } else {
        void message.warning(`${names} ${envelope.message}`);
      }
    } catch {
      // An HTTP failure was shown by the runtime with the server's message.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      title={MSG_IMPORT_TITLE}
      open={open}
      width={600}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) return;
        setFiles([]);
        setValidate('1');
      }}
      footer={[
        <Button key="close" onClick={onClose}>
          {MSG_IMPORT_CLOSE}
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={files.length === 0}
          loading={uploading}
          onClick={() => void upload()}
        >
          {uploading ? MSG_IMPORT_UPLOADING : MSG_IMPORT_START}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {online && (
          <Space>
            <span>是否开启校验:</span>
            <Radio.Group
              value={validate}
              onChange={(e) => setValidate(e.target.value as '1' | '0')}
              options={[
                { value: '1', label: '是' },
                { value: '0', label: '否' },
              ]}
            />
          </Space>
        )}
        <Upload
          accept=".xls,.xlsx"
          multiple
          fileList={files}
          beforeUpload={() => false}
          onChange={({ fileList }) => setFiles(fileList)}
        >
          <Button icon={<UploadOutlined />}>{MSG_IMPORT_CHOOSE}</Button>
        </Upload>
      </Space>
    </Modal>
  );
}
