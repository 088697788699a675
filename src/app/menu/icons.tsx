/**
 * The menu's icons for the shell. The list and its Chinese names are src/contracts/menu-icons.ts;
 * the components live with the renderers, whose icon picker (菜单管理's 图标) draws them too.
 */
export { MenuIcon, MenuIconWithLabel } from '../../../renderers/shared/MenuIcon';
export { MENU_ICON_NAMES, MENU_ICON_LABELS } from '../../contracts/menu-icons';
