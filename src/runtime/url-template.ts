/**
 * `{{expr}}` templates in menu urls (shell.md §2), evaluated without eval or new Function.
 *
 * An expression is a sum (`+`) of terms; a term is a string or number literal or a path into
 * the context (`a.b`, `a['b']`, `a["b"]`). Anything else renders as an empty string, so a
 * crafted menu entry can read only what the context exposes and can run nothing.
 */
export type TemplateContext = Readonly<Record<string, unknown>>;

type Token =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'id'; v: string }
  | { t: 'punct'; v: '.' | '[' | ']' | '+' };

function tokenize(expr: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let value = '';
      while (j < expr.length && expr[j] !== c) {
        if (expr[j] === '\\' && j + 1 < expr.length) j++;
        value += expr[j];
        j++;
      }
      if (j >= expr.length) return null;
      tokens.push({ t: 'str', v: value });
      i = j + 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(expr.slice(i))!;
      tokens.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(expr.slice(i))!;
      tokens.push({ t: 'id', v: m[0] });
      i += m[0].length;
    } else if (c === '.' || c === '[' || c === ']' || c === '+') {
      tokens.push({ t: 'punct', v: c });
      i++;
    } else {
      return null;
    }
  }
  return tokens;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function lookup(target: unknown, key: string | number): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const name = String(key);
  if (FORBIDDEN_KEYS.has(name) || !Object.prototype.hasOwnProperty.call(target, name)) {
    return undefined;
  }
  return (target as Record<string, unknown>)[name];
}

/** Evaluates one expression; undefined when it is not in the supported grammar. */
export function evaluateExpression(expr: string, context: TemplateContext): unknown {
  const tokens = tokenize(expr);
  if (!tokens || tokens.length === 0) return undefined;
  let pos = 0;
  const peek = () => tokens[pos];

  const term = (): unknown => {
    const token = tokens[pos++];
    if (!token) throw new Error('end');
    if (token.t === 'str' || token.t === 'num') return token.v;
    if (token.t !== 'id') throw new Error('term');
    let value: unknown = lookup(context, token.v);
    for (;;) {
      const next = peek();
      if (next?.t === 'punct' && next.v === '.') {
        pos++;
        const name = tokens[pos++];
        if (name?.t !== 'id') throw new Error('member');
        value = lookup(value, name.v);
      } else if (next?.t === 'punct' && next.v === '[') {
        pos++;
        const key = tokens[pos++];
        const close = tokens[pos++];
        if (!key || (key.t !== 'str' && key.t !== 'num')) throw new Error('index');
        if (close?.t !== 'punct' || close.v !== ']') throw new Error('index');
        value = lookup(value, key.v);
      } else {
        return value;
      }
    }
  };

  try {
    let result = term();
    while (pos < tokens.length) {
      const plus = tokens[pos++];
      if (plus?.t !== 'punct' || plus.v !== '+') return undefined;
      const right = term();
      result =
        typeof result === 'number' && typeof right === 'number'
          ? result + right
          : `${result ?? ''}${right ?? ''}`;
    }
    return result;
  } catch {
    return undefined;
  }
}

/** Replaces every `{{expr}}` in the text with its value (empty when unknown). */
export function renderUrlTemplate(text: string, context: TemplateContext): string {
  return text.replace(/\{\{([\s\S]*?)\}\}/g, (_match, expr: string) => {
    const value = evaluateExpression(expr, context);
    const printable =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    return printable ? String(value) : '';
  });
}
