import { failure } from '../../http/errors';
import { assertLegalDecoded } from '../../http/text-guard';
import { linearRegex } from '../../../src/contracts/linear-regex';
import { BrokenRuleError, msgRuleUnsupportedPattern, parseCheckRule } from './check-rule';

/**
 * `rule_json` of 校验规则 as it is saved: a JSON array of 1–20 `{digits, pattern, message}`
 * where digits is `*` or a positive count, pattern a regular expression and message a text.
 * After these checks the evaluator's own parser (`parseCheckRule`, used by checkByCode) must
 * accept the result, so a saved rule is one checkByCode can use. Patterns run in linear time
 * (RE2), so look-around and back-references, which RE2 cannot run, are refused here.
 */

export const MAX_RULES = 20;
/** `sys_check_rule.rule_json` is varchar(1024). */
export const MAX_RULE_JSON = 1024;
export const MAX_PATTERN = 500;
export const MAX_MESSAGE = 100;

export const MSG_RULE_JSON = '规则内容不是合法的 JSON';
export const MSG_RULE_ARRAY = '规则内容应当是一个数组';
export const MSG_RULE_COUNT = `规则内容应有 1 到 ${MAX_RULES} 条规则`;
export const MSG_RULE_TOO_LONG = `规则内容过长（最多 ${MAX_RULE_JSON} 个字符）`;
const nth = (index: number) => `第 ${index + 1} 条规则`;
export const msgRuleObject = (index: number) => `${nth(index)}应当是一个对象`;
export const msgRuleDigits = (index: number) => `${nth(index)}的位数（digits）应为 * 或正整数`;
export const msgRulePattern = (index: number) => `${nth(index)}缺少正则表达式（pattern）`;
export const msgRuleBadPattern = (index: number) => `${nth(index)}的正则表达式不合法`;
export const msgRuleMessage = (index: number) => `${nth(index)}缺少提示信息（message）`;

function checkedDigits(raw: unknown, index: number): string {
  if (raw === '*') return '*';
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1) throw failure(msgRuleDigits(index));
  return String(Number(text));
}

function checkedPattern(raw: unknown, index: number): string {
  if (typeof raw !== 'string' || raw === '') throw failure(msgRulePattern(index));
  if (raw.length > MAX_PATTERN) throw failure(msgRuleBadPattern(index));
  try {
    new RegExp(raw);
  } catch {
    throw failure(msgRuleBadPattern(index));
  }
  if (!linearRegex(raw)) throw failure(msgRuleUnsupportedPattern(index));
  return raw;
}

function checkedMessage(raw: unknown, index: number): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '' || text.length > MAX_MESSAGE) throw failure(msgRuleMessage(index));
  return text;
}

/**
 * The rule JSON to store (a JSON text, or the array itself), normalised: digits as text like
 * the reference system writes them. Refuses with a message naming the first problem.
 */
export function checkedRuleJson(raw: unknown): string {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw failure(MSG_RULE_JSON);
    }
    assertLegalDecoded(parsed, 'ruleJson');
  }
  if (!Array.isArray(parsed)) throw failure(MSG_RULE_ARRAY);
  if (parsed.length < 1 || parsed.length > MAX_RULES) throw failure(MSG_RULE_COUNT);
  const rules = parsed.map((item: unknown, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw failure(msgRuleObject(index));
    }
    const { digits, pattern, message } = item as Record<string, unknown>;
    return {
      digits: checkedDigits(digits, index),
      pattern: checkedPattern(pattern, index),
      message: checkedMessage(message, index),
    };
  });
  const json = JSON.stringify(rules);
  if (json.length > MAX_RULE_JSON) throw failure(MSG_RULE_TOO_LONG);
  try {
    parseCheckRule(json); // what checkByCode will do with it
  } catch (error) {
    if (error instanceof BrokenRuleError) throw failure(error.message);
    throw error;
  }
  return json;
}
