import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { isField } from '@formily/core';
import { observer, useField } from '@formily/react';
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

/**
 * The decorator of every engine form field: label (with the required mark), the control, and
 * the first failing rule's message. It replaces @formily/antd-v5's FormItem, whose per-field
 * style hook and overflow measurement (two layout reads per field after mounting) made a
 * 300-field form several times slower to appear and to type in. Reactive to the field only.
 */
export const FieldItem = observer(function FieldItem({
  children,
  style,
}: {
  readonly children?: ReactNode;
  readonly style?: CSSProperties;
}) {
  const field = useField();
  const { labelWidth, vertical, idPrefix } = useContext(FieldItemLayoutContext);
  const data = isField(field) ? field : null;
  const pretty = data?.pattern === 'readPretty';
  const required = Boolean(data?.required) && !pretty;
  const error = data && !pretty ? data.selfErrors[0] : undefined;
  const classes = ['sa-field'];
  if (vertical) classes.push('sa-field-vertical');
  if (error) classes.push('sa-field-invalid');
  if (pretty) classes.push('sa-field-pretty');
  const title = typeof field.title === 'string' ? field.title : '';
  return (
    <div className={classes.join(' ')} style={style} data-field={field.props.name}>
      <label
        className="sa-field-label"
        style={{ width: labelWidth }}
        htmlFor={`${idPrefix}-${String(field.props.name)}`}
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
});
