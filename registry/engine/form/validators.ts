import type { IValidatorRules } from '@formily/validator';
import type { FieldDefinition, PageDefinition } from '../../../src/contracts/page';
import { PageApiPath } from '../../../src/contracts/page-api';
import { snakeFromCamel } from '../../../src/contracts/page-upgrade';
import {
  MSG_PATTERN,
  MSG_REQUIRED,
  PATTERN_PRESETS,
  REQUIRED_PRESET,
  UNIQUE_PRESET,
  isEmptyValue,
  patternRegex,
  ruleMessage,
} from '../../../src/contracts/validate-presets';
import type { Http } from '../../../src/runtime/http';

export interface RuleContext {
  readonly page: PageDefinition;
  readonly http: Http;
  /** The record being edited (unique checks leave it out); null when creating. */
  readonly dataId: string | null;
}

/** The table a unique check names: the page's own table, else its `entity`. */
export function uniqueTable(page: PageDefinition): string | null {
  return page.table?.name ?? page.entity ?? null;
}

/** True when the field must be filled (`required`, or the `*` preset). */
export function isRequired(field: FieldDefinition): boolean {
  return (field.validateRules ?? []).some((r) => r.required || r.pattern === REQUIRED_PRESET);
}

function textOf(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Asks the server; empty passes without a call; a refusal shows the server's message. */
async function serverCheck(
  http: Http,
  url: string,
  params: Record<string, string>,
): Promise<string> {
  try {
    const envelope = await http.get<unknown>(url, params, { silent: true });
    return envelope.success ? '' : envelope.message || '校验未通过';
  } catch (error) {
    return error instanceof Error && error.message ? error.message : '校验请求失败';
  }
}

/**
 * A field's rules as Formily validators, in the definition's order after `required` (the
 * first failing one's message is shown; the form validates with `validateFirst`).
 * `required` is always present (false when optional) so linkages can toggle it and keep the
 * message. Patterns skip empty values; unique and code-rule checks run on blur and on save.
 */
export function compileRules(field: FieldDefinition, context: RuleContext): IValidatorRules[] {
  const rules = field.validateRules ?? [];
  const requiredRule = rules.find((r) => r.required || r.pattern === REQUIRED_PRESET);
  const compiled: IValidatorRules[] = [
    {
      required: requiredRule !== undefined,
      message: ruleMessage(requiredRule?.message ?? MSG_REQUIRED, field.label, field.name),
    },
  ];
  for (const rule of rules) {
    if (rule.pattern && rule.pattern !== REQUIRED_PRESET && rule.pattern !== UNIQUE_PRESET) {
      const regex = patternRegex(rule.pattern);
      if (!regex) continue;
      const message = ruleMessage(
        rule.message ?? PATTERN_PRESETS[rule.pattern]?.message ?? MSG_PATTERN,
        field.label,
        field.name,
      );
      compiled.push({
        triggerType: 'onInput',
        validator: (value: unknown) =>
          isEmptyValue(value) || regex.test(textOf(value)) ? '' : message,
      });
    }
    if (rule.unique) {
      const tableName = uniqueTable(context.page);
      if (!tableName) continue;
      compiled.push({
        triggerType: 'onBlur',
        validator: (value: unknown) => {
          if (isEmptyValue(value)) return '';
          const params: Record<string, string> = {
            tableName,
            fieldName: snakeFromCamel(field.name),
            fieldVal: textOf(value),
          };
          if (context.dataId) params.dataId = context.dataId;
          return serverCheck(context.http, PageApiPath.duplicateCheck, params);
        },
      });
    }
    if (rule.checkRule) {
      const ruleCode = rule.checkRule;
      compiled.push({
        triggerType: 'onBlur',
        validator: (value: unknown) =>
          isEmptyValue(value)
            ? ''
            : serverCheck(context.http, PageApiPath.checkRule, {
                ruleCode,
                value: textOf(value),
              }),
      });
    }
  }
  return compiled;
}
