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
