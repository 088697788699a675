import { useEffect, useMemo } from 'react';
import { observer } from '@formily/react';
import type { FieldOption } from '../../../src/contracts/page';
import { displayText } from '../../registry';
import type { ResolvedRenderer } from '../../types';
import type { FormFieldSpec } from './field-specs';
import type { FormFieldStore } from './field-store';

export interface FieldControlProps {
  readonly spec: FormFieldSpec;
  readonly store: FormFieldStore;
  readonly renderer: ResolvedRenderer;
}

/**
 * A field's control: the registry widget bound to its Formily field, or the renderer's display
 * view when the field is read-pretty (detail mode). The widget gets what Formily's own field
 * component gave it — `disabled`, `readOnly`, the field's props (`widgetProps`), `value`,
 * `onChange` / `onFocus` / `onBlur` — plus `field` (its definition) and `setValues` (sibling
 * fields, for a popup). Before the Formily field
 * exists (see `field-store.ts`), value and pattern are the form's and the first focus or
 * change creates it; while drawn, the field counts as mounted. Reactive to its field only, with
 * stable handlers and props: typing re-renders this control alone.
 */
export const FieldControl = observer(function FieldControl({
  spec,
  store,
  renderer,
}: FieldControlProps) {
  const handlers = useMemo(
    () => ({
      onChange: (...args: unknown[]) => void store.field(spec).onInput(...args),
      onFocus: (...args: unknown[]) => void store.field(spec).onFocus(...args),
      onBlur: (...args: unknown[]) => void store.field(spec).onBlur(...args),
      setValues: (values: Readonly<Record<string, unknown>>) => store.setValues(values),
    }),
    [store, spec],
  );
  const field = store.existing(spec);
  useEffect(() => {
    if (!field) return;
    field.onMount();
    return () => field.onUnmount();
  }, [field]);
  const { form } = store;
  const pattern = field ? field.pattern : (spec.props.pattern ?? form.pattern);
  const value: unknown = field ? field.value : form.getValuesIn(spec.definition.name);
  const definition = spec.definition;
  if (pattern === 'readPretty') {
    const { options: raw, ...rest } = spec.widgetProps;
    const options = raw as readonly FieldOption[] | undefined;
    const record = form.values as Record<string, unknown>;
    const Display = renderer.display;
    if (Display) {
      return (
        <Display
          disabled
          readOnly={false}
          {...rest}
          value={value}
          options={options}
          field={definition}
          record={record}
          variant="detail"
        />
      );
    }
    return <>{displayText({ value, options, field: definition, record }) || '-'}</>;
  }
  const Widget = renderer.field;
  return (
    <Widget
      disabled={pattern === 'disabled'}
      readOnly={pattern === 'readOnly'}
      {...spec.widgetProps}
      value={value}
      {...handlers}
      field={definition}
    />
  );
});
