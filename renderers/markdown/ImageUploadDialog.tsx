import { useEffect, useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Progress, Tabs, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useServices } from '../../registry/services';
import { isImagePath, staticFileUrl } from '../../src/contracts/files';
import { API_PATH } from '../../src/runtime/constants';
import { fileClientFor } from '../../src/runtime/files';
import { imageMarkdown } from './format';

/** widgets.md §2.7, §8: the dialog, its tabs and messages. */
export const TITLE_IMAGE_UPLOAD = '图片上传';
export const TAB_LOCAL = '本地图片上传';
export const TAB_NETWORK = '网络图片地址';
export const LABEL_REMARK = '备注';
export const LABEL_IMAGE_URL = '图片地址';
export const LABEL_CHOOSE_IMAGE = '选择图片';
export const MSG_NOT_IMAGE = '请上传图片';
export const MSG_BAD_URL = '请输入以 http:// 或 https:// 开头的图片地址';
export const uploadFailed = (name: string) => `${name} 上传失败.`;

/** An address the network tab accepts: an absolute http(s) URL. */
export function isWebImageUrl(text: string): boolean {
  const url = text.trim();
  if (!/^https?:\/\/\S+$/i.test(url)) return false;
  try {
    return Boolean(new URL(url).host);
  } catch {
    return false;
  }
}

type Upload =
  | { readonly state: 'idle' }
  | { readonly state: 'uploading'; readonly name: string; readonly percent: number }
  | { readonly state: 'done'; readonly name: string; readonly path: string }
  | { readonly state: 'failed'; readonly name: string };

export interface ImageUploadDialogProps {
  /** Folder to upload to. */
  readonly biz: string;
  /** OK: the image as markdown (`![备注](url)`). */
  readonly onInsert: (markdown: string) => void;
  readonly onClose: () => void;
}

/**
 * 图片上传 (widgets.md §2.7): one local image uploaded with its progress, or a network address,
 * each with a 备注 that becomes the alt text. An uploaded image is inserted by its stable static
 * URL (`/system/sys/common/static/<path>`); views show it through a signed URL.
 */
export function ImageUploadDialog({ biz, onInsert, onClose }: ImageUploadDialogProps) {
  const { http } = useServices();
  const { message } = App.useApp();
  const [tab, setTab] = useState<'local' | 'network'>('local');
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [localRemark, setLocalRemark] = useState('');
  const [url, setUrl] = useState('');
  const [networkRemark, setNetworkRemark] = useState('');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = (file: File) => {
    if (!isImagePath(file.name) || (file.type !== '' && !file.type.startsWith('image/'))) {
      void message.error(MSG_NOT_IMAGE);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ state: 'uploading', name: file.name, percent: 0 });
    fileClientFor(http)
      .upload(file, {
        biz,
        signal: controller.signal,
        onProgress: (percent) => {
          if (!controller.signal.aborted) {
            setUpload({ state: 'uploading', name: file.name, percent });
          }
        },
      })
      .then(
        (path) => {
          if (!controller.signal.aborted) setUpload({ state: 'done', name: file.name, path });
        },
        () => {
          if (controller.signal.aborted) return;
          setUpload({ state: 'failed', name: file.name });
          void message.error(uploadFailed(file.name));
        },
      );
  };

  const urlProblem = url.trim() !== '' && !isWebImageUrl(url);
  const ready = tab === 'local' ? upload.state === 'done' : url.trim() !== '' && !urlProblem;
  const insert = () => {
    if (tab === 'local' && upload.state === 'done') {
      onInsert(imageMarkdown(API_PATH + staticFileUrl(upload.path), localRemark.trim()));
    } else if (tab === 'network' && isWebImageUrl(url)) {
      onInsert(imageMarkdown(url.trim(), networkRemark.trim()));
    }
  };

  const local = (
    <Form layout="vertical" component="div">
      <Form.Item label="图片">
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            start(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={upload.state === 'uploading'}>
            {LABEL_CHOOSE_IMAGE}
          </Button>
        </Upload>
        {upload.state !== 'idle' && (
          <div style={{ marginTop: 8 }}>
            <div style={{ wordBreak: 'break-all' }}>{upload.name}</div>
            <Progress
              size="small"
              percent={upload.state === 'uploading' ? upload.percent : 100}
              status={
                upload.state === 'failed'
                  ? 'exception'
                  : upload.state === 'done'
                    ? 'success'
                    : 'active'
              }
            />
          </div>
        )}
      </Form.Item>
      <Form.Item label={LABEL_REMARK} htmlFor="markdown-image-local-remark">
        <Input
          id="markdown-image-local-remark"
          value={localRemark}
          onChange={(event) => setLocalRemark(event.target.value)}
          placeholder="图片的说明文字"
        />
      </Form.Item>
    </Form>
  );

  const network = (
    <Form layout="vertical" component="div">
      <Form.Item
        label={LABEL_IMAGE_URL}
        htmlFor="markdown-image-url"
        validateStatus={urlProblem ? 'error' : undefined}
        help={urlProblem ? MSG_BAD_URL : undefined}
      >
        <Input
          id="markdown-image-url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://"
        />
      </Form.Item>
      <Form.Item label={LABEL_REMARK} htmlFor="markdown-image-network-remark">
        <Input
          id="markdown-image-network-remark"
          value={networkRemark}
          onChange={(event) => setNetworkRemark(event.target.value)}
          placeholder="图片的说明文字"
        />
      </Form.Item>
    </Form>
  );

  return (
    <Modal
      title={TITLE_IMAGE_UPLOAD}
      open
      width={520}
      onOk={insert}
      onCancel={onClose}
      okButtonProps={{ disabled: !ready }}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'network' ? 'network' : 'local')}
        items={[
          { key: 'local', label: TAB_LOCAL, children: local },
          { key: 'network', label: TAB_NETWORK, children: network },
        ]}
      />
    </Modal>
  );
}
