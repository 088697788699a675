import { Suspense, lazy, useMemo, useRef, type ReactNode } from 'react';
import { Alert, Button, Drawer, Space, Spin } from 'antd';
import { FullscreenModal } from '../../FullscreenModal';
import { createForm } from '@formily/core';
import type { PageDefinition } from '../../../src/contracts/page';
import type { PageData } from '../data-provider';
import {
  DIALOG_TITLES,
  MSG_CANCEL,
  MSG_CLOSE,
  MSG_LOADING,
  MSG_OK,
  missingUrlMessage,
} from '../messages';
import { URL_NAMES, listOptions } from '../page-model';
import { useFieldOptions } from '../../use-field-options';
import type { Row } from '../list/row';
import type { DetailGridsHandle } from './DetailGrids';
import { FormBody } from './FormBody';
import type { FormMode } from './field-specs';
import { useRecord } from './use-record';
import { useSave } from './use-save';
import { FormContainer } from '../../FormContainer';
import { useClickGuard } from '../../use-click-guard';

/** What a dialog shows: a new record (optionally preset), or a row to edit or view. */
// Only master-detail forms load the editable grid (react-data-grid).
const DetailGrids = lazy(() => import('./DetailGrids').then((m) => ({ default: m.DetailGrids })));

export interface DialogRequest {
  readonly mode: FormMode;
  readonly row?: Row;
  /** Values a new record starts with and is saved with (新增下级: the parent). */
  readonly preset?: Row;
}

export interface FormDialogProps {
  readonly page: PageDefinition;
  /** The page's data calls. */
  readonly data: PageData;
  readonly request: DialogRequest;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

function Container({
  page,
  title,
  footer,
  onClose,
  children,
}: {
  readonly page: PageDefinition;
  readonly title: string;
  readonly footer: ReactNode;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  if (page.form?.container === 'drawer') {
    return (
      <Drawer
        open
        title={title}
        width={page.form.width ?? 600}
        onClose={onClose}
        footer={<div style={{ textAlign: 'right' }}>{footer}</div>}
        destroyOnHidden
      >
        {children}
      </Drawer>
    );
  }
  return (
    <FullscreenModal
      open
      title={title}
      width={page.form?.width ?? 800}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      {children}
    </FullscreenModal>
  );
}

/**
 * The form dialog of a list (modal or drawer per `form.container`): 新增 / 编辑 / 详情. Edit and
 * detail load the record by `queryById` when the page has it; detail is read-pretty.
 * Master-detail pages edit their detail tables below in editable grids, saved with the master.
 */
export function FormDialog({ page, data, request, onClose, onSaved }: FormDialogProps) {
  const { mode, row, preset } = request;
  const rowKey = listOptions(page).rowKey;
  const id = mode === 'add' || !row ? null : String(row[rowKey] ?? '');
  const record = useRecord(data, id, row ?? null, missingUrlMessage(URL_NAMES.queryById));
  const { options, ready } = useFieldOptions(page.fields);
  const { saving, save } = useSave(data);
  const guard = useClickGuard();
  const details = useRef<DetailGridsHandle>(null);
  const hasDetails = (page.details?.length ?? 0) > 0;
  const instance = useMemo(() => {
    if (record.state !== 'ready') return null;
    const initialValues = mode === 'add' ? { ...preset } : { ...record.record };
    return createForm({ initialValues, readPretty: mode === 'detail', validateFirst: true });
  }, [record, mode, preset]);

  const submit = async () => {
    const collect = hasDetails
      ? async () => (details.current ? details.current.collect() : {})
      : undefined;
    if (instance && (await save(instance, mode, mode === 'add' ? preset : undefined, collect))) {
      onSaved();
    }
  };

  const footer =
    mode === 'detail' ? (
      <Button onClick={onClose}>{MSG_CLOSE}</Button>
    ) : (
      <Space>
        <Button onClick={onClose}>{MSG_CANCEL}</Button>
        <Button
          type="primary"
          loading={saving}
          disabled={!instance}
          onClick={() => guard(`${page.code}:save`, () => void submit())}
        >
          {MSG_OK}
        </Button>
      </Space>
    );

  return (
    <Container page={page} title={DIALOG_TITLES[mode]} footer={footer} onClose={onClose}>
      {record.state === 'failed' ? (
        <Alert type="error" showIcon message={record.message} />
      ) : !instance || !ready ? (
        <Spin tip={MSG_LOADING}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : (
        <FormContainer disabled={saving}>
          <FormBody page={page} form={instance} mode={mode} options={options} dataId={id} />
          {page.details && hasDetails && (
            <Suspense fallback={<Spin tip={MSG_LOADING} />}>
              <DetailGrids
                ref={details}
                page={page}
                details={page.details}
                masterId={id}
                readOnly={mode === 'detail'}
              />
            </Suspense>
          )}
        </FormContainer>
      )}
    </Container>
  );
}
