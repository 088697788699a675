/**
 * The report picker's texts (widgets.md §2.10, §5, §8). The spec writes three of them in
 * English ('please select a record', 'please select one record', a button reading 'close') in
 * an otherwise Chinese product; as with the user cell's 'please select user' (请选择用户), the
 * product shows them in Chinese. This is the one place that maps them.
 */
export const MSG_SELECT_A_RECORD = '请选择一条记录'; // spec: 'please select a record'
export const MSG_SELECT_ONE_RECORD = '请只选择一条记录'; // spec: 'please select one record'
export const LABEL_CLOSE = '关闭'; // spec: 'close'

export const LABEL_QUERY = '查询';
export const LABEL_RESET = '重置';
export const LABEL_EXPAND = '展开';
export const LABEL_COLLAPSE = '收起';
export const LABEL_CLEAR_SELECTION = '清空';
export const LABEL_REFRESH = '刷新';
export const LABEL_BEGIN = '开始';
export const LABEL_END = '结束';

/** The banner over the table: `已选择 N 项`. */
export function selectedText(count: number): string {
  return `已选择 ${count} 项`;
}
