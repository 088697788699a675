import { Suspense } from 'react';
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
  const renderer = registry.get(field.type);
  const text = <>{displayText({ value, record, options, field })}</>;
  const Display = renderer?.display;
  if (!Display) return text;
  const view = (
    <Display
      {...field.props}
      value={value}
      record={record}
      options={options}
      field={field}
      variant="cell"
    />
  );
  // A display whose code loads on first use shows the plain text meanwhile.
  return renderer.lazy ? <Suspense fallback={text}>{view}</Suspense> : view;
}
