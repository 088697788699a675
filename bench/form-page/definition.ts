/** A generated `form` page with `count` fields: mostly text, with numbers, selects, text areas,
 * switches and radios, a third of them with rules — the mix of a large real form. */
export function benchDefinition(count = 300): Record<string, unknown> {
  const options = [
    { value: '1', text: '选项一' },
    { value: '2', text: '选项二' },
    { value: '3', text: '选项三' },
  ];
  const fields = Array.from({ length: count }, (_, i) => {
    const name = `f${i}`;
    const label = `字段${i + 1}`;
    switch (i % 10) {
      case 3:
        return { name, label, type: 'inputNumber' };
      case 5:
        return { name, label, type: 'select', options };
      case 7:
        return { name, label, type: 'textarea' };
      case 8:
        return { name, label, type: 'switch' };
      case 9:
        return { name, label, type: 'radio', options };
      default:
        return {
          name,
          label,
          type: 'input',
          ...(i % 3 === 0 ? { validateRules: [{ required: true }] } : {}),
          ...(i % 3 === 1 ? { validateRules: [{ pattern: 'n' }] } : {}),
        };
    }
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
