/**
 * A strict JSON reader that knows where everything is: every value (and every property key) by
 * its JSON pointer, as offsets into the text, and for broken text the first error with its
 * line, column and a Chinese message. The value itself still comes from `JSON.parse`.
 */

export interface TextRange {
  /** Offset of the first character (UTF-16 code units, as editors count). */
  readonly start: number;
  /** Offset after the last character. */
  readonly end: number;
}

export interface JsonNode {
  readonly value: TextRange;
  /** The property name of a member (absent for array items and the root). */
  readonly key?: TextRange;
}

export interface JsonSyntaxError {
  readonly offset: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  readonly message: string;
}

export type JsonRead =
  | { readonly ok: true; readonly value: unknown; readonly nodes: ReadonlyMap<string, JsonNode> }
  | { readonly ok: false; readonly error: JsonSyntaxError };

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** `a/b~c` → `a~1b~0c` (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

class Failure extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function describe(ch: string | undefined): string {
  if (ch === undefined) return '文本结尾';
  if (ch === '\n' || ch === '\r') return '换行';
  return `字符 ${ch}`;
}

function scan(text: string, nodes: Map<string, JsonNode>): void {
  let i = 0;
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
    if (text[i] === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      throw new Failure(i, 'JSON 不支持注释');
    }
  };
  const fail = (message: string): never => {
    throw new Failure(i, message);
  };

  const readString = (): TextRange => {
    const start = i;
    i++; // opening quote
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return { start, end: i };
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            fail('无效的 \\u 转义：应为 4 位十六进制数字');
          }
          i += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) fail(`无效的转义字符 \\${next ?? ''}`);
        i += 2;
        continue;
      }
      if (ch.charCodeAt(0) < 0x20)
        fail('字符串中不能直接包含换行或制表符等控制字符（请用 \\n、\\t）');
      i++;
    }
    throw new Failure(start, '字符串没有结束：缺少右引号 "');
  };

  const readValue = (pointer: string, key?: TextRange): void => {
    skip();
    const start = i;
    const ch = text[i];
    if (ch === '{') {
      i++;
      skip();
      if (text[i] !== '}') {
        for (;;) {
          skip();
          if (text[i] === '}') fail('多余的逗号：最后一个属性后面不能有逗号');
          if (text[i] === "'") fail('属性名应使用双引号，而不是单引号');
          if (text[i] !== '"') fail(`应为属性名（双引号括起的字符串），实际是${describe(text[i])}`);
          const keyRange = readString();
          const name = JSON.parse(text.slice(keyRange.start, keyRange.end)) as string;
          skip();
          if (text[i] !== ':') fail(`属性名 "${name}" 后面应为冒号 :`);
          i++;
          readValue(`${pointer}/${escapePointerToken(name)}`, keyRange);
          skip();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === '}') break;
          fail(`应为逗号 , 或右花括号 }，实际是${describe(text[i])}（是否漏了逗号？）`);
        }
      }
      i++;
    } else if (ch === '[') {
      i++;
      skip();
      if (text[i] !== ']') {
        for (let index = 0; ; index++) {
          skip();
          if (text[i] === ']') fail('多余的逗号：最后一项后面不能有逗号');
          readValue(`${pointer}/${index}`);
          skip();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === ']') break;
          fail(`应为逗号 , 或右方括号 ]，实际是${describe(text[i])}（是否漏了逗号？）`);
        }
      }
      i++;
    } else if (ch === '"') {
      readString();
    } else if (ch === "'") {
      fail('字符串应使用双引号，而不是单引号');
    } else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match || match[0] === '-') fail('无效的数字');
      i += match![0].length;
      if (/[0-9A-Za-z.]/.test(text[i] ?? '')) fail('无效的数字');
    } else if (text.startsWith('true', i)) {
      i += 4;
    } else if (text.startsWith('false', i)) {
      i += 5;
    } else if (text.startsWith('null', i)) {
      i += 4;
    } else if (ch === undefined) {
      fail('意外的文本结尾：缺少值');
    } else {
      fail(`应为一个值（对象、数组、字符串、数字、true、false 或 null），实际是${describe(ch)}`);
    }
    nodes.set(pointer, key ? { value: { start, end: i }, key } : { value: { start, end: i } });
  };

  skip();
  if (i >= text.length) fail('内容为空：页面定义应是一个 JSON 对象');
  readValue('');
  skip();
  if (i < text.length) fail(`JSON 已经结束，后面还有多余的内容（${describe(text[i])}）`);
}

/** Reads JSON text: the value and where each part is, or the first syntax error. */
export function readJson(text: string): JsonRead {
  const nodes = new Map<string, JsonNode>();
  try {
    scan(text, nodes);
    return { ok: true, value: JSON.parse(text) as unknown, nodes };
  } catch (error) {
    const offset = error instanceof Failure ? error.offset : 0;
    const message =
      error instanceof Failure ? error.message : `无法解析：${(error as Error).message}`;
    return { ok: false, error: { offset, ...lineColumn(text, offset), message } };
  }
}

/**
 * Where a JSON pointer (a problem's path) should be marked: the key of a member whose value is
 * an object or array (the whole block would be too much), `"key": value` otherwise; a path that
 * does not exist (a missing property) marks its nearest existing ancestor.
 */
export function rangeOfPointer(
  nodes: ReadonlyMap<string, JsonNode>,
  text: string,
  path: string,
): TextRange | null {
  let pointer = path === '/' ? '' : path;
  for (;;) {
    const node = nodes.get(pointer);
    if (node) {
      const first = text[node.value.start];
      const block = first === '{' || first === '[';
      if (block) return node.key ?? { start: node.value.start, end: node.value.start + 1 };
      return node.key ? { start: node.key.start, end: node.value.end } : node.value;
    }
    if (pointer === '') return null;
    pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  }
}
