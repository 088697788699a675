import type { PageDefinition, PageProblem } from '../../../../contracts/page';
import { linearPatternProblem } from '../../../../contracts/linear-regex';
import { checkPage } from '../../../../contracts/page-check';
import type { Catalogue } from '../../../../contracts/catalogue/index';
import { lineColumn, rangeOfPointer, readJson, type JsonNode, type TextRange } from './json-locate';

/** A problem with where it is in the editor text (null when the path cannot be found). */
export interface LocatedProblem extends PageProblem {
  readonly range: TextRange | null;
  /** 1-based line of the range start. */
  readonly line: number | null;
  readonly column: number | null;
}

/**
 * What the editor text is: not JSON (`syntax`), JSON that is not a valid page (`invalid`), or a
 * page ready to preview and save (`ok`, with the upgraded definition).
 */
export type DraftCheck =
  | { readonly kind: 'syntax'; readonly problems: readonly LocatedProblem[] }
  | {
      readonly kind: 'invalid';
      readonly value: unknown;
      readonly problems: readonly LocatedProblem[];
    }
  | {
      readonly kind: 'ok';
      readonly value: unknown;
      readonly definition: PageDefinition;
      /** The schemaVersion the text was written in, when it was upgraded. */
      readonly upgradedFrom: number | null;
    };

/** Path `/` (the whole definition) for problems of the root. */
function displayPath(path: string): string {
  return path === '' ? '/' : path;
}

export function locateProblems(
  problems: readonly PageProblem[],
  text: string,
  nodes: ReadonlyMap<string, JsonNode> | null,
): LocatedProblem[] {
  return problems.map((problem) => {
    const range = nodes ? rangeOfPointer(nodes, text, problem.path) : null;
    const at = range ? lineColumn(text, range.start) : null;
    return {
      path: displayPath(problem.path),
      message: problem.message,
      range,
      line: at?.line ?? null,
      column: at?.column ?? null,
    };
  });
}

/** Locates problems (e.g. the server's) in a text, when the text is JSON. */
export function locateInText(problems: readonly PageProblem[], text: string): LocatedProblem[] {
  const read = readJson(text);
  return locateProblems(problems, text, read.ok ? read.nodes : null);
}

/** The editor's check: JSON syntax, then `checkPage` as the server runs it on save. */
export function checkDraft(text: string, catalogue: Catalogue): DraftCheck {
  const read = readJson(text);
  if (!read.ok) {
    const { offset, line, column, message } = read.error;
    const end = Math.min(text.length, offset + 1);
    return {
      kind: 'syntax',
      problems: [
        {
          path: `第 ${line} 行第 ${column} 列`,
          message: `JSON 语法错误：${message}`,
          range: { start: offset, end: Math.max(end, offset) },
          line,
          column,
        },
      ],
    };
  }
  const { value, nodes } = read;
  // What the server will say on save: the same check, with its pattern rule.
  const checked = checkPage(value, {
    catalogue,
    patternProblem: linearPatternProblem,
  });
  if (checked.ok) {
    return {
      kind: 'ok',
      value,
      definition: checked.definition,
      upgradedFrom: checked.upgradedFrom,
    };
  }
  const { problems } = checked;
  return { kind: 'invalid', value, problems: locateProblems(problems, text, nodes) };
}

/** Pretty JSON as the editor shows it (two spaces, a final newline). */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The text formatted, or null when it is not JSON. */
export function formatText(text: string): string | null {
  const read = readJson(text);
  return read.ok ? formatJson(read.value) : null;
}

/** JSON with object keys sorted: equal for equal values whatever the key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const source = item as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(source).sort()) {
      Object.defineProperty(sorted, key, { value: source[key], enumerable: true });
    }
    return sorted;
  });
}

/** Whether a text holds this JSON value (formatting and key order aside). */
export function sameJson(text: string, value: unknown): boolean {
  const read = readJson(text);
  return read.ok && stableJson(read.value) === stableJson(value);
}
