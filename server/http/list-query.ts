import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from './errors';
import { allOf, clip, compare, type ConditionTarget, type ListFieldType } from './list-conditions';
import { plainCondition } from './list-filters';
import { superQueryCondition } from './list-super';

/**
 * The list-query translator: the query string of any list call → a parameterised WHERE, an
 * ORDER BY and paging (jeecg-api.md §1.5). Names come only from the entity the server
 * describes; a name it does not know is refused, and no request text is ever part of SQL text.
 *
 * ```ts
 * const USERS = defineListEntity({
 *   fields: {
 *     username: { column: 'u.username', type: 'string' },
 *     status: { column: 'u.status', type: 'integer' },
 *     createTime: { column: 'u.create_time', type: 'datetime' },
 *   },
 * });
 * const q = translateListQuery(request.query, USERS, { timeZone: ctx.config.timeZone });
 * db.selectFrom('sys_user as u').selectAll().where(q.where).orderBy(q.orderBy)
 *   .limit(q.pageSize).offset(q.offset)
 * ```
 */

export type { ListFieldType } from './list-conditions';

export interface ListField {
  /** SQL column, a trusted server constant: `create_time` or `alias.create_time`. */
  readonly column: string;
  readonly type: ListFieldType;
  /** May be named in `column=` (sorting). Default true. */
  readonly sortable?: boolean;
  /** May be filtered (plain, `_begin`/`_end`, advanced query). Default true. */
  readonly filterable?: boolean;
}

export interface SortTerm {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

/** What a list may be queried and sorted by, by request name (camelCase). */
export interface ListEntityDescription {
  readonly fields: Readonly<Record<string, ListField>>;
  /** Sort when the request names none. Default `createTime desc` if present, else the key. */
  readonly defaultSort?: readonly SortTerm[];
  /** Field appended to every sort so pages are stable. Default `id` when present. */
  readonly key?: string | null;
  /** Parameters the route reads itself (e.g. `pid`); the translator ignores them. */
  readonly extraParams?: readonly string[];
}

interface EntityField {
  readonly target: ConditionTarget;
  readonly sortable: boolean;
  readonly filterable: boolean;
}

/** A checked entity description; build once (module constant or per page) and reuse. */
export interface ListEntity {
  readonly fields: ReadonlyMap<string, EntityField>;
  readonly defaultSort: readonly SortTerm[];
  readonly key: string | null;
  readonly extraParams: ReadonlySet<string>;
}

/** Parameters every list call may carry that are not filters. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  '_t',
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  'selections',
  'token',
]);

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

const COLUMN = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks a description (a programming error throws at start-up, not per request). */
export function defineListEntity(description: ListEntityDescription): ListEntity {
  const fields = new Map<string, EntityField>();
  for (const [name, field] of Object.entries(description.fields)) {
    if (!FIELD_NAME.test(name)) throw new Error(`list entity: bad field name ${name}`);
    if (!COLUMN.test(field.column)) throw new Error(`list entity: bad column ${field.column}`);
    fields.set(name, {
      target: { name, ref: sql.ref(field.column), type: field.type },
      sortable: field.sortable ?? true,
      filterable: field.filterable ?? true,
    });
  }
  const key = description.key === undefined ? (fields.has('id') ? 'id' : null) : description.key;
  if (key !== null && !fields.has(key)) throw new Error(`list entity: unknown key ${key}`);
  const defaultSort =
    description.defaultSort ??
    (fields.has('createTime')
      ? [{ field: 'createTime', order: 'desc' as const }]
      : key
        ? [{ field: key, order: 'desc' as const }]
        : []);
  if (defaultSort.length === 0) throw new Error('list entity: no default sort and no key');
  for (const term of defaultSort) {
    if (!fields.has(term.field)) throw new Error(`list entity: unknown sort ${term.field}`);
  }
  return { fields, defaultSort, key, extraParams: new Set(description.extraParams ?? []) };
}

export interface ListQuery {
  /** The filters; `true` when there are none. */
  readonly where: RawBuilder<SqlBool>;
  /** Whether the request filtered at all (plain, range or advanced). */
  readonly filtered: boolean;
  /** `"col" desc, "id" desc`, for `order by`. */
  readonly orderBy: RawBuilder<unknown>;
  readonly pageNo: number;
  readonly pageSize: number;
  readonly offset: number;
}

export interface ListQueryOptions {
  /** APP_TIMEZONE: the zone date-time values are written in. */
  readonly timeZone: string;
}

/** Raw query parameters as Fastify parses them. */
export type ListParams = Readonly<Record<string, unknown>>;

/** The first string value of a parameter (repeated parameters arrive as arrays). */
export function paramText(params: ListParams, name: string): string | undefined {
  if (!Object.hasOwn(params, name)) return undefined;
  const value = params[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

export function unknownField(name: string) {
  return badRequest(`未知的查询字段：${clip(name)}`);
}

function filterTarget(entity: ListEntity, name: string): ConditionTarget {
  const field = entity.fields.get(name);
  if (!field || !field.filterable) throw unknownField(name);
  return field.target;
}

function positive(raw: string | undefined, fallback: number): number {
  if (raw === undefined || !/^\s*\d{1,9}\s*$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 ? n : fallback;
}

function sortTerms(params: ListParams, entity: ListEntity): SortTerm[] {
  const columns = (paramText(params, 'column') ?? '')
    .split(',')
    .map((c) => c.trim().replace(/_dictText$/, ''))
    .filter((c) => c !== '');
  const order = /asc/i.test(paramText(params, 'order') ?? '') ? 'asc' : 'desc';
  const terms: SortTerm[] = [];
  for (const name of columns) {
    const field = entity.fields.get(name);
    if (!field) throw unknownField(name);
    if (!field.sortable) throw badRequest(`不能按字段“${clip(name)}”排序`);
    if (!terms.some((t) => t.field === name)) terms.push({ field: name, order });
  }
  const chosen = terms.length > 0 ? terms : [...entity.defaultSort];
  if (entity.key && !chosen.some((t) => t.field === entity.key)) {
    chosen.push({ field: entity.key, order: chosen[0]?.order ?? 'desc' });
  }
  return chosen;
}

function orderSql(terms: readonly SortTerm[], entity: ListEntity): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => {
      const ref = entity.fields.get(t.field)!.target.ref;
      return t.order === 'asc' ? sql`${ref} asc` : sql`${ref} desc`;
    }),
  );
}

/** Translates a list call's parameters; throws a clear AppError (HTTP 400) on a bad one. */
export function translateListQuery(
  params: ListParams,
  entity: ListEntity,
  options: ListQueryOptions,
): ListQuery {
  const { timeZone } = options;
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const name of Object.keys(params)) {
    if (RESERVED_PARAMS.has(name) || entity.extraParams.has(name)) continue;
    const value = paramText(params, name) ?? '';
    const range = /^(.+)_(begin|end)$/.exec(name);
    if (entity.fields.has(name) || !range) {
      const condition = plainCondition(filterTarget(entity, name), value, timeZone);
      if (condition) conditions.push(condition);
      continue;
    }
    const field = entity.fields.get(range[1]!);
    if (!field || !field.filterable) throw unknownField(name);
    if (value.trim() === '') continue;
    conditions.push(
      compare(field.target, range[2] === 'begin' ? 'ge' : 'le', value.trim(), timeZone),
    );
  }
  const advanced = superQueryCondition(
    paramText(params, 'superQueryParams') ?? '',
    paramText(params, 'superQueryMatchType'),
    (name) => filterTarget(entity, name),
    timeZone,
  );
  if (advanced) conditions.push(advanced);

  const pageNo = positive(paramText(params, 'pageNo'), 1);
  const pageSize = Math.min(
    positive(paramText(params, 'pageSize'), DEFAULT_PAGE_SIZE),
    MAX_PAGE_SIZE,
  );
  return {
    where: allOf(conditions),
    filtered: conditions.length > 0,
    orderBy: orderSql(sortTerms(params, entity), entity),
    pageNo,
    pageSize,
    offset: (pageNo - 1) * pageSize,
  };
}
