import type { ActionDefinition, PageProblem } from './page';
import { checkCondition } from './page-validate-conditions';
import { checkFieldList } from './page-validate-fields';

/** Keys the engine handles itself, per place (`page-model.ts` dispatches on them). */
export const BUILTIN_TOOLBAR_KEYS: readonly string[] = ['add', 'batchDelete', 'export', 'import'];
export const BUILTIN_ROW_KEYS: readonly string[] = ['edit', 'detail', 'delete', 'addChild'];

/** What only a custom `url` action uses. */
const URL_ONLY = ['params', 'rowParams', 'form'] as const;

/** One name an action sends: where it is declared (JSON pointer suffix) and by what. */
interface SentName {
  readonly name: string;
  readonly pointer: string;
  readonly source: 'rowParams' | 'form.fields' | 'params';
}

function sentNames(action: ActionDefinition): SentName[] {
  return [
    ...Object.keys(action.rowParams ?? {}).map((name) => ({
      name,
      pointer: `/rowParams/${name}`,
      source: 'rowParams' as const,
    })),
    ...(action.form?.fields ?? []).map((field, i) => ({
      name: field.name,
      pointer: `/form/fields/${i}/name`,
      source: 'form.fields' as const,
    })),
    ...Object.keys(action.params ?? {}).map((name) => ({
      name,
      pointer: `/params/${name}`,
      source: 'params' as const,
    })),
  ];
}

/** A name sent from two places (rowParams, form fields, params) is ambiguous: refused. */
function checkParamClashes(action: ActionDefinition, at: string): PageProblem[] {
  const problems: PageProblem[] = [];
  const first = new Map<string, SentName['source']>();
  for (const sent of sentNames(action)) {
    const earlier = first.get(sent.name);
    if (earlier === undefined) first.set(sent.name, sent.source);
    else if (earlier !== sent.source) {
      // (A name twice in one form is the field list's duplicate, reported there.)
      problems.push({
        path: at + sent.pointer,
        message: `参数 ${sent.name} 已由 ${earlier} 提供，不能重复`,
      });
    }
  }
  return problems;
}

function checkAction(action: ActionDefinition, at: string, row: boolean): PageProblem[] {
  const problems: PageProblem[] = [];
  // `when.field` may be any record key (a row carries more than the page's fields).
  if (action.when && !row) {
    problems.push({ path: `${at}/when`, message: 'when 只能用于行按钮（rowActions）' });
  } else if (action.when) {
    problems.push(...checkCondition(action.when, `${at}/when`));
  }
  const builtin = (row ? BUILTIN_ROW_KEYS : BUILTIN_TOOLBAR_KEYS).includes(action.key);
  if (builtin) {
    for (const key of ['open', ...URL_ONLY] as const) {
      if (action[key] !== undefined) {
        problems.push({
          path: `${at}/${key}`,
          message: `内置按钮 ${action.key} 不能设置 ${key}；自定义按钮请换一个 key`,
        });
      }
    }
    return problems;
  }
  if (action.url !== undefined && action.open !== undefined) {
    problems.push({ path: `${at}/open`, message: 'url 和 open 只能设置其中一个' });
  }
  if (action.url === undefined) {
    for (const key of URL_ONLY) {
      if (action[key] !== undefined) {
        problems.push({ path: `${at}/${key}`, message: `${key} 只用于设置了 url 的按钮` });
      }
    }
  }
  if (!row && action.rowParams !== undefined) {
    problems.push({ path: `${at}/rowParams`, message: 'rowParams 只能用于行按钮（rowActions）' });
  }
  if (!row && action.open?.bind !== undefined) {
    problems.push({ path: `${at}/open/bind`, message: 'bind 只能用于行按钮（rowActions）' });
  }
  if (action.form) problems.push(...checkFieldList(action.form.fields, `${at}/form/fields`, null));
  problems.push(...checkParamClashes(action, at));
  return problems;
}

/**
 * The rules of toolbar (`row` false) and row actions a schema cannot say: `when` only on rows
 * (and complete), built-in keys take none of the custom properties, `url` and `open` exclude each other, what only a `url` call
 * sends needs a `url`, row values only exist on rows, and the names sent are unique.
 */
export function checkActions(
  actions: readonly ActionDefinition[] | undefined,
  base: string,
  row: boolean,
): PageProblem[] {
  return (actions ?? []).flatMap((action, i) => checkAction(action, `${base}/${i}`, row));
}
