import type { Field, GeneralField } from '@formily/core';
import { isField } from '@formily/core';
import type { LinkageRule } from '../../../src/contracts/page';
import { conditionHolds } from '../condition';

/** A Formily reaction run on a target field whenever what it reads changes. */
export type FieldReaction = (field: GeneralField) => void;

/** Applies a state effect (and its opposite when the condition does not hold). */
function applyState(
  field: Field,
  rule: LinkageRule,
  holds: boolean,
  basePattern: Field['pattern'],
) {
  switch (rule.effect) {
    case 'show':
    case 'hide':
      // Hidden fields keep their value and are not validated.
      field.display = holds === (rule.effect === 'show') ? 'visible' : 'hidden';
      return;
    case 'enable':
    case 'disable':
      field.pattern = holds === (rule.effect === 'disable') ? 'disabled' : basePattern;
      return;
    case 'require':
    case 'optional':
      field.required = holds === (rule.effect === 'require');
      return;
    default:
      return;
  }
}

/**
 * Compiles the explicit linkage rules into reactions per target field. State effects (show /
 * hide, enable / disable, require / optional) follow the condition both ways; `setValue` and
 * `clear` act once on each transition into the condition (not on the first evaluation, so
 * opening a record never rewrites it). Detail views get no linkages but show / hide.
 */
export function linkageReactions(
  rules: readonly LinkageRule[],
  readPretty: boolean,
): Map<string, FieldReaction[]> {
  const byTarget = new Map<string, FieldReaction[]>();
  rules.forEach((rule) => {
    const stateOnly = ['show', 'hide'].includes(rule.effect);
    if (readPretty && !stateOnly) return;
    for (const target of rule.targets) {
      let previous: boolean | null = null;
      let basePattern: Field['pattern'] | null = null;
      const reaction: FieldReaction = (general) => {
        if (!isField(general)) return;
        const field = general;
        basePattern ??= field.pattern === 'disabled' ? 'editable' : field.pattern;
        const holds = conditionHolds(rule.when, field.form.getValuesIn(rule.when.field));
        if (rule.effect === 'setValue' || rule.effect === 'clear') {
          if (previous === false && holds) {
            field.value = rule.effect === 'setValue' ? rule.value : undefined;
          }
        } else {
          applyState(field, rule, holds, basePattern);
        }
        previous = holds;
      };
      byTarget.set(target, [...(byTarget.get(target) ?? []), reaction]);
    }
  });
  return byTarget;
}
