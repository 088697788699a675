/** widgets.md §7: a tree select's `condition` that is not a JSON object string. */
export const MSG_TREE_CONDITION = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/**
 * A tree select's `condition` (a JSON object of "column: value" pairs) read: `{}` for an empty
 * one, null when it is not a JSON object string. The tree selects check it before loading
 * anything; the tree calls (/sys/category/loadTreeData, /sys/dict/loadTreeData) refuse it with
 * the same message.
 */
export function parseTreeCondition(raw: string | undefined): Record<string, unknown> | null {
  if (raw === undefined || raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON at all: refused like any other non-object.
  }
  return null;
}

/** The message for a `condition` that is not a JSON object string; null when it is fine. */
export function conditionProblem(raw: string): string | null {
  return parseTreeCondition(raw) ? null : MSG_TREE_CONDITION;
}
