/**
 * Which page a menu entry opens (shell.md §2: the online form's component name maps to the
 * built-in list screen). Pure, and small enough for the router's first chunk.
 */

/** The reference system's online list: the page code is the last segment of the route path. */
export const ONLINE_LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
/** `page/<code>`: a page named directly by its code. */
export const PAGE_COMPONENT_PREFIX = 'page/';

/**
 * The reference system's hand-written system screens (its menu component names), rendered
 * here by built-in pages (`schemas/{code}.json`).
 */
export const SYSTEM_PAGES: Readonly<Record<string, string>> = {
  'system/UserList': 'sys_user',
  'system/RoleList': 'sys_role',
  'system/PermissionList': 'sys_permission',
  'system/DepartList': 'sys_depart',
  'system/DictList': 'sys_dict',
  'system/SysAnnouncementList': 'sys_announcement',
  'system/SysPositionList': 'sys_position',
  'system/SysCategoryList': 'sys_category',
  'system/SysCheckRuleList': 'sys_check_rule',
  'system/QuartzJobList': 'sys_quartz_job',
  'system/OnlineUserList': 'sys_online_user',
  'system/LogList': 'sys_log',
  'settings/NoticeMine': 'sys_notice_mine',
};

const CODE = /^[a-z][a-z0-9_]{1,63}$/;

/** True for menu components the page engine renders. */
export function isPageComponent(component: string): boolean {
  return (
    component === ONLINE_LIST_COMPONENT ||
    component.startsWith(PAGE_COMPONENT_PREFIX) ||
    Object.hasOwn(SYSTEM_PAGES, component)
  );
}

/** The page code a menu entry names, or null when it names none (or an invalid one). */
export function pageCodeOf(component: string, path: string): string | null {
  let code: string | undefined;
  if (Object.hasOwn(SYSTEM_PAGES, component)) {
    code = SYSTEM_PAGES[component];
  } else if (component === ONLINE_LIST_COMPONENT) {
    code = path.split('?')[0]!.split('/').filter(Boolean).pop();
  } else if (component.startsWith(PAGE_COMPONENT_PREFIX)) {
    code = component.slice(PAGE_COMPONENT_PREFIX.length);
  }
  return code && CODE.test(code) ? code : null;
}
