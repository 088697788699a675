import { useMemo, useState } from 'react';
import { Button, Modal, Space, Spin } from 'antd';
import { createForm } from '@formily/core';
import { toJS } from '@formily/reactive';
import type { ActionDefinition, ActionForm, PageDefinition } from '../../../src/contracts/page';
import { FormBody } from '../form/FormBody';
import { MSG_CANCEL, MSG_LOADING, MSG_OK } from '../messages';
import { actionLabel } from '../page-model';
import { useFieldOptions } from '../../use-field-options';
import { actionFormPage } from './action-form-page';

export interface ActionFormDialogProps {
  readonly page: PageDefinition;
  readonly action: ActionDefinition;
  readonly form: ActionForm;
  /** Sends the values; resolves true when the server agreed (the host then closes the dialog). */
  readonly onSubmit: (values: Readonly<Record<string, unknown>>) => Promise<boolean>;
  readonly onClose: () => void;
}

/**
 * The fields a `url` action asks before its call (重置密码: 新密码, 确认密码), drawn and
 * validated by the form engine like the edit form. 确定 validates, then sends; a refusal
 * leaves the dialog open with the values as typed.
 */
export function ActionFormDialog({ page, action, form, onSubmit, onClose }: ActionFormDialogProps) {
  const formPage = useMemo(() => actionFormPage(page, form), [page, form]);
  const { options, ready } = useFieldOptions(form.fields);
  const instance = useMemo(() => createForm({ validateFirst: true }), []);
  const [sending, setSending] = useState(false);

  const confirm = async () => {
    try {
      await instance.validate();
    } catch {
      return; // the messages stand under the fields
    }
    setSending(true);
    try {
      await onSubmit(toJS(instance.values) as Record<string, unknown>);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={form.title ?? actionLabel(action)}
      width={form.width ?? 600}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      style={{ maxWidth: 'calc(100vw - 16px)' }}
      footer={
        <Space>
          <Button onClick={onClose}>{MSG_CANCEL}</Button>
          <Button type="primary" loading={sending} onClick={() => void confirm()}>
            {MSG_OK}
          </Button>
        </Space>
      }
    >
      {ready ? (
        <FormBody page={formPage} form={instance} mode="add" options={options} dataId={null} />
      ) : (
        <Spin tip={MSG_LOADING}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
    </Modal>
  );
}
