import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../src/contracts/envelope';
import type { Db } from '../../db/index';
import { runListQuery } from '../../http/list-page';
import {
  defineListEntity,
  translateListQuery,
  type ListParams,
  type ListQueryOptions,
} from '../../http/list-query';
import type { RowScope, ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { dictFields } from './dict-text';

/**
 * The two list screens of 数据字典 (dictionaries and the items of one dictionary), read
 * through the list-query translator: request names map to these columns only. Both read
 * within the caller's row scope: the rules of 数据字典 name the dictionary list's fields, and
 * an item is inside when its dictionary is.
 */

const DICT_FIELDS = {
  id: { column: 'id', type: 'string' },
  dictName: { column: 'dict_name', type: 'string' },
  dictCode: { column: 'dict_code', type: 'string' },
  description: { column: 'description', type: 'string' },
  type: { column: 'type', type: 'integer' },
  createBy: { column: 'create_by', type: 'string' },
  createTime: { column: 'create_time', type: 'datetime' },
  updateTime: { column: 'update_time', type: 'datetime' },
} as const;

export const DICT_ENTITY = defineListEntity({ fields: DICT_FIELDS });

/** The dictionary list's fields on `sys_dict d` (rule conditions, also inside a join). */
const DICT_RULE_FIELDS = defineListEntity({
  fields: Object.fromEntries(
    Object.entries(DICT_FIELDS).map(([name, f]) => [name, { ...f, column: `d.${f.column}` }]),
  ),
});

export const DICT_SCOPE: ScopedEntity = {
  table: 'sys_dict',
  menuCode: 'dict:list',
  fields: DICT_RULE_FIELDS,
  from: sql`sys_dict d`,
  key: sql.ref('d.id'),
};

/** Items as data rules see them: through their dictionary. */
export const DICT_ITEM_SCOPE: ScopedEntity = {
  table: 'sys_dict_item',
  menuCode: 'dict:list',
  fields: DICT_RULE_FIELDS,
  from: sql`sys_dict_item i join sys_dict d on d.id = i.dict_id`,
  key: sql.ref('i.id'),
};

export const DICT_ITEM_ENTITY = defineListEntity({
  fields: {
    id: { column: 'id', type: 'string' },
    itemText: { column: 'item_text', type: 'string' },
    itemValue: { column: 'item_value', type: 'string' },
    description: { column: 'description', type: 'string' },
    sortOrder: { column: 'sort_order', type: 'integer' },
    status: { column: 'status', type: 'integer' },
    createTime: { column: 'create_time', type: 'datetime' },
  },
  defaultSort: [{ field: 'sortOrder', order: 'asc' }],
  extraParams: ['dictId'],
});

/** The item list's dictionary-bound field (`status_dictText`). */
export const DICT_ITEM_DICT_FIELDS = dictFields({ status: 'dict_item_status' });

export interface DictRow {
  readonly id: string;
  readonly dictName: string;
  readonly dictCode: string;
  readonly description: string | null;
  readonly type: number;
  readonly createBy: string | null;
  readonly createTime: string | null;
  readonly updateTime: string | null;
}

export interface DictItemRow {
  readonly id: string;
  readonly dictId: string;
  readonly itemText: string;
  readonly itemValue: string;
  readonly description: string | null;
  readonly sortOrder: number;
  readonly status: number;
  readonly createTime: string | null;
}

type Raw<T> = { [K in keyof T]: K extends 'createTime' | 'updateTime' ? Date | null : T[K] };

const DICT_SELECT = sql`id, dict_name as "dictName", dict_code as "dictCode", description,
  type, create_by as "createBy", create_time as "createTime", update_time as "updateTime"`;

const ITEM_SELECT = sql`id, dict_id as "dictId", item_text as "itemText",
  item_value as "itemValue", description, sort_order as "sortOrder", status,
  create_time as "createTime"`;

function withTimes<T extends { createTime?: unknown; updateTime?: unknown }>(
  page: Page<Raw<T>>,
  timeZone: string,
): Page<T> {
  return {
    ...page,
    records: page.records.map(
      (r) =>
        ({
          ...r,
          createTime: formatDateTime(r.createTime as Date | null, timeZone),
          ...('updateTime' in r
            ? { updateTime: formatDateTime(r.updateTime as Date | null, timeZone) }
            : {}),
        }) as unknown as T,
    ),
  };
}

export async function listDicts(
  db: Db,
  params: ListParams,
  scope: RowScope,
  options: ListQueryOptions,
): Promise<Page<DictRow>> {
  const query = translateListQuery(params, DICT_ENTITY, options);
  const page = await runListQuery<Raw<DictRow>>(
    db.withoutPlugins(),
    { select: DICT_SELECT, from: DICT_SCOPE.from, where: scope.and(sql<SqlBool>`del_flag = 0`) },
    query,
  );
  return withTimes<DictRow>(page, options.timeZone);
}

export async function listDictItems(
  db: Db,
  dictId: string,
  params: ListParams,
  options: ListQueryOptions,
): Promise<Page<DictItemRow>> {
  const query = translateListQuery(params, DICT_ITEM_ENTITY, options);
  const where: RawBuilder<SqlBool> = sql<SqlBool>`dict_id = ${dictId}`;
  const page = await runListQuery<Raw<DictItemRow>>(
    db.withoutPlugins(),
    { select: ITEM_SELECT, from: sql.table('sys_dict_item'), where },
    query,
  );
  return withTimes<DictItemRow>(page, options.timeZone);
}
