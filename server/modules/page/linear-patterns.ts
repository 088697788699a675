import type { FieldDefinition, PageDefinition, PageProblem } from '../../../src/contracts/page';
import {
  PATTERN_PRESETS,
  REQUIRED_PRESET,
  UNIQUE_PRESET,
} from '../../../src/contracts/validate-presets';
import { checkPageDefinition, type PageCheck } from '../../../src/contracts/page-validate';
import { linearRegex } from '../../http/linear-regex';

/**
 * The `pattern` rules of a page's and its details' fields that the server could not run:
 * records are checked on the server in linear time (RE2), which has no look-around or
 * back-references. The shared checks (`checkPageDefinition`) already refused what RegExp
 * refuses; this adds what only the server knows.
 */
export function linearPatternProblems(definition: PageDefinition): PageProblem[] {
  const problems: PageProblem[] = [];
  const check = (fields: readonly FieldDefinition[], base: string) =>
    fields.forEach((field, i) =>
      (field.validateRules ?? []).forEach((rule, r) => {
        const { pattern } = rule;
        if (pattern === undefined || pattern === REQUIRED_PRESET || pattern === UNIQUE_PRESET) {
          return;
        }
        if (PATTERN_PRESETS[pattern] || linearRegex(pattern)) return;
        problems.push({
          path: `${base}/${i}/validateRules/${r}/pattern`,
          message: `正则表达式用到了环视或反向引用，服务器无法执行，请改写：${pattern}`,
        });
      }),
    );
  check(definition.fields, '/fields');
  definition.details?.forEach((detail, d) => check(detail.fields, `/details/${d}/fields`));
  return problems;
}

/** `checkPageDefinition`, then the patterns the server must be able to run. */
export function checkPageOnServer(input: unknown): PageCheck {
  const check = checkPageDefinition(input);
  if (!check.ok) return check;
  const problems = linearPatternProblems(check.definition);
  return problems.length > 0 ? { ok: false, problems } : check;
}
