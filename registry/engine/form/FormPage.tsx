import { useMemo, useState } from 'react';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { createForm } from '@formily/core';
import type { PageDefinition } from '../../../src/contracts/page';
import { MSG_LOADING, MSG_RESET, MSG_SUBMIT, missingUrlMessage } from '../messages';
import { URL_NAMES } from '../page-model';
import { usePageData } from '../use-page-data';
import { useFieldOptions } from '../../use-field-options';
import { FormBody } from './FormBody';
import { useRecord } from './use-record';
import { useSave } from './use-save';
import { FormContainer } from '../../FormContainer';
import { useClickGuard } from '../../use-click-guard';

export interface FormPageProps {
  readonly page: PageDefinition;
  /** Edit this record (the url's `?id=`); null = create. */
  readonly recordId: string | null;
  /** Values a new record starts with and is saved with (`PageView`'s `bound`). */
  readonly bound: Readonly<Record<string, string>>;
}

/** A `form` page: the fields as a standalone form; creates, or edits the record of `?id=`. */
export function FormPage({ page, recordId, bound }: FormPageProps) {
  const data = usePageData(page);
  const mode = recordId === null ? 'add' : 'edit';
  const record = useRecord(data, recordId, null, missingUrlMessage(URL_NAMES.queryById));
  const { options, ready } = useFieldOptions(page.fields);
  const { saving, save } = useSave(data);
  const guard = useClickGuard();
  const [generation, setGeneration] = useState(0);
  const form = useMemo(
    () =>
      record.state === 'ready'
        ? createForm({
            initialValues: { ...(mode === 'add' ? bound : {}), ...record.record },
            validateFirst: true,
          })
        : null,
    // A new generation is a fresh form after a successful create.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record, generation, bound, mode],
  );

  const submit = async () => {
    const preset = mode === 'add' ? bound : undefined;
    if (form && (await save(form, mode, preset)) && mode === 'add') setGeneration((g) => g + 1);
  };

  return (
    <Card variant="borderless" title={page.title}>
      {record.state === 'failed' ? (
        <Alert type="error" showIcon message={record.message} />
      ) : !form || !ready ? (
        <Spin tip={MSG_LOADING}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : (
        <>
          {page.description && <p style={{ marginTop: 0 }}>{page.description}</p>}
          <FormContainer disabled={saving}>
            <FormBody
              key={generation}
              page={page}
              form={form}
              mode={mode}
              options={options}
              dataId={recordId}
            />
          </FormContainer>
          <Space style={{ marginTop: 8 }}>
            <Button
              type="primary"
              loading={saving}
              onClick={() => guard(`${page.code}:save`, () => void submit())}
            >
              {MSG_SUBMIT}
            </Button>
            <Button onClick={() => void form.reset()}>{MSG_RESET}</Button>
          </Space>
        </>
      )}
    </Card>
  );
}
