import type { FieldCondition, LinkageRule, PageProblem } from './page';

/**
 * What a condition (`{ field, operator, value }`) needs besides its shape: a `value` unless the
 * operator is `empty` / `notEmpty`, and a list for `in` / `notIn`. `at` points at the condition.
 */
export function checkCondition(when: FieldCondition, at: string): PageProblem[] {
  const problems: PageProblem[] = [];
  const needsValue = !['empty', 'notEmpty'].includes(when.operator);
  if (needsValue && !('value' in when)) {
    problems.push({ path: `${at}/value`, message: `条件 ${when.operator} 需要 value` });
  }
  if ((when.operator === 'in' || when.operator === 'notIn') && !Array.isArray(when.value)) {
    problems.push({ path: `${at}/value`, message: `条件 ${when.operator} 的 value 应当是数组` });
  }
  return problems;
}

/** Linkages name real fields, `setValue` has its value, conditions are complete. */
export function checkLinkages(
  linkages: readonly LinkageRule[] | undefined,
  fieldNames: ReadonlySet<string>,
): PageProblem[] {
  const problems: PageProblem[] = [];
  (linkages ?? []).forEach((rule, i) => {
    if (!fieldNames.has(rule.when.field)) {
      problems.push({
        path: `/linkages/${i}/when/field`,
        message: `联动条件引用了不存在的字段 ${rule.when.field}`,
      });
    }
    rule.targets.forEach((target, t) => {
      if (!fieldNames.has(target)) {
        problems.push({
          path: `/linkages/${i}/targets/${t}`,
          message: `联动目标引用了不存在的字段 ${target}`,
        });
      }
    });
    if (rule.effect === 'setValue' && !('value' in rule)) {
      problems.push({ path: `/linkages/${i}/value`, message: 'setValue 联动需要 value' });
    }
    problems.push(...checkCondition(rule.when, `/linkages/${i}/when`));
  });
  return problems;
}
