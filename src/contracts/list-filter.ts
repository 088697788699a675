import type { QueryRule } from './page-field';

/**
 * The list-filter grammar: how one plain list parameter (`name=value`, jeecg-api.md §1.5)
 * says what to match. The browser writes values with {@link encodeFilter}; the server reads
 * them with {@link parseFilter}. Values written by older clients (the reference system's
 * forms, hand-made URLs) read as they always did, as long as they hold no backslash.
 *
 * **Special characters**: `\` `,` `*` `!` `<` `>` `=`. A backslash before one of them makes
 * it literal text (`\,` is a comma, `\*` an asterisk, `\\` a backslash). A backslash before
 * any other character, or at the very end, is itself literal text (`C:\path` is `C:\path`).
 * {@link encodeFilter} escapes every special character of the user's text, so what a user
 * typed never acts as an operator.
 *
 * **Reading a value** (`x`, `a`, `b` stand for text; the first rule that applies wins):
 *
 * | value                            | condition                                                  |
 * | -------------------------------- | ---------------------------------------------------------- |
 * | empty, or only spaces            | none (`null`)                                              |
 * | `>=x` `<=x` `!=x` `>x` `<x` `!x` | ge, le, ne, gt, lt, ne x; spaces may follow the operator;  |
 * |                                  | x is the rest as it stands (commas, `*` in it are text);   |
 * |                                  | an empty x is no condition                                 |
 * | `*x*`                            | like: contains x, as written (`**`: any value but null);   |
 * |                                  | before commas, as the reference: `*a,b*` contains `a,b`    |
 * | `*x`                             | left_like: ends with x (`*a,b`: ends with `a,b`)           |
 * | `x*`                             | right_like: starts with x (`a,b*`: starts with `a,b`)      |
 * | `,a,b,` (comma at both ends)     | like_any: contains a or contains b (the server reads it    |
 * |                                  | as in on a field that is not text)                         |
 * | `a,b,c` (an unescaped comma)     | in; items trimmed, empty items dropped (`a,b,` is a, b)    |
 * | `*` (alone)                      | eq `*`                                                     |
 * | `x`, `=x`                        | eq x, eq `=x` (`=` is an operator only after `<` `>` `!`)  |
 * | `a\,b` `\*x\*` `\!x` `\>\=5`     | eq `a,b`, eq `*x*`, eq `!x`, eq `>=5`: escaped, so text    |
 * | `*a\,b*` `!\=x` `<\=5` `a\,b,c`  | like `a,b`; ne `=x`; lt `=5`; in (`a,b`, `c`)              |
 * | `C:\path` `a\` `\\`              | eq `C:\path`, eq `a\`, eq `\`                              |
 *
 * Only unescaped characters are operators: an operator must be written as is, and an escaped
 * character is always text. Spaces (anything `String.prototype.trim` removes) at the ends of
 * the value, of an operator's operand and of each comma item are not part of the text; spaces
 * inside are. Between `*…*` the text is kept as written. A value is plain text: NUL and other
 * control characters are the caller's to refuse (the server's text guard does).
 *
 * **Writing a value** ({@link encodeFilter}): the user's text is trimmed and escaped, then
 * like → `*v*`, right_like → `v*`, left_like → `*v`, ne → `!v`, ge → `>=v`, le → `<=v`,
 * gt → `>v`, lt → `<v`, eq → `v`. A list value (any rule) or `in` sends its items trimmed,
 * escaped and joined with `,` (empty items dropped; one item reads back as eq). A single text
 * under `in` is one item: its commas are text. Empty text encodes to `''` (no condition).
 */

/** A condition on one value. */
export type SingleFilterOp =
  'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'left_like' | 'right_like';

/** A condition on a list of values: `in`, or contains-any (`like_any`) on text. */
export type ListFilterOp = 'in' | 'like_any';

export type ParsedFilter =
  | { readonly op: SingleFilterOp; readonly value: string }
  | { readonly op: ListFilterOp; readonly values: readonly string[] };

/** Characters with a meaning in a filter value; a backslash before one makes it text. */
export const FILTER_SPECIAL_CHARACTERS: readonly string[] = ['\\', ',', '*', '!', '<', '>', '='];
const SPECIAL = new Set(FILTER_SPECIAL_CHARACTERS);
const ESCAPE_ALL = /[\\,*!<>=]/g;

type LikeRule = 'like' | 'left_like' | 'right_like';

/** The user's text as a filter operand: trimmed, every special character escaped. */
export function escapeFilterText(text: string): string {
  return text.trim().replace(ESCAPE_ALL, (c) => `\\${c}`);
}

const PREFIX: Readonly<Record<Exclude<QueryRule, 'eq' | 'in' | LikeRule>, string>> = {
  ne: '!',
  ge: '>=',
  le: '<=',
  gt: '>',
  lt: '<',
};

/** What the browser sends for a query-form value filtered by `rule` (see the module doc). */
export function encodeFilter(rule: QueryRule, value: string | readonly string[]): string {
  if (typeof value !== 'string') {
    return value
      .map(escapeFilterText)
      .filter((item) => item !== '')
      .join(',');
  }
  const text = escapeFilterText(value);
  if (text === '') return '';
  switch (rule) {
    case 'like':
      return `*${text}*`;
    case 'right_like':
      return `${text}*`;
    case 'left_like':
      return `*${text}`;
    case 'eq':
    case 'in':
      return text;
    default:
      return `${PREFIX[rule]}${text}`;
  }
}

/** One character of a value: `operator` when it is an unescaped special character. */
interface Token {
  readonly ch: string;
  readonly operator: boolean;
}

function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch !== '\\') {
      tokens.push({ ch, operator: SPECIAL.has(ch) });
    } else if (i + 1 < raw.length && SPECIAL.has(raw[i + 1]!)) {
      tokens.push({ ch: raw[i + 1]!, operator: false });
      i++;
    } else {
      tokens.push({ ch, operator: false }); // a backslash before a plain character, or last
    }
  }
  return tokens;
}

// The same characters String.prototype.trim removes (WhiteSpace and LineTerminator).
const SPACE = /^\s$/;

/** Without spaces at the ends; escapes never yield a space, so every space here is unescaped. */
function trimTokens(tokens: readonly Token[]): readonly Token[] {
  let start = 0;
  let end = tokens.length;
  while (start < end && SPACE.test(tokens[start]!.ch)) start++;
  while (end > start && SPACE.test(tokens[end - 1]!.ch)) end--;
  return tokens.slice(start, end);
}

function text(tokens: readonly Token[]): string {
  return tokens.map((t) => t.ch).join('');
}

function isOperator(token: Token | undefined, ch: string): boolean {
  return token !== undefined && token.operator && token.ch === ch;
}

/** Longest first: `>=` before `>`, `!=` before `!`. */
const OPERATORS: readonly (readonly [string, SingleFilterOp])[] = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
  ['!', 'ne'],
];

function leadingOperator(tokens: readonly Token[]): readonly [string, SingleFilterOp] | undefined {
  return OPERATORS.find(([written]) => [...written].every((ch, i) => isOperator(tokens[i], ch)));
}

/** The typed condition a plain list parameter's value stands for; null when it is empty. */
export function parseFilter(raw: string): ParsedFilter | null {
  const tokens = trimTokens(tokenize(raw));
  if (tokens.length === 0) return null;

  const operator = leadingOperator(tokens);
  if (operator) {
    const operand = text(trimTokens(tokens.slice(operator[0].length)));
    return operand === '' ? null : { op: operator[1], value: operand };
  }

  // Like before in, as the reference reads it: `*qqa,b*` contains `qqa,b`.
  const starFirst = tokens.length > 1 && isOperator(tokens[0], '*');
  const starLast = tokens.length > 1 && isOperator(tokens.at(-1), '*');
  if (starFirst && starLast) return { op: 'like', value: text(tokens.slice(1, -1)) };
  if (starFirst) return { op: 'left_like', value: text(tokens.slice(1)) };
  if (starLast) return { op: 'right_like', value: text(tokens.slice(0, -1)) };

  if (tokens.some((t) => isOperator(t, ','))) {
    const values: string[] = [];
    let item: Token[] = [];
    for (const token of [...tokens, { ch: ',', operator: true }]) {
      if (!isOperator(token, ',')) {
        item.push(token);
        continue;
      }
      const value = text(trimTokens(item));
      if (value !== '') values.push(value);
      item = [];
    }
    if (values.length === 0) return null;
    const likeAny = isOperator(tokens[0], ',') && isOperator(tokens.at(-1), ',');
    return { op: likeAny ? 'like_any' : 'in', values };
  }

  return { op: 'eq', value: text(tokens) };
}
