import { ID_SCHEMA } from '../../http/request-schemas';

/** Request pieces and messages the department routes share. */

export const MSG_SAVED = '保存成功！';

/** A query string or params object of required ids. */
export function requiredIds(...names: string[]) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, ID_SCHEMA])),
  } as const;
}

/** A comma list of permission ids (a few thousand at most). */
export const ID_LIST = { type: ['string', 'null'], maxLength: 100_000 } as const;

/** `data_rule_ids` is varchar(1000). */
export const RULE_IDS = { type: ['string', 'null'], maxLength: 1000 } as const;
