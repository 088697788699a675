import type { FieldDefinition, PageProblem } from './page';
import { snakeFromCamel } from './page-upgrade';
import { PATTERN_PRESETS, REQUIRED_PRESET, UNIQUE_PRESET } from './validate-presets';

/** The columns a field list must match (a page's or a detail's table), or null for none. */
export interface FieldColumns {
  readonly table: string;
  readonly names: ReadonlySet<string>;
}

/**
 * The checks every field list gets (page, detail table, action form): unique names, regular
 * expressions that compile, and, when the list edits a table, a column per field.
 */
export function checkFieldList(
  fields: readonly FieldDefinition[],
  base: string,
  columns: FieldColumns | null,
): PageProblem[] {
  const problems: PageProblem[] = [];
  const names = new Map<string, number>();
  fields.forEach((field, i) => {
    const at = `${base}/${i}`;
    if (names.has(field.name)) {
      problems.push({
        path: `${at}/name`,
        message: `字段名 ${field.name} 与第 ${names.get(field.name)! + 1} 个字段重复`,
      });
    } else {
      names.set(field.name, i);
    }
    if (columns && !columns.names.has(snakeFromCamel(field.name))) {
      problems.push({
        path: `${at}/name`,
        message: `字段 ${field.name} 在表 ${columns.table} 中没有对应的列 ${snakeFromCamel(field.name)}`,
      });
    }
    (field.validateRules ?? []).forEach((rule, r) => {
      if (rule.pattern === undefined) return;
      if (rule.pattern === REQUIRED_PRESET || rule.pattern === UNIQUE_PRESET) return;
      if (PATTERN_PRESETS[rule.pattern]) return;
      try {
        new RegExp(rule.pattern);
      } catch {
        problems.push({
          path: `${at}/validateRules/${r}/pattern`,
          message: `不是预置规则，也不是合法的正则表达式：${rule.pattern}`,
        });
      }
    });
  });
  return problems;
}
