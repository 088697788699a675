import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { DdlStep } from './ddl';
import type { TablePlan } from './ddl-plan';

/**
 * Runs planned DDL inside the caller's transaction. A statement the database refuses ends the
 * save with a message naming the step and the reason; the transaction then rolls everything
 * back, the page row included.
 */

/** Reasons by PostgreSQL error code (SQLSTATE). */
const REASONS: Readonly<Record<string, string>> = {
  '23502': '表中已有该列为空的数据',
  '23505': '表中已有重复的数据',
  '23514': '表中已有不满足约束的数据',
  '42P07': '数据库中已有同名的表或索引',
  '42701': '该列已存在',
  '42704': '对象不存在',
  '22001': '表中已有超出新长度的数据',
  '22003': '表中已有超出新精度的数据',
  '22P02': '表中已有无法转换为新类型的数据',
  '42804': '表中已有无法转换为新类型的数据',
  '55P03': '表正被其他操作使用，请稍后再试',
  '40P01': '表正被其他操作使用，请稍后再试',
};

export function sqlStateOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

export function ddlFailure(step: DdlStep, error: unknown): AppError {
  const state = sqlStateOf(error);
  const reason = (state && REASONS[state]) ?? '数据库拒绝了该修改';
  return new AppError(`${step.label} 时失败：${reason}。本次保存的所有修改均已撤销`);
}

export async function runPlans(
  tx: Kysely<Database>,
  plans: readonly TablePlan[],
  onFailure?: (error: unknown, step: DdlStep) => void,
): Promise<void> {
  for (const plan of plans) {
    for (const step of plan.steps) {
      try {
        await step.statement.execute(tx);
      } catch (error) {
        onFailure?.(error, step);
        throw ddlFailure(step, error);
      }
    }
    // A table the page just created is audited like every other (migration 0019's trigger).
    if (plan.steps.length > 0) {
      await sql`select sys_audit_attach(${plan.table}) where to_regclass(${plan.table}) is not null`.execute(
        tx,
      );
    }
  }
}

/** The statements as SQL text, for the editor's preview (identifiers checked and quoted). */
export function previewSql(db: Kysely<Database>, plans: readonly TablePlan[]): string[] {
  return plans.flatMap((plan) => plan.steps.map((step) => step.statement.compile(db).sql));
}
