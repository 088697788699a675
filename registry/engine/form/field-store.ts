import type { Field, Form } from '@formily/core';
import { onFormValidateStart } from '@formily/core';
import type { FormFieldSpec } from './field-specs';

/**
 * The Formily fields of one form, created when first needed: a field's control draws from the
 * form (its value, the form's pattern) until the user focuses or changes it, so a long form
 * does not pay for a Formily field per row before it can paint. Everything that reads the form
 * still sees it as if every field had been created at once:
 *
 * - fields with a default and linkage targets are created with the form (their values and
 *   states are there from the start, and linkages never miss a change);
 * - the other fields' values are the form's own (initial values or nothing), so `form.values`
 *   is complete without them, and nothing but their own control changes them;
 * - a form validation (save) first creates every missing field, so required and pattern rules
 *   run on all of them, and then tells the `onAllCreated` listeners (every row then mounts, so
 *   the messages show).
 */
export interface FormFieldStore {
  readonly form: Form;
  /** The field of a spec, created if missing. */
  field(spec: FormFieldSpec): Field;
  /** The field of a spec if it exists; reactive (an observer re-renders once it is created). */
  existing(spec: FormFieldSpec): Field | undefined;
  /**
   * Sets several fields' values as their own controls would (a popup filling its siblings):
   * a field of the form is created if missing and given the value as input; any other name is
   * set in the form's values.
   */
  setValues(values: Readonly<Record<string, unknown>>): void;
  /** Called after a validation had to create missing fields. */
  onAllCreated(listener: () => void): () => void;
}

/** The effect every store installs on its form (once per form; the newest store answers). */
const EFFECTS_ID = 'sa-field-store';
const latest = new WeakMap<Form, () => void>();

export function formFieldStore(form: Form, specs: readonly FormFieldSpec[]): FormFieldStore {
  const listeners = new Set<() => void>();
  const field = (spec: FormFieldSpec) => form.createField(spec.props) as Field;
  for (const spec of specs) if (spec.eager) field(spec);
  latest.set(form, () => {
    const missing = specs.filter((spec) => !form.fields[spec.definition.name]);
    if (missing.length === 0) return;
    for (const spec of missing) field(spec);
    for (const listener of listeners) listener();
  });
  form.addEffects(EFFECTS_ID, () => {
    onFormValidateStart(() => latest.get(form)?.());
  });
  return {
    form,
    field,
    existing: (spec) => form.fields[spec.definition.name] as Field | undefined,
    setValues(values) {
      for (const [name, value] of Object.entries(values)) {
        const spec = specs.find((s) => s.definition.name === name);
        if (spec) void field(spec).onInput(value);
        else form.setValuesIn(name, value);
      }
    },
    onAllCreated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
