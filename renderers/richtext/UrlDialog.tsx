import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';

export interface UrlDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** Label of the address box, e.g. 链接地址. */
  readonly urlLabel: string;
  /** Whether an address is accepted. */
  readonly accepts: (url: string) => boolean;
  /** Said under the box when the address is refused. */
  readonly refusedMessage: string;
  /** Asks for the text shown as well (links). Default: no. */
  readonly withText?: boolean;
  /** A line above the form (what happens to the address). */
  readonly note?: string;
  readonly onOk: (url: string, text: string) => void;
  readonly onCancel: () => void;
}

interface Values {
  readonly url: string;
  readonly text?: string;
}

/** Asks for an address (a link, a network image, a video), checked before it is accepted. */
export function UrlDialog(props: UrlDialogProps) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (props.open) form.resetFields();
  }, [form, props.open]);
  const submit = async () => {
    const values = await form.validateFields();
    props.onOk(values.url.trim(), values.text?.trim() ?? '');
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText="确定"
      cancelText="取消"
      onOk={() => void submit().catch(() => undefined)}
      onCancel={props.onCancel}
      destroyOnHidden
      focusTriggerAfterClose={false}
      zIndex={1100}
    >
      {props.note ? (
        <Alert type="info" showIcon message={props.note} style={{ marginBottom: 12 }} />
      ) : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="url"
          label={props.urlLabel}
          rules={[
            { required: true, whitespace: true, message: `请输入${props.urlLabel}` },
            {
              validator: (_rule, value: unknown) =>
                typeof value !== 'string' || value.trim() === '' || props.accepts(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(props.refusedMessage)),
            },
          ]}
        >
          <Input
            placeholder="https://"
            autoFocus
            onPressEnter={() => void submit().catch(() => undefined)}
          />
        </Form.Item>
        {props.withText ? (
          <Form.Item name="text" label="显示文字">
            <Input placeholder="默认为选中的文字或链接地址" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
