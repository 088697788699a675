import Type, { type Static } from 'typebox';
import { failure } from '../../http/errors';
import { ID_SCHEMA } from '../../http/request-schemas';
import { NullableText } from '../../http/schema-types';
import { MENU_BUTTON, MENU_SUB, MENU_TOP } from './menu-tree';
import { menuUrlProblem } from '../../../src/contracts/urls';

/**
 * What 菜单管理 → 添加/编辑 sends, its schema, and the checks that need no database
 * (docs/system-api.md, Menus). The checks run here as well as in the route schemas because
 * imported rows are saved through the same functions.
 */

/** The columns a menu write sets (camelCase, as Kysely names them). */
export interface MenuFields {
  readonly parentId: string | null;
  readonly name: string;
  readonly url: string | null;
  readonly component: string | null;
  readonly componentName: string | null;
  readonly redirect: string | null;
  readonly menuType: number;
  readonly perms: string | null;
  readonly permsType: string;
  readonly sortNo: number;
  readonly alwaysShow: boolean;
  readonly icon: string | null;
  readonly isRoute: boolean;
  readonly keepAlive: boolean;
  readonly hidden: boolean;
  readonly hideTab: boolean;
  readonly description: string | null;
  readonly status: string;
  readonly internalOrExternal: boolean;
}

export const PERMS_PATTERN = '^[A-Za-z0-9_:.-]+(,[A-Za-z0-9_:.-]+)*$';
const PERMS = new RegExp(PERMS_PATTERN);
/** numeric(8, 2) */
const SORT_LIMIT = 999_999;
const DESCRIPTION_MAX = 2000;

const FLAG = Type.Optional(Type.Boolean());

/** Body properties of add / edit (edit adds `id`). */
const MENU_PROPERTIES = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  menuType: Type.Integer({ enum: [0, 1, 2] }),
  parentId: NullableText(36),
  url: NullableText(255),
  component: NullableText(255),
  componentName: NullableText(100),
  redirect: NullableText(255),
  perms: NullableText(255),
  // Enums keep `type: 'string'`: a number is coerced to its text and checked, as it always was.
  permsType: Type.Optional(Type.Enum(['1', '2'], { type: 'string' })),
  sortNo: Type.Optional(Type.Number({ minimum: -SORT_LIMIT, maximum: SORT_LIMIT })),
  alwaysShow: FLAG,
  icon: NullableText(100),
  /** is_route. */
  route: FLAG,
  /** is_leaf: accepted for the form's sake; the server keeps it from the real children. */
  leaf: FLAG,
  keepAlive: FLAG,
  hidden: FLAG,
  hideTab: FLAG,
  description: NullableText(DESCRIPTION_MAX),
  status: Type.Optional(Type.Enum(['0', '1'], { type: 'string' })),
  internalOrExternal: FLAG,
};

export const MENU_ADD_BODY = Type.Object(MENU_PROPERTIES);
export const MENU_EDIT_BODY = Type.Object({ id: ID_SCHEMA, ...MENU_PROPERTIES });

/**
 * A menu or button as add / edit (and import) take it: the add body, except that an imported
 * row's texts have met no schema, so `permsType` and `status` may be any text (`menuFields`
 * checks them for every caller).
 */
export type MenuInput = Omit<Static<typeof MENU_ADD_BODY>, 'permsType' | 'status'> & {
  readonly permsType?: string;
  readonly status?: string;
};

export const MSG_NAME_BAD = '菜单名称不能为空，最多100个字符';
export const MSG_TYPE_BAD = '菜单类型应为 0（一级菜单）、1（子菜单）或 2（按钮权限）';
export const MSG_PARENT_REQUIRED = '子菜单和按钮必须选择上级菜单';
export const MSG_URL_REQUIRED = '菜单路径不能为空';
export const MSG_COMPONENT_REQUIRED = '前端组件不能为空';
export const MSG_PERMS_REQUIRED = '按钮必须填写授权标识（权限编码）';
export const MSG_PERMS_BAD = '权限编码只能由字母、数字和 _ : . - 组成，多个用逗号分隔';
export const MSG_PERMS_TYPE_BAD = '权限策略应为 1（显示/隐藏）或 2（禁用）';
export const MSG_STATUS_BAD = '状态应为 1（启用）或 0（禁用）';
export const MSG_SORT_BAD = '排序应为数字';

type TextField =
  'parentId' | 'url' | 'component' | 'componentName' | 'redirect' | 'icon' | 'description';
type FlagField = 'alwaysShow' | 'keepAlive' | 'hidden' | 'hideTab' | 'internalOrExternal';

function optionalText(value: string | null | undefined, max: number, label: string) {
  const text = value?.trim() ?? '';
  if (text.length > max) throw failure(`${label}最多${max}个字符`);
  return text === '' ? null : text;
}

/**
 * The input (over `base`, the current row on edit: fields the request leaves out keep their
 * value) trimmed, defaulted and checked. A top menu has no parent.
 */
export function menuFields(input: MenuInput, base: MenuFields | null = null): MenuFields {
  /** The request's value, or the current one when the request leaves the field out. */
  const given = <K extends keyof MenuInput & keyof MenuFields>(key: K) =>
    input[key] !== undefined ? input[key] : base?.[key];
  const text = (key: TextField, max: number, label: string) => optionalText(given(key), max, label);

  const menuType = input.menuType;
  if (![MENU_TOP, MENU_SUB, MENU_BUTTON].includes(menuType)) throw failure(MSG_TYPE_BAD);
  const isButton = menuType === MENU_BUTTON;

  const name = (input.name ?? '').trim();
  if (name === '' || name.length > 100) throw failure(MSG_NAME_BAD);

  const parentId = menuType === MENU_TOP ? null : text('parentId', 36, '上级菜单');
  if (menuType !== MENU_TOP && !parentId) throw failure(MSG_PARENT_REQUIRED);

  const url = text('url', 255, '菜单路径');
  const component = text('component', 255, '前端组件');
  if (!isButton && !url) throw failure(MSG_URL_REQUIRED);
  const urlProblem = url ? menuUrlProblem(url) : null;
  if (urlProblem) throw failure(urlProblem);
  if (!isButton && !component) throw failure(MSG_COMPONENT_REQUIRED);

  const perms = optionalText(given('perms')?.replace(/\s*,\s*/g, ','), 255, '权限编码');
  if (isButton && !perms) throw failure(MSG_PERMS_REQUIRED);
  if (perms && !PERMS.test(perms)) throw failure(MSG_PERMS_BAD);

  const permsType = given('permsType') ?? '1';
  if (permsType !== '1' && permsType !== '2') throw failure(MSG_PERMS_TYPE_BAD);
  const status = given('status') ?? '1';
  if (status !== '0' && status !== '1') throw failure(MSG_STATUS_BAD);
  const sortNo = given('sortNo') ?? 0;
  if (typeof sortNo !== 'number' || !Number.isFinite(sortNo) || Math.abs(sortNo) > SORT_LIMIT) {
    throw failure(MSG_SORT_BAD);
  }

  const flag = (key: FlagField) => given(key) ?? false;
  return {
    parentId,
    name,
    url,
    component,
    componentName: text('componentName', 100, '组件名称'),
    redirect: text('redirect', 255, '重定向地址'),
    menuType,
    perms,
    permsType,
    sortNo,
    alwaysShow: flag('alwaysShow'),
    icon: text('icon', 100, '图标'),
    isRoute: input.route ?? base?.isRoute ?? !isButton,
    keepAlive: flag('keepAlive'),
    hidden: flag('hidden'),
    hideTab: flag('hideTab'),
    description: text('description', DESCRIPTION_MAX, '描述'),
    status,
    internalOrExternal: flag('internalOrExternal'),
  };
}
