import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import type { PageProblem } from '../page';
import { TYPE_NAME_PATTERN } from '../page-constants';
import type { AnyEntry } from './entry';

/**
 * A catalogue: the renderer types a page may use, each with a compiled validator of its props.
 * The product's catalogue (`CATALOGUE` in ./index.ts) uses validators compiled ahead of time
 * (`npm run generate`), so neither the browser nor the server compiles a schema at run time.
 */

/** A compiled props validator (ajv's ValidateFunction shape, standalone or not). */
export interface PropsValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Cell type names the editable grid keeps for its own columns (widgets.md §2.5). */
export const RESERVED_TYPES: readonly string[] = [
  'row-number',
  'row-checkbox',
  'row-radio',
  'row-expand',
  'row-drag-sort',
];

export { TYPE_NAME_PATTERN };
const TYPE_NAME = new RegExp(TYPE_NAME_PATTERN);

export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export function reservedMessage(type: string): string {
  return `${type} 是关键字，不能用作自定义组件类型`;
}

export interface Catalogue {
  /** The entry of a type, or undefined. */
  get(type: string): AnyEntry | undefined;
  has(type: string): boolean;
  /** Every type name, sorted. */
  types(): string[];
  /** Every entry, in declaration order. */
  entries(): readonly AnyEntry[];
  /**
   * What is wrong with a field's `type` and `props`, as JSON pointers under `at` (the field's
   * pointer): an unknown type, or props its schema refuses.
   */
  fieldProblems(type: string, props: unknown, at: string): PageProblem[];
}

function checkName(type: string): void {
  if (RESERVED_TYPES.includes(type)) throw new CatalogueError(reservedMessage(type));
  if (!TYPE_NAME.test(type)) {
    throw new CatalogueError(
      `组件类型名 ${type} 不合法：只能含字母、数字、下划线和连字符，且以字母开头`,
    );
  }
}

function propsProblems(
  validator: PropsValidator,
  type: string,
  props: unknown,
  at: string,
): PageProblem[] {
  if (validator(props ?? {})) return [];
  const errors = [...(validator.errors ?? [])];
  localizeZh(errors);
  return errors.map((e) => {
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty?: string }).additionalProperty;
      return { path: `${at}/props/${extra}`, message: `组件 ${type} 不认识属性 ${extra}` };
    }
    return {
      path: `${at}/props${e.instancePath}`,
      message: `组件 ${type}：${e.message ?? '属性不合法'}`,
    };
  });
}

/**
 * A catalogue of these entries, each checked with its validator. Refuses reserved and
 * malformed names, duplicates, and an entry without a validator (a catalogue entry added
 * without `npm run generate`).
 */
export function defineCatalogue(
  entries: readonly AnyEntry[],
  validators: Readonly<Record<string, PropsValidator>>,
): Catalogue {
  const byType = new Map<string, { entry: AnyEntry; validator: PropsValidator }>();
  for (const entry of entries) {
    checkName(entry.type);
    if (byType.has(entry.type)) throw new CatalogueError(`组件类型 ${entry.type} 重复`);
    const validator = validators[entry.type];
    if (!validator) {
      throw new CatalogueError(
        `组件类型 ${entry.type} 没有编译好的 props 校验函数：运行 npm run generate`,
      );
    }
    byType.set(entry.type, { entry, validator });
  }
  const names = [...byType.keys()].sort();
  const list = entries.slice();
  return {
    get: (type) => byType.get(type)?.entry,
    has: (type) => byType.has(type),
    types: () => names.slice(),
    entries: () => list,
    fieldProblems(type, props, at) {
      const known = byType.get(type);
      if (!known) {
        return [
          { path: `${at}/type`, message: `未知的组件类型 ${type}（已注册：${names.join('、')}）` },
        ];
      }
      return propsProblems(known.validator, type, props, at);
    },
  };
}
