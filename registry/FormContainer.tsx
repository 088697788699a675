import type { CSSProperties, ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/** A fieldset without the browser's frame: only its `disabled` matters here. */
const PLAIN: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };
/** Disabled: widgets that open on a click of a plain element (selects, icons) stay shut too. */
const INERT: CSSProperties = { ...PLAIN, pointerEvents: 'none' };

/**
 * The form container (widgets.md §2.3): a wrapper that disables a group of inputs at once.
 * antd controls take `componentDisabled` (drawn disabled); the fieldset disables every native
 * input and button inside, Formily-bound ones too, and no click reaches the group.
 */
export function FormContainer({
  disabled = false,
  children,
}: {
  readonly disabled?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <ConfigProvider componentDisabled={disabled}>
      <fieldset disabled={disabled} aria-disabled={disabled} style={disabled ? INERT : PLAIN}>
        {children}
      </fieldset>
    </ConfigProvider>
  );
}
