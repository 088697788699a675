/**
 * The icons a menu entry may name (ant icon names without a theme suffix), each with the
 * Chinese name people choose it by. The browser draws them (renderers/shared/MenuIcon.tsx);
 * the menu stores the name.
 */
export const MENU_ICON_LABELS = {
  home: '首页',
  dashboard: '仪表盘',
  appstore: '应用',
  setting: '设置',
  user: '用户',
  team: '团队',
  idcard: '证件',
  solution: '方案',
  apartment: '组织架构',
  cluster: '集群',
  partition: '分区',
  'deployment-unit': '部署单元',
  branches: '分支',
  menu: '菜单',
  'unordered-list': '列表',
  table: '表格',
  form: '表单',
  profile: '档案',
  'file-text': '文档',
  folder: '文件夹',
  book: '字典',
  tags: '标签',
  audit: '审核',
  safety: '安全',
  lock: '锁',
  key: '钥匙',
  bell: '铃铛',
  notification: '通知',
  message: '消息',
  mail: '邮件',
  calendar: '日历',
  'bar-chart': '柱状图',
  'pie-chart': '饼图',
  fund: '基金',
  bank: '银行',
  shop: '商店',
  project: '项目',
  build: '构建',
  tool: '工具',
  control: '控制',
  code: '代码',
  database: '数据库',
  cloud: '云',
  global: '全球',
  link: '链接',
  desktop: '桌面',
  laptop: '笔记本',
} as const satisfies Readonly<Record<string, string>>;

export type MenuIconName = keyof typeof MENU_ICON_LABELS;

/** The names in the order the picker offers them. */
export const MENU_ICON_NAMES = Object.keys(MENU_ICON_LABELS) as readonly MenuIconName[];

/** Icon drawn for a name the list does not hold. */
export const FALLBACK_MENU_ICON: MenuIconName = 'appstore';

/**
 * The list's name for a stored icon, or null: `setting`, `setting-outlined` and the component
 * name `SettingOutlined` are all `setting`; `BarChart` is `bar-chart`.
 */
export function menuIconName(stored: string | null | undefined): MenuIconName | null {
  const key = (stored ?? '')
    .trim()
    .replace(/-?(outlined|filled|twotone)$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return Object.hasOwn(MENU_ICON_LABELS, key) ? (key as MenuIconName) : null;
}

/** The Chinese name of a stored icon; an unknown name is shown as it is stored. */
export function menuIconLabel(stored: string | null | undefined): string {
  const name = menuIconName(stored);
  return name ? MENU_ICON_LABELS[name] : (stored ?? '');
}
