import { useEffect, useRef, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Progress, Tabs, Typography } from 'antd';
import { isImagePath } from '../../src/contracts/files';
import type { FileClient } from '../../src/runtime/files';
import { storedImageUrl } from '../../src/runtime/html-images';
import { isAcceptedMediaUrl } from './urls';

/** widgets.md §2.6: a file that is not an image. */
export const MSG_NOT_IMAGE = '请上传图片';
/** widgets.md §4 "Upload failure (list)". */
export const uploadFailed = (name: string) => `${name} 上传失败.`;

export interface ImageDialogProps {
  readonly open: boolean;
  readonly files: FileClient;
  /** The upload folder. */
  readonly biz: string;
  /** Inserts the image by its stored address. */
  readonly onInsert: (src: string, alt: string) => void;
  readonly onClose: () => void;
}

function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') ? file.type !== 'image/svg+xml' : isImagePath(file.name);
}

/**
 * 插入图片: a local image uploaded (`jeditor=1`, into `biz`) and inserted by its stable static
 * address, or an image by its network address.
 */
export function ImageDialog({ open, files, biz, onInsert, onClose }: ImageDialogProps) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ readonly url: string }>();
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    return () => controller.current?.abort();
  }, [form, open]);

  const upload = async (file: File) => {
    setFailure(null);
    if (!isImageFile(file)) {
      void message.warning(MSG_NOT_IMAGE);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    try {
      const path = await files.upload(file, {
        biz,
        fields: { jeditor: '1' },
        onProgress: setPercent,
        signal: abort.signal,
      });
      onInsert(storedImageUrl(path), file.name);
    } catch (error) {
      if (abort.signal.aborted) return;
      const text = uploadFailed(file.name);
      setFailure(error instanceof Error && error.message ? `${text} ${error.message}` : text);
      void message.error(text);
    } finally {
      setPercent(null);
    }
  };

  const insertUrl = async () => {
    const { url } = await form.validateFields();
    onInsert(url.trim(), '');
  };

  const uploading = percent !== null;
  return (
    <Modal
      open={open}
      title="插入图片"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      focusTriggerAfterClose={false}
      zIndex={1100}
    >
      <Tabs
        items={[
          {
            key: 'upload',
            label: '上传图片',
            children: (
              <div>
                <input
                  ref={input}
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  hidden
                  data-testid="richtext-image-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void upload(file);
                  }}
                />
                <Button
                  icon={<UploadOutlined />}
                  loading={uploading}
                  onClick={() => input.current?.click()}
                >
                  {uploading ? `上传中(${Math.round(percent)}%)` : '选择本地图片'}
                </Button>
                {uploading ? <Progress percent={Math.round(percent)} size="small" /> : null}
                {failure ? (
                  <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} />
                ) : null}
                <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                  支持 png、jpg、gif、webp 图片。
                </Typography.Paragraph>
              </div>
            ),
          },
          {
            key: 'url',
            label: '网络图片',
            children: (
              <Form form={form} layout="vertical" preserve={false}>
                <Form.Item
                  name="url"
                  label="图片地址"
                  rules={[
                    { required: true, whitespace: true, message: '请输入图片地址' },
                    {
                      validator: (_rule, value: unknown) =>
                        typeof value !== 'string' ||
                        value.trim() === '' ||
                        isAcceptedMediaUrl(value)
                          ? Promise.resolve()
                          : Promise.reject(new Error('图片地址须以 http:// 或 https:// 开头')),
                    },
                  ]}
                >
                  <Input placeholder="https://" />
                </Form.Item>
                <Button type="primary" onClick={() => void insertUrl().catch(() => undefined)}>
                  插入
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
