import type { DisplayProps } from '../../registry/types';
import { isBlank } from '../shared/values';

/** What a read-only password shows when it is set: never the value, nor its length. */
export const PASSWORD_MASK = '******';

/** `******` when there is a value, nothing otherwise. */
export function PasswordDisplay({ value }: DisplayProps) {
  return isBlank(value) ? null : <span>{PASSWORD_MASK}</span>;
}
