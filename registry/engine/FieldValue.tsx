import type { FieldDefinition, FieldOption } from '../../src/contracts/page';
import { displayText } from '../registry';
import { useEngine } from './context';

export interface FieldValueProps {
  readonly field: FieldDefinition;
  readonly value: unknown;
  readonly record?: Readonly<Record<string, unknown>>;
  readonly options?: readonly FieldOption[];
}

/** A value read-only: the renderer's display view, else dictionary / option text. */
export function FieldValue({ field, value, record, options }: FieldValueProps) {
  const { registry } = useEngine();
  const Display = registry.get(field.type)?.display;
  if (Display) {
    return (
      <Display
        {...field.props}
        value={value}
        record={record}
        options={options}
        field={field}
        variant="cell"
      />
    );
  }
  return <>{displayText({ value, record, options, field })}</>;
}
