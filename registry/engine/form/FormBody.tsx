import { Fragment, useEffect, useId, useMemo, useRef } from 'react';
import { Divider } from 'antd';
import type { Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { PageDefinition } from '../../../src/contracts/page';
import { useEngine } from '../context';
import type { OptionsByField } from '../../use-field-options';
import { fieldSpecs, formColumns, formFields, type FormMode } from './field-specs';
import { formFieldStore } from './field-store';
import { FieldItemLayoutContext } from './FieldItem';
import { FormColumns } from './FormColumns';
import { formGroups, type FormGroup } from './form-groups';
import { GroupTabs, UNGROUPED_TITLE } from './GroupTabs';
import { FormRow } from './FormRow';
import { useNarrow } from '../../use-media';
import { useProgressiveMount } from './use-progressive-mount';

export interface FormBodyProps {
  readonly page: PageDefinition;
  readonly form: Form;
  readonly mode: FormMode;
  readonly options: OptionsByField;
  /** The record being edited, for unique checks. */
  readonly dataId: string | null;
}

/**
 * A page's fields as a Formily form: one row per field in a CSS grid, widgets from the
 * registry, rules, linkages. A long form mounts the rows in the viewport before its first
 * paint and the others while the browser is idle; the values, rules and linkages of rows not
 * yet mounted are the form's all the same (see `field-store.ts`).
 */
export function FormBody({ page, form, mode, options, dataId }: FormBodyProps) {
  const { registry, http } = useEngine();
  const narrow = useNarrow();
  const idPrefix = `sa${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const fields = useMemo(() => formFields(page.fields, mode), [page, mode]);
  const layout = useMemo(
    () => ({ labelWidth: page.form?.labelWidth ?? 100, vertical: narrow, idPrefix }),
    [page, narrow, idPrefix],
  );
  const specs = useMemo(
    () =>
      fieldSpecs({
        page,
        fields,
        mode,
        options,
        rules: { page, http, dataId },
        idPrefix,
      }),
    // A new form instance gets new specs (the linkage reactions hold per-form state).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [page, fields, mode, options, http, dataId, idPrefix, form],
  );
  const store = useMemo(() => formFieldStore(form, specs), [form, specs]);
  const grid = useRef<HTMLDivElement>(null);
  const { mounted, mountAll } = useProgressiveMount(specs.length, grid);
  useEffect(() => store.onAllCreated(mountAll), [store, mountAll]);
  const groups = useMemo(() => formGroups(specs), [specs]);
  const columns = formColumns(page, fields);
  const rowsOf = (group: FormGroup) => (
    <FormColumns columns={columns}>
      {group.rows.map(({ spec, slot }) => (
        <FormRow
          key={spec.definition.name}
          spec={spec}
          slot={slot}
          store={store}
          renderer={registry.get(spec.definition.type)!}
          live={slot < mounted}
          pretty={mode === 'detail'}
        />
      ))}
    </FormColumns>
  );
  const grouped = groups.some((g) => g.title !== null);
  return (
    <FormProvider form={form}>
      <FieldItemLayoutContext.Provider value={layout}>
        <div ref={grid}>
          {!grouped ? (
            groups.map((group) => <Fragment key="all">{rowsOf(group)}</Fragment>)
          ) : page.form?.groupStyle === 'tabs' ? (
            <GroupTabs form={form} groups={groups} rowsOf={rowsOf} />
          ) : (
            groups.map((group) => (
              <section key={group.title ?? ''} aria-label={group.title ?? UNGROUPED_TITLE}>
                {group.title !== null && (
                  <Divider orientation="left" orientationMargin={0} style={{ marginTop: 4 }}>
                    {group.title}
                  </Divider>
                )}
                {rowsOf(group)}
              </section>
            ))
          )}
        </div>
      </FieldItemLayoutContext.Provider>
    </FormProvider>
  );
}
