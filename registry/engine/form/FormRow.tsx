import { memo } from 'react';
import type { ResolvedRenderer } from '../../types';
import type { FormFieldSpec } from './field-specs';
import type { FormFieldStore } from './field-store';
import { FieldControl } from './FieldControl';
import { FieldFrame, FieldItem } from './FieldItem';

export interface FormRowProps {
  readonly spec: FormFieldSpec;
  /** The row's index in the form. */
  readonly slot: number;
  readonly store: FormFieldStore;
  readonly renderer: ResolvedRenderer;
  /** Mounted: its control is drawn. Else only its label and required mark. */
  readonly live: boolean;
  /** Detail mode (read-only look before mounting). */
  readonly pretty: boolean;
}

/**
 * One field of an engine form. Until it is live it is only its frame (label and required
 * mark, no control): cheap, and the form has its full height from the start.
 * Its props are stable, so rows that do not change skip rendering.
 */
export const FormRow = memo(function FormRow({
  spec,
  slot,
  store,
  renderer,
  live,
  pretty,
}: FormRowProps) {
  // A hidden field keeps its value and is never drawn, unless a linkage can show it.
  if (spec.hidden && !spec.eager) return null;
  if (live || spec.eager) {
    return (
      <FieldItem spec={spec} store={store} slot={slot}>
        <FieldControl spec={spec} store={store} renderer={renderer} />
      </FieldItem>
    );
  }
  return (
    <FieldFrame
      name={spec.definition.name}
      title={spec.definition.label}
      required={spec.required}
      pretty={pretty}
      style={spec.style}
      slot={slot}
    />
  );
});
