import type { PageDefinition, PageProblem } from '../../../src/contracts/page';
import type { ValidatePageRequest, ValidateResult } from '../../../src/contracts/page-api';
import { checkPage } from '../../../src/contracts/page-check';
import { linearPatternProblem } from '../../../src/contracts/linear-regex';
import type { Db } from '../../db/index';
import { previewSql } from './ddl-run';
import { planPageTables } from './tables';

/**
 * The editor's dry run: every problem a save would meet, the SQL it would run on the page's
 * tables and the columns it would drop. Nothing is written.
 */
export async function validatePage(
  db: Db,
  input: ValidatePageRequest,
  adoptable?: ReadonlySet<string>,
): Promise<ValidateResult> {
  const check = checkPage(input.definition, { patternProblem: linearPatternProblem });
  if (!check.ok) return { problems: check.problems, ddl: [], dropColumns: [] };
  const definition = check.definition;
  const problems: PageProblem[] = [];
  const lookup = input.code ?? definition.code;
  const existing = await db
    .selectFrom('sys_page')
    .select(['id', 'definition'])
    .where('code', '=', lookup)
    .executeTakeFirst();
  if (input.code === undefined && existing) {
    problems.push({ path: '/code', message: `页面编码 ${definition.code} 已存在，请换一个编码` });
  }
  if (input.code !== undefined) {
    if (!existing) problems.push({ path: '/code', message: `页面 ${input.code} 不存在` });
    if (definition.code !== input.code) {
      problems.push({ path: '/code', message: `不能修改页面编码（原编码 ${input.code}）` });
    }
  }
  const editing = input.code !== undefined ? existing : undefined;
  const tables = await planPageTables(db, {
    next: definition,
    previous: editing ? (editing.definition as PageDefinition) : null,
    pageId: editing?.id ?? null,
    confirmDropColumns: [],
    ...(adoptable ? { adoptable } : {}),
  });
  problems.push(...tables.problems);
  return { problems, ddl: previewSql(db, tables.plans), dropColumns: tables.dropColumns };
}
