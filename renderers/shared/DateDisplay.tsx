import type { DisplayProps } from '../../registry/types';
import { formatDate, type DateKind } from './date-text';

/** A date, datetime or time in its format; nothing when empty or unreadable. No picker code. */
export function dateDisplay(kind: DateKind) {
  function DateDisplay(props: DisplayProps) {
    const text = formatDate(props.value, kind);
    return text === '' ? null : <span>{text}</span>;
  }
  DateDisplay.displayName = `DateDisplay(${kind})`;
  return DateDisplay;
}
