import { FIELD_NAME_PATTERN, SQL_NAME_PATTERN } from '../page-constants';
import { snakeFromCamel } from '../page-upgrade';

/**
 * The rules a field name must meet, as the 字段 table checks them while the name is typed: the
 * same the server's check applies on save (the name pattern, one field per name, and, when
 * the list edits a table, a column name that is a legal SQL name), plus the keys the list API
 * writes beside a record's own values.
 */

const FIELD_NAME = new RegExp(FIELD_NAME_PATTERN);
const SQL_NAME = new RegExp(SQL_NAME_PATTERN);
/** The list answer's display text of a coded value (`sex_dictText`). */
const DICT_TEXT_SUFFIX = '_dictText';

export interface FieldNameContext {
  /** The other fields' names in the same list. */
  readonly others: readonly string[];
  /** The list edits a table of its own: the name becomes a column name. */
  readonly ownsTable: boolean;
}

/** Why `name` cannot be a field's name here, or null when it can. */
export function fieldNameProblem(name: string, context: FieldNameContext): string | null {
  if (name === '') return '请输入字段名';
  if (!FIELD_NAME.test(name)) return '字段名须以字母开头，只含字母、数字和下划线，最多 63 个字符';
  if (name.endsWith(DICT_TEXT_SUFFIX)) return `以 ${DICT_TEXT_SUFFIX} 结尾的名称留给列表的显示文字`;
  if (context.others.includes(name)) return `字段名 ${name} 已存在`;
  if (context.ownsTable) {
    const column = snakeFromCamel(name);
    if (!SQL_NAME.test(column)) return `字段名 ${name} 对应的列名 ${column} 不合法`;
  }
  return null;
}
