import { AppError } from '../../http/errors';
import { linearRegex, type LinearRegex } from '../../../src/contracts/linear-regex';

/**
 * Code rules (`sys_check_rule.rule_json`, jeecg-api.md §4.12): an ordered list of
 * `{digits, pattern, message}`. `digits: "*"` tests the whole value; a number N tests the next N
 * characters (a cursor advances by N). Each pattern must match its whole piece, as Java's
 * `Pattern.matches` does; the first failing rule's message is the answer. Stored rules are
 * parsed and compiled defensively: a broken one is reported, never thrown at the caller raw.
 * Patterns run in linear time (RE2, `linear-regex.ts`): none can stall the server.
 */

export const MSG_RULE_NOT_FOUND = '该编码规则不存在';

export interface CheckRulePart {
  /** `*` or a count of characters. */
  readonly digits: '*' | number;
  readonly regex: LinearRegex;
  readonly message: string;
}

export const msgRuleUnsupportedPattern = (index: number) =>
  `第 ${index + 1} 条规则的正则表达式用到了环视或反向引用，服务器无法执行，请改写`;

/** A stored rule that cannot be used; the message says what is wrong with it. */
export class BrokenRuleError extends Error {}

function parseDigits(raw: unknown, index: number): '*' | number {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (text === '*') return '*';
  if (typeof text === 'string' && /^\d{1,4}$/.test(text.trim())) return Number(text.trim());
  throw new BrokenRuleError(`第 ${index + 1} 条规则的位数（digits）应为 * 或正整数`);
}

/** Parses `rule_json`; throws BrokenRuleError naming the first thing that is wrong. */
export function parseCheckRule(ruleJson: string): CheckRulePart[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(ruleJson);
  } catch {
    throw new BrokenRuleError('规则内容不是合法的 JSON');
  }
  if (!Array.isArray(parsed)) throw new BrokenRuleError('规则内容应当是一个数组');
  return parsed.map((item: unknown, index) => {
    if (!item || typeof item !== 'object') {
      throw new BrokenRuleError(`第 ${index + 1} 条规则应当是一个对象`);
    }
    const { digits, pattern, message } = item as Record<string, unknown>;
    if (typeof pattern !== 'string' || pattern === '') {
      throw new BrokenRuleError(`第 ${index + 1} 条规则缺少正则表达式（pattern）`);
    }
    try {
      new RegExp(pattern); // the browser's syntax: what RegExp refuses is refused here too
    } catch {
      throw new BrokenRuleError(`第 ${index + 1} 条规则的正则表达式不合法`);
    }
    const regex = linearRegex(pattern);
    if (!regex) throw new BrokenRuleError(msgRuleUnsupportedPattern(index));
    return {
      digits: parseDigits(digits, index),
      regex,
      message: typeof message === 'string' && message ? message : '输入内容不符合编码规则',
    };
  });
}

/** The message of the first rule the value breaks, or null when it passes every rule. */
export function firstFailure(parts: readonly CheckRulePart[], value: string): string | null {
  let cursor = 0;
  for (const part of parts) {
    let piece: string;
    if (part.digits === '*') {
      piece = value;
    } else {
      const end = Math.min(cursor + part.digits, value.length);
      piece = cursor > end ? '' : value.slice(cursor, end);
      cursor += part.digits;
    }
    // The whole piece must match (Java's Pattern.matches).
    if (!part.regex.testExact(piece)) return part.message;
  }
  return null;
}

/** The answer of checkByCode for a stored rule, as an AppError when the value fails. */
export function checkValue(rule: { ruleName: string; ruleJson: string }, value: string): void {
  if (value.trim() === '') return; // blank values are the required rule's business
  let parts: CheckRulePart[];
  try {
    parts = parseCheckRule(rule.ruleJson);
  } catch (error) {
    if (!(error instanceof BrokenRuleError)) throw error;
    throw new AppError(`编码规则「${rule.ruleName}」配置有误：${error.message}，请联系管理员`);
  }
  const failed = firstFailure(parts, value);
  if (failed !== null) throw new AppError(failed);
}
