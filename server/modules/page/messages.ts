import type { PageProblem } from '../../../src/contracts/page';
import { ResultCode } from '../../../src/contracts/envelope';
import { AppError } from '../../http/errors';

/** The page store's refusals: each names what is wrong, and carries details for the editor. */

function firstOf(problems: readonly PageProblem[]): string {
  const first = problems[0];
  if (!first) return '';
  const more = problems.length > 1 ? `（共 ${problems.length} 处问题）` : '';
  return `${first.path} ${first.message}${more}`;
}

/** The definition breaks the meta-schema or a cross-reference rule. */
export function invalidDefinition(problems: readonly PageProblem[]): AppError {
  return new AppError(`页面定义不合法：${firstOf(problems)}`, 500, 200, { problems });
}

/** The table change is unsafe or not allowed (narrowing, renaming, a system table…). */
export function tableRefused(problems: readonly PageProblem[]): AppError {
  return new AppError(`无法修改表结构：${firstOf(problems)}`, 500, 200, { problems });
}

export function dropsNeedConfirmation(dropColumns: readonly string[]): AppError {
  return new AppError(`以下列将被删除：${dropColumns.join('、')}。确认删除后再保存`, 500, 200, {
    dropColumns,
  });
}

export function staleVersion(current: number): AppError {
  return new AppError(`页面已被他人修改（当前版本 ${current}），请刷新后再保存`, 500, 200, {
    version: current,
  });
}

export function pageNotFound(code: string): AppError {
  // Envelope code 404 (HTTP 200) so a menu entry whose page is gone shows 页面不存在.
  return new AppError(`页面 ${code} 不存在`, ResultCode.NOT_FOUND);
}

export function duplicateCode(code: string): AppError {
  return new AppError(`页面编码 ${code} 已存在，请换一个编码`);
}
