/**
 * The product's menu: screens (menu_type 0/1) and their buttons (menu_type 2) with codes.
 * A screen's own `perms` (e.g. `user:list`) is the code its read routes require; buttons carry
 * the codes of the writing routes. Screens that later issues build say so on screen.
 * This is what a fresh install gets; installs made earlier get a change only from a new
 * migration carrying its own copy of the rows it adds (`syncShippedMenus`, as 0005 does), and
 * tests/server/migrations-shipped.test.ts fails until one does.
 */

export interface SeedButton {
  readonly name: string;
  readonly perms: string;
  /** '1' show/hide (default), '2' data/field permission. */
  readonly permsType?: '1' | '2';
  /** '1' enabled (default), '0' disabled for everyone. */
  readonly status?: '0' | '1';
}

export interface SeedMenu {
  /** Stable key used by the seed to grant rows to roles. */
  readonly key: string;
  readonly name: string;
  readonly url: string;
  readonly component: string;
  readonly componentName?: string;
  readonly redirect?: string;
  readonly icon?: string;
  readonly perms?: string;
  readonly hidden?: boolean;
  readonly alwaysShow?: boolean;
  readonly keepAlive?: boolean;
  readonly internalOrExternal?: boolean;
  readonly isRoute?: boolean;
  readonly buttons?: readonly SeedButton[];
  readonly children?: readonly SeedMenu[];
}

function crud(prefix: string, extra: readonly SeedButton[] = []): SeedButton[] {
  return [
    { name: '新增', perms: `${prefix}:add` },
    { name: '编辑', perms: `${prefix}:edit` },
    { name: '删除', perms: `${prefix}:delete` },
    { name: '批量删除', perms: `${prefix}:deleteBatch` },
    { name: '导入', perms: `${prefix}:import` },
    { name: '导出', perms: `${prefix}:export` },
    ...extra,
  ];
}

/**
 * 低代码 → 页面配置: the page editor (issue 3, migration 0002 for older installs), and 报表配置:
 * the report designer (migration 0011).
 */
export const LOWCODE_MENU: SeedMenu = {
  key: 'lowcode',
  name: '低代码',
  url: '/lowcode',
  component: 'layouts/RouteView',
  redirect: '/lowcode/page',
  icon: 'build',
  children: [
    {
      key: 'lowcode.page',
      name: '页面配置',
      url: '/lowcode/page',
      component: 'lowcode/PageEditor',
      icon: 'form',
      perms: 'lowcode:page:list',
      buttons: [
        { name: '新增页面', perms: 'lowcode:page:add' },
        { name: '保存页面', perms: 'lowcode:page:edit' },
        { name: '删除页面', perms: 'lowcode:page:delete' },
        { name: '加入菜单', perms: 'lowcode:page:menu' },
      ],
    },
    {
      // The report designer (migration 0011 moves its buttons here from 页面配置).
      key: 'lowcode.report',
      name: '报表配置',
      url: '/lowcode/report',
      component: 'lowcode/ReportDesigner',
      icon: 'bar-chart',
      perms: 'lowcode:report:list',
      buttons: [
        { name: '新增报表', perms: 'lowcode:report:add' },
        { name: '编辑报表', perms: 'lowcode:report:edit' },
        { name: '删除报表', perms: 'lowcode:report:delete' },
        { name: '加入菜单', perms: 'lowcode:report:menu' },
        // The shipped 客户选择 report's access code (migration 0009).
        { name: '客户选择报表', perms: 'report:demo_customer_pick:list' },
        // The list code of the demo page the 客户选择 report reads (migration 0016).
        { name: '客户管理数据', perms: 'online:demo_customer:list' },
      ],
    },
  ],
};

export const SEED_MENU: readonly SeedMenu[] = [
  {
    key: 'home',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    componentName: 'dashboard-analysis',
    icon: 'home',
  },
  {
    key: 'system',
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    redirect: '/isystem/user',
    icon: 'setting',
    children: [
      {
        key: 'system.user',
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        icon: 'user',
        perms: 'user:list',
        buttons: crud('user', [
          { name: '冻结/解冻', perms: 'user:frozen' },
          { name: '重置密码', perms: 'user:resetPassword' },
          { name: '回收站', perms: 'user:recycleBin' },
        ]),
      },
      {
        key: 'system.role',
        name: '角色管理',
        url: '/isystem/role',
        component: 'system/RoleList',
        icon: 'team',
        perms: 'role:list',
        buttons: crud('role', [
          { name: '授权', perms: 'role:authorize' },
          { name: '角色用户', perms: 'role:user' },
        ]),
      },
      {
        key: 'system.permission',
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        icon: 'menu',
        perms: 'permission:list',
        buttons: crud('permission', [
          { name: '数据规则', perms: 'permission:dataRule' },
          { name: '接口文档', perms: 'system:openapi' },
        ]),
      },
      {
        key: 'system.depart',
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        icon: 'apartment',
        perms: 'depart:list',
        buttons: crud('depart', [
          { name: '部门授权', perms: 'depart:authorize' },
          { name: '部门角色', perms: 'depart:role' },
          { name: '部门用户', perms: 'depart:user' },
        ]),
      },
      {
        key: 'system.dict',
        name: '数据字典',
        url: '/isystem/dict',
        component: 'system/DictList',
        icon: 'book',
        perms: 'dict:list',
        buttons: crud('dict'),
      },
      {
        key: 'system.notice',
        name: '系统通告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        icon: 'notification',
        perms: 'notice:list',
        buttons: crud('notice', [
          { name: '发布', perms: 'notice:release' },
          { name: '撤销', perms: 'notice:revoke' },
        ]),
      },
      {
        key: 'system.position',
        name: '职务管理',
        url: '/isystem/position',
        component: 'system/SysPositionList',
        icon: 'idcard',
        perms: 'position:list',
        buttons: crud('position'),
      },
      {
        key: 'system.category',
        name: '分类字典',
        url: '/isystem/category',
        component: 'system/SysCategoryList',
        icon: 'partition',
        perms: 'category:list',
        buttons: crud('category'),
      },
      {
        key: 'system.checkRule',
        name: '校验规则',
        url: '/isystem/checkRule',
        component: 'system/SysCheckRuleList',
        icon: 'safety',
        perms: 'checkRule:list',
        buttons: crud('checkRule'),
      },
      {
        // Migration 0015 ships it to older installs.
        key: 'system.quartz',
        name: '定时任务',
        url: '/isystem/quartz',
        component: 'system/QuartzJobList',
        icon: 'calendar',
        perms: 'quartz:list',
        buttons: [
          { name: '新增', perms: 'quartz:add' },
          { name: '编辑', perms: 'quartz:edit' },
          { name: '删除', perms: 'quartz:delete' },
          { name: '批量删除', perms: 'quartz:deleteBatch' },
          { name: '暂停', perms: 'quartz:pause' },
          { name: '启动', perms: 'quartz:resume' },
          { name: '立即执行', perms: 'quartz:execute' },
          { name: '日志', perms: 'quartz:log' },
        ],
      },
      {
        // Migration 0018 ships it to older installs.
        key: 'system.onlineUser',
        name: '在线用户',
        url: '/isystem/onlineUser',
        component: 'system/OnlineUserList',
        icon: 'team',
        perms: 'online:user:list',
        buttons: [{ name: '强制退出', perms: 'online:user:forceLogout' }],
      },
      {
        // Migration 0019 ships it to older installs.
        key: 'system.log',
        name: '日志管理',
        url: '/isystem/log',
        component: 'system/LogList',
        icon: 'audit',
        perms: 'log:list',
        buttons: [{ name: '导出', perms: 'log:export' }],
      },
    ],
  },
  LOWCODE_MENU,
  {
    key: 'notice.mine',
    name: '我的消息',
    url: '/settings/notice/mine',
    component: 'settings/NoticeMine',
    icon: 'bell',
    hidden: true,
  },
];

/** Keys of the rows the demo staff role holds: home, 用户管理 read-only, its own messages. */
export const STAFF_MENU_KEYS: readonly string[] = ['home', 'system', 'system.user', 'notice.mine'];
