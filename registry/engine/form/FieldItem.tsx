import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { observer } from '@formily/react';
import type { FormFieldSpec } from './field-specs';
import type { FormFieldStore } from './field-store';
import './field-item.css';

export interface FieldItemLayout {
  /** Label width in px (horizontal layout). */
  readonly labelWidth: number;
  /** Label above the control (phones). */
  readonly vertical: boolean;
  /** Ids of controls: `${idPrefix}-${name}`. */
  readonly idPrefix: string;
}

export const FieldItemLayoutContext = createContext<FieldItemLayout>({
  labelWidth: 100,
  vertical: false,
  idPrefix: 'sa-field',
});

export interface FieldFrameProps {
  readonly name: string;
  readonly title: string;
  readonly required: boolean;
  /** Read-only (detail) look. */
  readonly pretty: boolean;
  /** Shown but not editable (`form.readOnly`): the control looks muted. */
  readonly readOnly?: boolean;
  /** The first failing rule's message. */
  readonly error?: string;
  readonly style?: CSSProperties;
  /** The row's index in the form (found by the progressive mount). */
  readonly slot: number;
  readonly children?: ReactNode;
}

/** The markup of a field row: label (with the required mark), the control, the message. */
export function FieldFrame({
  name,
  title,
  required,
  pretty,
  readOnly = false,
  error,
  style,
  slot,
  children,
}: FieldFrameProps) {
  const { labelWidth, vertical, idPrefix } = useContext(FieldItemLayoutContext);
  const classes = ['sa-field'];
  if (vertical) classes.push('sa-field-vertical');
  if (error) classes.push('sa-field-invalid');
  if (pretty) classes.push('sa-field-pretty');
  if (readOnly) classes.push('sa-field-readonly');
  return (
    <div className={classes.join(' ')} style={style} data-field={name} data-slot={slot}>
      <label
        className="sa-field-label"
        style={{ width: labelWidth }}
        htmlFor={`${idPrefix}-${name}`}
        title={title}
      >
        {required && <span className="sa-field-required">*</span>}
        {title}
      </label>
      <div className="sa-field-control">
        {children}
        {error && (
          <div className="sa-field-explain" role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The decorator of every engine form field: a FieldFrame reactive to its field only (display,
 * required, pattern, first error); nothing while the field is not visible. Before the
 * Formily field exists (see `field-store.ts`) the row is the definition's: visible, its rules'
 * required mark, the form's pattern, no message.
 */
export const FieldItem = observer(function FieldItem({
  spec,
  store,
  slot,
  children,
}: {
  readonly spec: FormFieldSpec;
  readonly store: FormFieldStore;
  readonly slot: number;
  readonly children?: ReactNode;
}) {
  const field = store.existing(spec);
  if (field && field.display !== 'visible') return null;
  const pattern = field ? field.pattern : (spec.props.pattern ?? store.form.pattern);
  const pretty = pattern === 'readPretty';
  return (
    <FieldFrame
      name={spec.definition.name}
      title={spec.definition.label}
      required={!pretty && (field ? field.required : spec.required)}
      pretty={pretty}
      readOnly={pattern === 'readOnly'}
      error={field && !pretty ? field.selfErrors[0] : undefined}
      style={spec.style}
      slot={slot}
    >
      {children}
    </FieldFrame>
  );
});
