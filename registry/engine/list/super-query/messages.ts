/** Every text of the advanced query builder (widgets.md §2.9, §5; jeecg's wording elsewhere). */

export const MSG_SUPER_QUERY = '高级查询';
export const MSG_SUPER_QUERY_TITLE = '高级查询构造器';
export const MSG_SUPER_QUERY_ACTIVE = '已有高级查询条件生效';
export const MSG_SUPER_QUERY_CLEAR = '清空';
export const MSG_MATCH_TYPE = '过滤条件匹配：';
export const MSG_MATCH_AND = 'AND（所有条件都要求匹配）';
export const MSG_MATCH_OR = 'OR（条件中的任意一个匹配）';
export const MSG_FIELD_PLACEHOLDER = '选择查询字段';
export const MSG_RULE_PLACEHOLDER = '匹配规则';
export const MSG_VALUE_PLACEHOLDER = '请输入值';
export const MSG_VALUE_SELECT_PLACEHOLDER = '请选择';
export const MSG_VALUE_IN_PLACEHOLDER = '多个值用逗号分隔';
export const MSG_ADD_CONDITION = '添加条件';
export const MSG_REMOVE_CONDITION = '删除条件';
export const MSG_NO_CONDITIONS = '没有任何查询条件';
export const MSG_CLICK_TO_ADD = '点击新增';
export const MSG_SAVED_QUERIES = '保存的查询';
export const MSG_NO_SAVED_QUERIES = '没有保存任何查询';
export const MSG_DELETE_SAVED = '删除';
export const MSG_CONFIRM_DELETE_SAVED = '是否删除当前查询？';
export const MSG_RESET = '重置';
export const MSG_SAVE_QUERY = '保存查询';
export const MSG_CLOSE = '关闭';
export const MSG_QUERY = '查询';
export const MSG_SAVE_NAME_PROMPT = '请输入保存的名称';
export const MSG_SAVE_NAME_EMPTY = '保存名称不能为空';
export const MSG_SAVE_EMPTY = '空条件不能保存';
export const MSG_QUERY_EMPTY = '不能查询空条件';
export const MSG_SAVED = '保存成功';
export const MSG_CONFIRM_TITLE = '提示';
export const MSG_OK = '确定';
export const MSG_CANCEL = '取消';

/** `{name} 已存在，是否覆盖？` (widgets.md §5). */
export function existsMessage(name: string): string {
  return `${name} 已存在，是否覆盖？`;
}

/** The rules' names in the rule select (widgets.md §9 order; jeecg's texts). */
export const RULE_LABELS = {
  eq: '等于',
  like: '模糊',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
} as const;
