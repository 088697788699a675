import { useId, useMemo } from 'react';
import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { PageDefinition } from '../../../src/contracts/page';
import { useEngine } from '../context';
import type { OptionsByField } from '../use-field-options';
import { FieldItemLayoutContext } from './FieldItem';
import { buildFormSchema, formFields, type FormMode } from './form-schema';
import { useNarrow } from './use-narrow';
import { FieldDefinitionsContext, schemaFieldFor } from './widgets';

export interface FormBodyProps {
  readonly page: PageDefinition;
  readonly form: Form;
  readonly mode: FormMode;
  readonly options: OptionsByField;
  /** The record being edited, for unique checks. */
  readonly dataId: string | null;
}

/** A page's fields as a Formily form (widgets from the registry, rules, linkages). */
export function FormBody({ page, form, mode, options, dataId }: FormBodyProps) {
  const { registry, http } = useEngine();
  const SchemaField = schemaFieldFor(registry);
  const narrow = useNarrow();
  const idPrefix = `sa${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const fields = useMemo(() => formFields(page.fields, mode), [page, mode]);
  const definitions = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const layout = useMemo(
    () => ({ labelWidth: page.form?.labelWidth ?? 100, vertical: narrow, idPrefix }),
    [page, narrow, idPrefix],
  );
  const schema = useMemo(
    () =>
      buildFormSchema({
        page,
        fields,
        mode,
        options,
        registry,
        rules: { page, http, dataId },
        idPrefix,
      }),
    // A new form instance gets a new schema (the linkage reactions hold per-form state).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page, fields, mode, options, registry, http, dataId, idPrefix, form],
  );
  return (
    <FormProvider form={form}>
      <FieldItemLayoutContext.Provider value={layout}>
        <FieldDefinitionsContext.Provider value={definitions}>
          <SchemaField schema={schema} />
        </FieldDefinitionsContext.Provider>
      </FieldItemLayoutContext.Provider>
    </FormProvider>
  );
}
