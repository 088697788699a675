import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useAtomValue } from 'jotai';
import { useServices } from '../services';
import { userAtom } from '../state/atoms';

/** Validation texts of shell.md §5. */
export const MSG_OLD_REQUIRED = '请输入旧密码!';
export const MSG_NEW_REQUIRED = '请输入新密码!';
export const MSG_CONFIRM_REQUIRED = '请确认新密码!';
export const MSG_CONFIRM_DIFFERS = '两次输入的密码不一样！';
export const MSG_NO_USER = '当前系统无登录用户!';

interface PasswordForm {
  readonly oldpassword: string;
  readonly password: string;
  readonly confirmpassword: string;
}

/** 密码修改: the username comes from the signed-in user. */
export function PasswordModal({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { api } = useServices();
  const { message } = App.useApp();
  const user = useAtomValue(userAtom);
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    if (!user?.username) {
      void message.warning(MSG_NO_USER);
      return;
    }
    setSaving(true);
    try {
      const envelope = await api.updatePassword({ username: user.username, ...values });
      if (envelope.success) {
        void message.success(envelope.message);
        form.resetFields();
        onClose();
      } else {
        void message.warning(envelope.message);
      }
    } catch {
      // The request runtime has already shown the failure.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={520}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      forceRender
    >
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} autoComplete="off">
        <Form.Item
          label="旧密码"
          name="oldpassword"
          rules={[{ required: true, message: MSG_OLD_REQUIRED }]}
        >
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={[{ required: true, message: MSG_NEW_REQUIRED }]}
        >
          <Input.Password placeholder="新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: MSG_CONFIRM_REQUIRED },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG_CONFIRM_DIFFERS)),
            }),
          ]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
