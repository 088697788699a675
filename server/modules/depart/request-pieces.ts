import { NullableText } from '../../http/schema-types';

/** Request pieces and messages the department routes share. */

export const MSG_SAVED = '保存成功！';

/** A comma list of permission ids (a few thousand at most). */
export const ID_LIST = NullableText(100_000);

/** `data_rule_ids` is varchar(1000). */
export const RULE_IDS = NullableText(1000);
