/** One option of a dictionary (shell.md §3). */
export interface DictOption {
  readonly value: string;
  readonly text: string;
  /** Same as text; kept for clients written for the reference system. */
  readonly title: string;
}

/** Every system dictionary by code (GET /sys/dict/queryAllDictItems). */
export type DictMap = Readonly<Record<string, readonly DictOption[]>>;

/** Message when a dictionary lookup has no code (shell.md §5). */
export const MSG_DICT_CODE_EMPTY = '字典Code不能为空!';

/** A system dictionary code (`sex`, `user_status`). */
export const SYSTEM_DICT_CODE_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,99}$';
/**
 * A table dictionary `table,text,code` (`sys_position,name,code`): three table / column names.
 * Which tables and columns may be named is the server's decision (an allow-list).
 */
export const TABLE_DICT_CODE_PATTERN =
  '^[a-z][a-z0-9_]{0,62},[a-z][a-z0-9_]{0,62},[a-z][a-z0-9_]{0,62}$';

/** True when a dictionary code names a table (`table,text,code`) rather than a system dictionary. */
export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}
