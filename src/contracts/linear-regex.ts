import { RE2JS } from 're2js';

/**
 * Regular expressions written by administrators (code rules, the `pattern` rules of page
 * fields) run on the server through RE2 (re2js): matching time grows linearly with the input,
 * so no pattern (`(a|aa)*`, `(a+)+`) can stall the process, whatever a user types. The
 * JavaScript syntax the browser uses is translated (`\uXXXX`, named groups, `[^]`);
 * look-around and back-references have no linear-time form, and saving a pattern with them is
 * refused. One difference remains: RE2's `\s` is ASCII white space only, so the browser (which
 * runs the same pattern with RegExp) is the stricter of the two for `\s`/`\S`.
 */
export type LinearRegex = Pick<RE2JS, 'test' | 'testExact'>;

/** Compiled patterns by their text; null for a pattern RE2 cannot run. Bounded. */
const compiled = new Map<string, LinearRegex | null>();
const CACHE_LIMIT = 1000;

/** The pattern compiled for linear-time matching, or null when RE2 cannot run it. */
export function linearRegex(pattern: string): LinearRegex | null {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  let regex: LinearRegex | null;
  try {
    regex = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch {
    regex = null;
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

/**
 * Why an administrator's pattern cannot be saved, or null: the server runs every pattern with
 * RE2, which has no look-around or back-references (`checkPage`'s `patternProblem` on the
 * server and in the page editor).
 */
export function linearPatternProblem(pattern: string): string | null {
  if (linearRegex(pattern)) return null;
  return `正则表达式用到了环视或反向引用，服务器无法执行，请改写：${pattern}`;
}
