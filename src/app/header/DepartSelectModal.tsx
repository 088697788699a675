import { useEffect, useEffectEvent, useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import type { UserDepart } from '../../contracts/session';
import { useServices } from '../services';
import { userAtom } from '../state/atoms';

export const MSG_NO_DEPART = '您尚未设置部门信息!';
export const MSG_PICK_DEPART = '请选择登录部门';

/**
 * Department switch (shell.md §2): opens only when the user has departments (otherwise a
 * warning), requires a choice, and stores the new user info on confirm.
 */
export function DepartSelectModal({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { api, session } = useServices();
  const { message } = App.useApp();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const [departs, setDeparts] = useState<readonly UserDepart[] | null>(null);
  const [orgCode, setOrgCode] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!open) return;
    setTouched(false);
    api
      .currentDeparts()
      .then((envelope) => {
        if (!envelope.success) throw new Error(envelope.message);
        if (envelope.result.list.length === 0) {
          void message.warning(MSG_NO_DEPART);
          close();
          return;
        }
        setDeparts(envelope.result.list);
        setOrgCode(envelope.result.orgCode);
      })
      .catch(() => close());
  }, [open, api, message]);

  const confirm = async () => {
    setTouched(true);
    if (!orgCode || !user) return;
    setSaving(true);
    try {
      const envelope = await api.selectDepart(orgCode, user.username);
      if (!envelope.success) {
        void message.warning(envelope.message);
        return;
      }
      session.setUser(envelope.result.userInfo);
      setUser(envelope.result.userInfo);
      void message.success('部门切换成功');
      onClose();
    } catch {
      // shown by the request runtime
    } finally {
      setSaving(false);
    }
  };

  const invalid = touched && !orgCode;
  return (
    <Modal
      title="切换部门"
      open={open && departs !== null}
      onOk={() => void confirm()}
      onCancel={onClose}
      okButtonProps={{ disabled: !orgCode }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="部门"
          required
          validateStatus={invalid ? 'error' : ''}
          help={invalid ? MSG_PICK_DEPART : null}
        >
          <Select
            value={orgCode}
            placeholder={MSG_PICK_DEPART}
            status={invalid ? 'error' : ''}
            onChange={(value: string) => setOrgCode(value)}
            options={(departs ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
