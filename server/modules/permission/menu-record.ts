import { sql } from 'kysely';
import { defineListEntity } from '../../http/list-query';
import type { ScopedEntity } from '../../http/row-scope';
import { formatDateTime } from '../../http/time';
import { dictFields } from '../dict/dict-text';

/**
 * A row of 菜单管理 as the routes answer it (docs/system-api.md, Menus): `route` is is_route,
 * `leaf` is is_leaf, `hasChild` ('1'/'0') whether any menu or button sits below it.
 */
export type MenuRecord = {
  readonly id: string;
  readonly parentId: string | null;
  readonly name: string;
  readonly url: string | null;
  readonly component: string | null;
  readonly componentName: string | null;
  readonly redirect: string | null;
  /** 0 top menu, 1 sub menu, 2 button. */
  readonly menuType: number;
  readonly perms: string | null;
  /** '1' show/hide, '2' disable. */
  readonly permsType: string;
  readonly sortNo: number;
  readonly alwaysShow: boolean;
  readonly icon: string | null;
  readonly route: boolean;
  readonly leaf: boolean;
  readonly keepAlive: boolean;
  readonly hidden: boolean;
  readonly hideTab: boolean;
  readonly description: string | null;
  readonly ruleFlag: number;
  /** '1' on, '0' off. */
  readonly status: string;
  readonly internalOrExternal: boolean;
  readonly createTime: string | null;
  readonly hasChild: '1' | '0';
};

/** The row as the database answers it (time not yet formatted). */
export type MenuRow = Omit<MenuRecord, 'createTime'> & { readonly createTime: Date | null };

/** The menu list: filters of the contract; `id` for the export's `selections`. */
export const MENU_ENTITY = defineListEntity({
  fields: {
    id: { column: 'p.id', type: 'string' },
    name: { column: 'p.name', type: 'string' },
    perms: { column: 'p.perms', type: 'string' },
    url: { column: 'p.url', type: 'string' },
    component: { column: 'p.component', type: 'string' },
    menuType: { column: 'p.menu_type', type: 'integer' },
    status: { column: 'p.status', type: 'string' },
    parentId: { column: 'p.parent_id', type: 'string', filterable: false },
    sortNo: { column: 'p.sort_no', type: 'number', filterable: false },
    createTime: { column: 'p.create_time', type: 'datetime', filterable: false },
  },
  defaultSort: [{ field: 'sortNo', order: 'asc' }],
  extraParams: ['pid'],
});

/** The list's dictionary-bound fields (`menuType_dictText` …), in every mode of `list`. */
export const MENU_DICT_FIELDS = dictFields({
  menuType: 'menu_type',
  permsType: 'perms_type',
  status: 'valid_status',
  parentId: 'sys_permission,name,id',
});

/** Select list over `sys_permission p`. */
export const MENU_SELECT = sql`p.id, p.parent_id as "parentId", p.name, p.url, p.component,
  p.component_name as "componentName", p.redirect, p.menu_type as "menuType", p.perms,
  p.perms_type as "permsType", p.sort_no as "sortNo", p.always_show as "alwaysShow", p.icon,
  p.is_route as "route", p.is_leaf as "leaf", p.keep_alive as "keepAlive", p.hidden,
  p.hide_tab as "hideTab", p.description, p.rule_flag as "ruleFlag", p.status,
  p.internal_or_external as "internalOrExternal", p.create_time as "createTime",
  case when exists (select 1 from sys_permission c where c.parent_id = p.id and c.del_flag = 0)
    then '1' else '0' end as "hasChild"`;

export const MENU_FROM = sql`sys_permission p`;

/** Menus as data rules see them: the rules of 菜单管理 on the menu list's fields. */
export const MENU_SCOPE: ScopedEntity = {
  table: 'sys_permission',
  menuCode: 'permission:list',
  fields: MENU_ENTITY,
  from: MENU_FROM,
  key: sql.ref('p.id'),
};

/** The data rules of a menu, as data rules see them: through their menu. */
export const MENU_RULE_SCOPE: ScopedEntity = {
  table: 'sys_permission_data_rule',
  menuCode: 'permission:list',
  fields: MENU_ENTITY,
  from: sql`sys_permission_data_rule r join sys_permission p on p.id = r.permission_id`,
  key: sql.ref('r.id'),
};

export function toMenuRecord(row: MenuRow, timeZone: string): MenuRecord {
  return { ...row, createTime: formatDateTime(row.createTime, timeZone) };
}
