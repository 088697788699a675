export const benchOptions = [
  { value: '1', text: '选项一' },
  { value: '2', text: '选项二' },
  { value: '3', text: '选项三' },
] as const;

/** The type of field `i`: mostly text, with numbers, selects, text areas, switches, radios. */
export function benchFieldType(i: number): string {
  switch (i % 10) {
    case 3:
      return 'inputNumber';
    case 5:
      return 'select';
    case 7:
      return 'textarea';
    case 8:
      return 'switch';
    case 9:
      return 'radio';
    default:
      return 'input';
  }
}

/** A generated `form` page with `count` fields of `benchFieldType`, a third of the text ones
 * with rules — the mix of a large real form. */
export function benchDefinition(count = 300): Record<string, unknown> {
  const options = benchOptions.map((o) => ({ ...o }));
  const fields = Array.from({ length: count }, (_, i) => {
    const name = `f${i}`;
    const label = `字段${i + 1}`;
    const type = benchFieldType(i);
    if (type === 'select' || type === 'radio') return { name, label, type, options };
    if (type !== 'input') return { name, label, type };
    return {
      name,
      label,
      type,
      ...(i % 3 === 0 ? { validateRules: [{ required: true }] } : {}),
      ...(i % 3 === 1 ? { validateRules: [{ pattern: 'n' }] } : {}),
    };
  });
  return {
    schemaVersion: 2,
    code: 'bench_form',
    title: '表单基准',
    kind: 'form',
    api: { add: '/bench/add', edit: '/bench/edit' },
    form: { columns: 3, labelWidth: 90 },
    fields,
  };
}
