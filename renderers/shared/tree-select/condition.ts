/** widgets.md §7: a tree select's `condition` that is not a JSON object string. */
export const MSG_TREE_CONDITION = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/**
 * The message for a `condition` prop that is not a JSON object string (an empty one means no
 * condition); null when it is fine. The tree then loads nothing.
 */
export function conditionProblem(raw: string): string | null {
  if (raw.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return null;
  } catch {
    // Not JSON at all: the same message.
  }
  return MSG_TREE_CONDITION;
}
