import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { CATALOGUE, installBuiltinValidators, type Catalogue } from './catalogue/index';
import { exclusiveOneOf, propsValidators, validatePage } from './generated/validators.js';
import type { FieldDefinition, PageDefinition, PageProblem } from './page';
import { UpgradeError, upgradePageDefinition } from './page-upgrade';
import { checkPageSemantics } from './page-validate';
import { PATTERN_PRESETS, REQUIRED_PRESET, UNIQUE_PRESET } from './validate-presets';

installBuiltinValidators(propsValidators);
/**
 * The one check of a page definition, wherever one is loaded: the server's save and dry run,
 * the page editor and the page engine all call `checkPage`, so what the server stores the
 * browser can draw and the other way round. In order:
 *
 * 1. upgrade to the current `schemaVersion` (page-upgrade.ts);
 * 2. the JSON meta-schema (page-schema.ts, compiled ahead of time by `npm run generate`);
 * 3. the rules a schema cannot say (page-validate.ts: names that refer to each other, same-origin
 *    urls, regular expressions that compile);
 * 4. the renderer catalogue: every field's type is known and its props fit the type's schema.
 *
 * A problem is a JSON pointer into the definition and a Chinese message.
 */

export interface CheckPageOptions {
  /** The renderer types a page may use. Default: the product's `CATALOGUE`. */
  readonly catalogue?: Catalogue;
  /**
   * Why a `pattern` rule cannot be used here, or null. The server (and the page editor, which
   * shows what the server will say) refuse patterns RE2 cannot run in linear time
   * (`linearPatternProblem` in linear-regex.ts). Default: every pattern RegExp compiles.
   */
  readonly patternProblem?: (pattern: string) => string | null;
}

export type PageCheck =
  | { readonly ok: true; readonly definition: PageDefinition; readonly upgradedFrom: number | null }
  | { readonly ok: false; readonly problems: readonly PageProblem[] };

/**
 * The keys of a `oneOf` whose branches each only require one key (`open`: page | panel, a
 * validation rule's kind), or null for any other `oneOf` (the generator lists them).
 */
function exclusiveKeys(error: ErrorObject): readonly string[] | null {
  if (error.keyword !== 'oneOf') return null;
  return exclusiveOneOf[error.schemaPath] ?? null;
}

/** "Exactly one of" said once: none given, or which of them clash. */
function exclusiveMessage(error: ErrorObject, keys: readonly string[]): string {
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  if (!Array.isArray(passing)) return `需要 ${keys.join('、')} 之一`;
  return `${passing.map((i) => keys[i]).join('、')} 只能设置其中一个`;
}

/** `/fields/3/type` + ajv's message, in Chinese; the noise of `oneOf` branches is dropped. */
function schemaProblems(errors: readonly ErrorObject[]): PageProblem[] {
  const list = [...errors];
  localizeZh(list);
  // The branches of an exclusive `oneOf` each report a missing key; one message says it all.
  const exclusive = list.filter((error) => exclusiveKeys(error) !== null);
  const inExclusiveBranch = (error: ErrorObject) =>
    exclusive.some(
      (one) =>
        error.instancePath === one.instancePath &&
        error.schemaPath.startsWith(`${one.schemaPath}/`),
    );
  const seen = new Set<string>();
  const problems: PageProblem[] = [];
  for (const error of list) {
    // `propertyNames` repeats what its inner error (which names the key) says.
    if (error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    if (inExclusiveBranch(error)) continue;
    let path = error.instancePath || '/';
    let message = error.message ?? '不符合页面定义的格式';
    if (error.propertyName !== undefined) {
      path = `${error.instancePath}/${error.propertyName}`;
      message = `名称 ${error.propertyName} 不合法：${message}`;
    } else if (error.keyword === 'oneOf') {
      const keys = exclusiveKeys(error);
      if (!keys) continue;
      message = exclusiveMessage(error, keys);
    } else if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      path = `${error.instancePath}/${extra}`;
      message = `不认识的属性 ${extra}`;
    } else if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty?: string }).missingProperty;
      path = `${error.instancePath}/${missing}`;
      message = `缺少必需的属性 ${missing}`;
    } else if (error.keyword === 'enum') {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      message = `应当是以下之一：${allowed.map((v) => JSON.stringify(v)).join('、')}`;
    }
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, message });
  }
  return problems;
}

/** Every field list of a page with its pointer: the page's, each detail's, each action form's. */
export function fieldLists(
  page: PageDefinition,
): { readonly fields: readonly FieldDefinition[]; readonly at: string }[] {
  const forms = (list: 'toolbar' | 'rowActions') =>
    (page[list] ?? []).flatMap((action, i) =>
      action.form ? [{ fields: action.form.fields, at: `/${list}/${i}/form/fields` }] : [],
    );
  return [
    { fields: page.fields, at: '/fields' },
    ...(page.details ?? []).map((d, i) => ({ fields: d.fields, at: `/details/${i}/fields` })),
    ...forms('toolbar'),
    ...forms('rowActions'),
  ];
}

function isPreset(pattern: string): boolean {
  return pattern === REQUIRED_PRESET || pattern === UNIQUE_PRESET || !!PATTERN_PRESETS[pattern];
}

function fieldProblems(page: PageDefinition, options: CheckPageOptions): PageProblem[] {
  const catalogue = options.catalogue ?? CATALOGUE;
  const { patternProblem } = options;
  return fieldLists(page).flatMap(({ fields, at }) =>
    fields.flatMap((field, i) => {
      const problems = catalogue.fieldProblems(field.type, field.props, `${at}/${i}`);
      if (patternProblem) {
        (field.validateRules ?? []).forEach((rule, r) => {
          if (rule.pattern === undefined || isPreset(rule.pattern)) return;
          const message = patternProblem(rule.pattern);
          if (message) problems.push({ path: `${at}/${i}/validateRules/${r}/pattern`, message });
        });
      }
      return problems;
    }),
  );
}

function check(input: unknown, options: CheckPageOptions): PageCheck {
  let upgraded: unknown;
  try {
    upgraded = upgradePageDefinition(input);
  } catch (error) {
    if (error instanceof UpgradeError) {
      return { ok: false, problems: [{ path: '/schemaVersion', message: error.message }] };
    }
    throw error;
  }
  if (!validatePage(upgraded)) {
    return { ok: false, problems: schemaProblems(validatePage.errors ?? []) };
  }
  const definition = upgraded as PageDefinition;
  const problems = [...checkPageSemantics(definition), ...fieldProblems(definition, options)];
  if (problems.length > 0) return { ok: false, problems };
  const from = (input as { schemaVersion: number }).schemaVersion;
  return { ok: true, definition, upgradedFrom: from === definition.schemaVersion ? null : from };
}

/**
 * Checks a definition (see the file comment). Never throws: a failure of the checker itself
 * is reported as a problem of the whole definition.
 */
export function checkPage(input: unknown, options: CheckPageOptions = {}): PageCheck {
  try {
    return check(input, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: '/', message: `无法检查页面定义：${message}` }] };
  }
}
