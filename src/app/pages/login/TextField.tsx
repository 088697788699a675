import type { ReactNode } from 'react';
import { Input } from 'antd';
import styles from './LoginPage.module.css';

interface Props {
  readonly id: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string;
  readonly disabled?: boolean;
  readonly password?: boolean;
  readonly autoComplete?: string;
  readonly maxLength?: number;
  readonly autoFocus?: boolean;
  readonly inputMode?: 'numeric' | 'tel' | 'text';
  readonly prefix?: ReactNode;
  /** Beside the input (获取验证码). */
  readonly addon?: ReactNode;
}

/** One input of a login or self-service form, with its message line below. */
export function TextField(props: Props) {
  const common = {
    id: props.id,
    size: 'large' as const,
    placeholder: props.placeholder,
    'aria-label': props.placeholder,
    value: props.value,
    status: props.error ? ('error' as const) : ('' as const),
    disabled: props.disabled,
    autoComplete: props.autoComplete,
    maxLength: props.maxLength,
    autoFocus: props.autoFocus,
    inputMode: props.inputMode,
    prefix: props.prefix,
    'aria-invalid': Boolean(props.error),
    onChange: (e: { target: { value: string } }) => props.onChange(e.target.value),
  };
  const input = props.password ? <Input.Password {...common} /> : <Input {...common} />;
  return (
    <div className={styles.field}>
      {props.addon ? (
        <div className={styles.codeRow}>
          {input}
          {props.addon}
        </div>
      ) : (
        input
      )}
      <div className={styles.error} role="alert">
        {props.error}
      </div>
    </div>
  );
}
