export const benchOptions = [
  { value: '1', text: '选项一' },
  { value: '2', text: '选项二' },
  { value: '3', text: '选项三' },
] as const;

/** Title of both forms' card. */
export const BENCH_TITLE = '表单基准';
/** Columns of both forms' layout, and their label width (px). */
export const BENCH_COLUMNS = 3;
export const BENCH_LABEL_WIDTH = 90;

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

/** One field of the bench, as both forms draw it. */
export interface BenchField {
  readonly name: string;
  readonly label: string;
  readonly type: string;
  /** Every field is required; a third of the text fields must also be a number. */
  readonly numberPattern: boolean;
  /** The product's default placeholder (请选择 for choices, 请输入 otherwise). */
  readonly placeholder: string;
}

/** The `count` fields: the mix of a large real form, every one required. */
export function benchFields(count = 300): BenchField[] {
  return Array.from({ length: count }, (_, i) => {
    const type = benchFieldType(i);
    const label = `字段${i + 1}`;
    const choice = type === 'select' || type === 'radio';
    return {
      name: `f${i}`,
      label,
      type,
      numberPattern: type === 'input' && i % 3 === 1,
      placeholder: `${choice ? '请选择' : '请输入'}${label}`,
    };
  });
}

/** The page definition of the same fields for the product's page engine (a `form` page). */
export function benchDefinition(count = 300): Record<string, unknown> {
  const options = benchOptions.map((o) => ({ ...o }));
  const fields = benchFields(count).map((field) => ({
    name: field.name,
    label: field.label,
    type: field.type,
    ...(field.type === 'select' || field.type === 'radio' ? { options } : {}),
    validateRules: field.numberPattern
      ? [{ required: true }, { pattern: 'n' }]
      : [{ required: true }],
  }));
  return {
    schemaVersion: 2,
    code: 'bench_form',
    title: BENCH_TITLE,
    kind: 'form',
    api: { add: '/bench/add', edit: '/bench/edit' },
    form: { columns: BENCH_COLUMNS, labelWidth: BENCH_LABEL_WIDTH },
    fields,
  };
}
