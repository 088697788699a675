import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  FALLBACK_MENU_ICON,
  MENU_ICON_LABELS,
  menuIconName,
  type MenuIconName,
} from '../../src/contracts/menu-icons';

type IconModule = Promise<{ readonly default: ComponentType }>;

/**
 * One loader per icon of the menu's list (src/contracts/menu-icons.ts): each icon is its own
 * small module, loaded the first time it is shown, so the shell downloads the few icons the
 * user's menu uses, not the whole set.
 */
const MENU_ICON_LOADERS: Readonly<Record<MenuIconName, () => IconModule>> = {
  apartment: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  appstore: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  audit: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  bank: () => import('@ant-design/icons/es/icons/BankOutlined'),
  'bar-chart': () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  bell: () => import('@ant-design/icons/es/icons/BellOutlined'),
  book: () => import('@ant-design/icons/es/icons/BookOutlined'),
  branches: () => import('@ant-design/icons/es/icons/BranchesOutlined'),
  build: () => import('@ant-design/icons/es/icons/BuildOutlined'),
  calendar: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  cloud: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  cluster: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  code: () => import('@ant-design/icons/es/icons/CodeOutlined'),
  control: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  dashboard: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  database: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  'deployment-unit': () => import('@ant-design/icons/es/icons/DeploymentUnitOutlined'),
  desktop: () => import('@ant-design/icons/es/icons/DesktopOutlined'),
  'file-text': () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  folder: () => import('@ant-design/icons/es/icons/FolderOutlined'),
  form: () => import('@ant-design/icons/es/icons/FormOutlined'),
  fund: () => import('@ant-design/icons/es/icons/FundOutlined'),
  global: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  home: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  idcard: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  key: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  laptop: () => import('@ant-design/icons/es/icons/LaptopOutlined'),
  link: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  lock: () => import('@ant-design/icons/es/icons/LockOutlined'),
  mail: () => import('@ant-design/icons/es/icons/MailOutlined'),
  menu: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  message: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  notification: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  partition: () => import('@ant-design/icons/es/icons/PartitionOutlined'),
  'pie-chart': () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  profile: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  project: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  safety: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  setting: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  shop: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  solution: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  table: () => import('@ant-design/icons/es/icons/TableOutlined'),
  tags: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  team: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  tool: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  'unordered-list': () => import('@ant-design/icons/es/icons/UnorderedListOutlined'),
  user: () => import('@ant-design/icons/es/icons/UserOutlined'),
};

const loaded = new Map<MenuIconName, LazyExoticComponent<ComponentType>>();

function iconOf(name: MenuIconName): LazyExoticComponent<ComponentType> {
  let icon = loaded.get(name);
  if (!icon) {
    icon = lazy(MENU_ICON_LOADERS[name]);
    loaded.set(name, icon);
  }
  return icon;
}

/** Holds the icon's place (1em, as antd's icons) while its module loads. */
function IconSpace() {
  return <span className="anticon" style={{ width: '1em', height: '1em' }} />;
}

/** The icon a menu entry names; unknown names draw the fallback (应用). */
export function MenuIcon({ name }: { readonly name?: string | null | undefined }) {
  const Icon = iconOf(menuIconName(name) ?? FALLBACK_MENU_ICON);
  return (
    <Suspense fallback={<IconSpace />}>
      <Icon />
    </Suspense>
  );
}

/** The icon with its Chinese name (an unknown stored name is shown as stored, no icon). */
export function MenuIconWithLabel({ name }: { readonly name?: string | null | undefined }) {
  const known = menuIconName(name);
  if (!known) return name ? <span>{name}</span> : null;
  return (
    <span
      className="sa-menu-icon-label"
      style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
    >
      <MenuIcon name={known} />
      <span>{MENU_ICON_LABELS[known]}</span>
    </span>
  );
}
