import { failure } from './errors';

/**
 * Request pieces every CRUD route shares: id parameters (jeecg-api.md §1.1: `?id=`,
 * `?ids=a,b,c,` with a trailing comma tolerated) and the messages of their answers.
 */

export const MSG_ADDED = '添加成功！';
export const MSG_EDITED = '编辑成功!';
export const MSG_DELETED = '删除成功!';
export const MSG_BATCH_DELETED = '批量删除成功!';
export const MSG_NOT_FOUND = '未找到对应数据';
export const MSG_BAD_IDS = '参数 ids 不正确';

/** At most this many ids in one batch call. */
export const MAX_BATCH_IDS = 1000;

/** A record id (the reference's 32-character ids; 36 for categories). */
export const ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 36 } as const;

/** `?id=` */
export const ID_QUERY = {
  type: 'object',
  required: ['id'],
  properties: { id: ID_SCHEMA },
} as const;

/** `?ids=a,b,c` */
export const IDS_QUERY = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'string', minLength: 1, maxLength: 40_000 } },
} as const;

/** The distinct ids of a comma list; refuses an empty list, too many ids or overlong ones. */
export function splitIds(raw: string | null | undefined): string[] {
  const ids = [...new Set((raw ?? '').split(',').map((id) => id.trim()))].filter((id) => id !== '');
  if (ids.length === 0 || ids.length > MAX_BATCH_IDS || ids.some((id) => id.length > 36)) {
    throw failure(MSG_BAD_IDS);
  }
  return ids;
}
