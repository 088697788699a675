import type { FormFieldSpec } from './field-specs';

/** The rows of one group of an edit form, with each row's place among all of them. */
export interface FormGroup {
  /** The group's title; null for the fields that name none. */
  readonly title: string | null;
  readonly rows: readonly { readonly spec: FormFieldSpec; readonly slot: number }[];
}

/**
 * The form's fields by group (`form.group`): fields without a group first, then each group in
 * the order its first field appears, the fields of a group in their own order. A slot is the
 * row's index in the whole form (rows mount in slot order).
 */
export function formGroups(specs: readonly FormFieldSpec[]): FormGroup[] {
  const grouped = specs.map((spec) => {
    const view = spec.definition.form;
    return { spec, title: typeof view === 'object' ? (view.group ?? null) : null };
  });
  const order: (string | null)[] = [null];
  for (const { title } of grouped) if (!order.includes(title)) order.push(title);
  // Slots follow the drawn order, so the rows on screen first mount first.
  let slot = 0;
  return order
    .map((title) => ({
      title,
      rows: grouped.filter((g) => g.title === title).map((g) => ({ spec: g.spec, slot: slot++ })),
    }))
    .filter((group) => group.rows.length > 0);
}
