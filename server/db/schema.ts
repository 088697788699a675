import type { ColumnType, Generated } from 'kysely';
import type { Audit, NullableTimestamp } from './schema-columns';
import type {
  SysConfigTable,
  SysLoginFailureTable,
  SysLogTable,
  SysQuartzJobLogTable,
  SysQuartzJobTable,
  SysSessionTable,
} from './schema-operations';
import type { SysSmsCodeTable, SysSsoGrantTable, SysThirdAccountTable } from './schema-sign-in';

/**
 * Table types as Kysely sees them. Columns are camelCase here and snake_case in SQL
 * (Kysely's CamelCasePlugin maps them); table names stay snake_case.
 */

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: string;
  /** scrypt encoding, see server/auth/password.ts */
  password: string;
  avatar: string | null;
  /** `YYYY-MM-DD` */
  birthday: string | null;
  sex: Generated<number>;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: Generated<number>;
  delFlag: Generated<number>;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: Generated<number>;
  departIds: string | null;
  relTenantIds: string | null;
  passwordChangedAt: NullableTimestamp;
}

export interface SysRoleTable extends Audit {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface SysUserRoleTable {
  id: string;
  userId: string;
  roleId: string;
}

export interface SysPermissionTable extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  /** 0 top menu, 1 sub menu, 2 button */
  menuType: number;
  perms: string | null;
  /** '1' show/hide, '2' data/field */
  permsType: Generated<string>;
  sortNo: Generated<number>;
  alwaysShow: Generated<boolean>;
  icon: string | null;
  isRoute: Generated<boolean>;
  isLeaf: Generated<boolean>;
  keepAlive: Generated<boolean>;
  hidden: Generated<boolean>;
  hideTab: Generated<boolean>;
  description: string | null;
  delFlag: Generated<number>;
  ruleFlag: Generated<number>;
  /** '0' disabled, '1' enabled (buttons) */
  status: Generated<string>;
  internalOrExternal: Generated<boolean>;
}

export interface SysRolePermissionTable {
  id: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: NullableTimestamp;
  operateIp: string | null;
}

export interface SysDepartTable extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: Generated<number>;
  description: string | null;
  /** 1 company, 2 department, 3 post */
  orgCategory: Generated<string>;
  /** 1 top level, 2 child */
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: Generated<string>;
  delFlag: Generated<string>;
}

export interface SysUserDepartTable {
  id: string;
  userId: string;
  depId: string;
}

export interface SysDictTable extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: Generated<number>;
  /** 0 string, 1 number */
  type: Generated<number>;
}

export interface SysDictItemTable extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: Generated<number>;
  /** 1 enabled, 0 disabled */
  status: Generated<number>;
}

export interface SysPageTable {
  id: string;
  code: string;
  title: string;
  kind: string;
  /** The current definition (validated, upgraded). */
  definition: ColumnType<unknown, string, string>;
  version: Generated<number>;
  tableName: string | null;
  builtin: Generated<boolean>;
  createBy: string | null;
  createTime: Generated<Date>;
  updateBy: string | null;
  updateTime: Date | null;
}

export interface SysPageVersionTable {
  id: string;
  pageId: string;
  version: number;
  definition: ColumnType<unknown, string, string>;
  /** JSON pointers that changed against the previous version. */
  changes: ColumnType<string[], string, string>;
  note: string | null;
  createBy: string | null;
  createTime: Generated<Date>;
}

export interface SysCheckRuleTable {
  id: string;
  ruleName: string;
  ruleCode: string;
  /** JSON array of {digits, pattern, message}. */
  ruleJson: string;
  ruleDescription: string | null;
  createBy: string | null;
  createTime: Generated<Date>;
  updateBy: string | null;
  updateTime: Date | null;
}

export interface SysAnnouncementTable {
  id: string;
  titile: string;
  /** HTML, sanitised on save and on display. */
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: NullableTimestamp;
  endTime: NullableTimestamp;
  sender: string | null;
  /** L / M / H */
  priority: Generated<string>;
  /** 1 通知公告, 2 系统消息 */
  msgCategory: Generated<string>;
  /** ALL / USER */
  msgType: Generated<string>;
  /** 0 draft, 1 released, 2 revoked */
  sendStatus: Generated<string>;
  sendTime: NullableTimestamp;
  cancelTime: NullableTimestamp;
  delFlag: Generated<string>;
  busType: string | null;
  busId: string | null;
  openType: string | null;
  openPage: string | null;
  /** Target user ids, comma-terminated (`id1,id2,`) when msgType is USER. */
  userIds: string | null;
  createBy: string | null;
  createTime: Generated<Date>;
  updateBy: string | null;
  updateTime: NullableTimestamp;
}

export interface SysAnnouncementSendTable {
  id: string;
  anntId: string;
  userId: string;
  /** 0 unread, 1 read */
  readFlag: Generated<string>;
  readTime: NullableTimestamp;
  createTime: Generated<Date>;
}

export interface SysPermissionDataRuleTable {
  id: string;
  /** The menu the rule belongs to. */
  permissionId: string;
  ruleName: string;
  /** Field the rule filters on (a field of the menu's list). */
  ruleColumn: string | null;
  /** `=`, `!=`, `>`, `>=`, `<`, `<=`, `IN`, `LIKE`, `LEFT_LIKE`, `RIGHT_LIKE`. */
  ruleConditions: string;
  /** Compared value; may hold `#{sys_user_code}` and the other system variables. */
  ruleValue: string | null;
  /** '1' on, '0' off */
  status: Generated<string>;
  createBy: string | null;
  createTime: Generated<Date>;
  updateBy: string | null;
  updateTime: NullableTimestamp;
}

export interface SysDepartPermissionTable {
  id: string;
  departId: string;
  permissionId: string;
  /** Comma list of data rule ids chosen for the department on this menu. */
  dataRuleIds: string | null;
}

export interface SysDepartRoleTable extends Audit {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface SysDepartRoleUserTable {
  id: string;
  userId: string;
  droleId: string;
}

export interface SysDepartRolePermissionTable {
  id: string;
  departId: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: NullableTimestamp;
  operateIp: string | null;
}

export interface SysPositionTable extends Audit {
  id: string;
  code: string;
  name: string;
  /** position_rank dictionary */
  postRank: string | null;
  companyId: string | null;
  sysOrgCode: string | null;
}

export interface SysCategoryTable extends Audit {
  id: string;
  /** '0' for roots */
  pid: Generated<string>;
  name: string;
  /** Hierarchical: A01, A01A01, … */
  code: string;
  sysOrgCode: string | null;
  /** '1' has children, '0' leaf */
  hasChild: Generated<string>;
}

/** Chinese administrative divisions (migration 0010; src/contracts/area-code.ts). */
export interface SysAreaTable {
  /** The region code: 6, 9 or 12 digits. */
  id: string;
  /** The parent's code; '0' for a province. */
  pid: string;
  name: string;
  /** 1 province, 2 city, 3 district, 4 street (villages, 5, are not loaded). */
  level: number;
}

export interface Database {
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_permission: SysPermissionTable;
  sys_role_permission: SysRolePermissionTable;
  sys_depart: SysDepartTable;
  sys_user_depart: SysUserDepartTable;
  sys_dict: SysDictTable;
  sys_dict_item: SysDictItemTable;
  sys_config: SysConfigTable;
  sys_session: SysSessionTable;
  sys_login_failure: SysLoginFailureTable;
  sys_log: SysLogTable;
  sys_page: SysPageTable;
  sys_page_version: SysPageVersionTable;
  sys_check_rule: SysCheckRuleTable;
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
  sys_permission_data_rule: SysPermissionDataRuleTable;
  sys_depart_permission: SysDepartPermissionTable;
  sys_depart_role: SysDepartRoleTable;
  sys_depart_role_user: SysDepartRoleUserTable;
  sys_depart_role_permission: SysDepartRolePermissionTable;
  sys_position: SysPositionTable;
  sys_category: SysCategoryTable;
  sys_area: SysAreaTable;
  sys_quartz_job: SysQuartzJobTable;
  sys_quartz_job_log: SysQuartzJobLogTable;
  sys_sms_code: SysSmsCodeTable;
  sys_third_account: SysThirdAccountTable;
  sys_sso_grant: SysSsoGrantTable;
}
