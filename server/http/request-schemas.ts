import Type from 'typebox';
import { badRequest, failure } from './errors';

/**
 * Request pieces every CRUD route shares: id parameters (jeecg-api.md §1.1: `?id=`,
 * `?ids=a,b,c,` with a trailing comma tolerated) and the messages of their answers.
 *
 * **Ids are parsed once, here.** An id is checked against `ID_PATTERN` where it arrives
 * (a route schema with `ID_SCHEMA`, or `parseId` / `splitIds` on a value a schema cannot
 * describe) and the value that passed is the one every later check and write uses: a
 * whitespace-padded id is refused (400) instead of being trimmed somewhere further down, where
 * a data-rule check made on the raw text would no longer be about the row being written. A
 * comma list is the one place where blanks around items are normalised, by `splitIds`, whose
 * output is then the only list used.
 */

export const MSG_ADDED = '新增成功！';
export const MSG_EDITED = '编辑成功!';
export const MSG_DELETED = '删除成功!';
export const MSG_BATCH_DELETED = '批量删除成功!';
export const MSG_NOT_FOUND = '未找到对应数据';
export const MSG_BAD_IDS = '参数 ids 不正确';

/** At most this many ids in one batch call. */
export const MAX_BATCH_IDS = 1000;

/**
 * A record id: letters, digits, `_` and `-`, at most 36 characters (our 32-character ids, the
 * reference's numeric ones, UUIDs with dashes). No blanks, commas or quotes.
 */
export const ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,35}$';
const ID_REGEX = new RegExp(ID_PATTERN);

/** The longest id. */
export const ID_MAX_LENGTH = 36;

export const ID_SCHEMA = Type.String({
  minLength: 1,
  maxLength: ID_MAX_LENGTH,
  pattern: ID_PATTERN,
});

/** An id that passed `ID_PATTERN` (a route schema with `ID_SCHEMA`, `parseId`, `splitIds`). */
export type RecordId = string & { readonly __recordId: true };

export const msgBadId = (name: string) => `参数 ${name} 不正确：应为字母、数字、_ 或 - 组成的 id`;

/** True when the text is an id as it stands (no trimming). */
export function isRecordId(raw: unknown): raw is RecordId {
  return typeof raw === 'string' && ID_REGEX.test(raw);
}

/**
 * The id as sent, or a 400 naming the parameter: never trimmed, so the value checked is the
 * value written. Also marks a value a route schema already validated with `ID_SCHEMA`.
 */
export function parseId(raw: unknown, name = 'id'): RecordId {
  if (!isRecordId(raw)) throw badRequest(msgBadId(name));
  return raw;
}

/** `parseId` for a parameter that may be absent (undefined / null / ''); null when absent. */
export function parseOptionalId(raw: unknown, name = 'id'): RecordId | null {
  return raw === undefined || raw === null || raw === '' ? null : parseId(raw, name);
}

/** `?id=` */
export const ID_QUERY = Type.Object({ id: ID_SCHEMA });

/** `?ids=a,b,c` (the list as sent: `splitIds` parses it). */
export const IDS_SCHEMA = Type.String({ minLength: 1, maxLength: 40_000 });
export const IDS_QUERY = Type.Object({ ids: IDS_SCHEMA });

/**
 * The query of a list call: paging (`pageNo`, `pageSize`), sort (`column`, `order`), the
 * advanced query, and filters by field name in the filter grammar (src/contracts/list-filter.ts).
 * Which names a list knows is the list translator's business (server/http/list-query.ts): it
 * refuses the others by name.
 */
export const LIST_QUERY = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Array(Type.String())]),
);

/**
 * The distinct ids of a comma list, each trimmed (the list's one normalisation); refuses an
 * empty list, too many ids or one that is not an id. Use only the returned list afterwards.
 */
export function splitIds(raw: string | null | undefined, max = MAX_BATCH_IDS): RecordId[] {
  const ids = [...new Set((raw ?? '').split(',').map((id) => id.trim()))].filter((id) => id !== '');
  if (ids.length === 0 || ids.length > max || !ids.every(isRecordId)) {
    throw failure(MSG_BAD_IDS);
  }
  return ids;
}
