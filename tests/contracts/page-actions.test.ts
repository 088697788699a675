import { describe, expect, it } from 'vitest';
import type { ActionDefinition, PageDefinition } from '../../src/contracts/page';
import { checkPage } from '../../src/contracts/page-check';

const base = {
  schemaVersion: 2,
  code: 'demo_user',
  title: '用户管理',
  kind: 'list',
  api: { list: '/sys/user/list' },
  fields: [{ name: 'username', label: '账号', type: 'input' }],
} as const satisfies PageDefinition;

function problemsOf(definition: object): string[] {
  const checked = checkPage(definition);
  return checked.ok ? [] : checked.problems.map((p) => `${p.path} ${p.message}`);
}

const withRow = (...rowActions: object[]) => problemsOf({ ...base, rowActions });
const withToolbar = (...toolbar: object[]) => problemsOf({ ...base, toolbar });

describe('custom actions: params, rowParams, form, open', () => {
  it('accepts the shapes of the system screens', () => {
    const rowActions: ActionDefinition[] = [
      {
        key: 'freeze',
        label: '冻结',
        url: '/sys/user/frozenBatch',
        method: 'put',
        confirm: '确定冻结吗?',
        params: { status: '2', force: true, level: 1 },
        rowParams: { username: 'username' },
      },
      {
        key: 'password',
        label: '密码',
        url: '/sys/user/changePassword',
        method: 'put',
        rowParams: { username: 'username' },
        form: {
          title: '重置密码',
          width: 500,
          fields: [
            {
              name: 'password',
              label: '新密码',
              type: 'password',
              validateRules: [{ required: true }, { pattern: '^.{8,}$', message: '至少8位' }],
            },
            { name: 'confirmPassword', label: '确认密码', type: 'password' },
          ],
        },
      },
      {
        key: 'users',
        label: '用户',
        open: { page: 'sys_role_user', title: '角色用户', width: 1000, bind: { roleId: 'id' } },
      },
      { key: 'auth', label: '授权', open: { panel: 'roleAuth' } },
    ];
    const toolbar: ActionDefinition[] = [
      { key: 'add' },
      { key: 'sync', url: '/sys/user/sync', params: { all: true } },
      { key: 'recycle', label: '回收站', open: { page: 'sys_user_recycle' } },
    ];
    expect(problemsOf({ ...base, rowActions, toolbar })).toEqual([]);
  });

  it('open needs exactly one of page and panel', () => {
    expect(withRow({ key: 'x', open: { title: '空' } })).toEqual([
      '/rowActions/0/open 需要 page、panel 之一',
    ]);
    expect(withRow({ key: 'x', open: { page: 'sys_role', panel: 'roleAuth' } })).toEqual([
      '/rowActions/0/open page、panel 只能设置其中一个',
    ]);
  });

  it('open.page is a page code and open.panel a panel name', () => {
    expect(withRow({ key: 'x', open: { page: 'Sys-Role' } })).toEqual([
      '/rowActions/0/open/page 应当匹配模式 "^[a-z][a-z0-9_]{1,63}$"',
    ]);
    expect(withRow({ key: 'x', open: { panel: '授权' } })[0]).toMatch(
      /^\/rowActions\/0\/open\/panel /,
    );
    expect(withRow({ key: 'x', open: { panel: 'role-auth_2' } })).toEqual([]);
  });

  it('refuses unknown properties and odd values', () => {
    expect(withRow({ key: 'x', open: { page: 'sys_role', drawer: true } })).toEqual([
      '/rowActions/0/open/drawer 不认识的属性 drawer',
    ]);
    expect(withRow({ key: 'x', url: '/x', params: { status: ['1'] } })).toEqual([
      '/rowActions/0/params/status 应当是 string,number,boolean 类型',
    ]);
    expect(withRow({ key: 'x', url: '/x', params: { 'bad-name': '1' } })[0]).toMatch(
      /^\/rowActions\/0\/params\/bad-name 名称 bad-name 不合法/,
    );
    expect(withRow({ key: 'x', url: '/x', rowParams: { username: 'user name' } })[0]).toMatch(
      /^\/rowActions\/0\/rowParams\/username /,
    );
    expect(withRow({ key: 'x', url: '/x', form: { fields: [] } })).toEqual([
      '/rowActions/0/form/fields 不应少于 1 个项',
    ]);
    expect(withRow({ key: 'x', url: '/x', form: { title: '无字段' } })).toEqual([
      '/rowActions/0/form/fields 缺少必需的属性 fields',
    ]);
  });

  it('an action has at most one of url and open', () => {
    expect(withRow({ key: 'x', url: '/x', open: { panel: 'roleAuth' } })).toEqual([
      '/rowActions/0/open url 和 open 只能设置其中一个',
    ]);
  });

  it('params, rowParams and form need a url', () => {
    expect(
      withRow({
        key: 'x',
        open: { panel: 'roleAuth' },
        params: { a: 1 },
        rowParams: { b: 'b' },
        form: { fields: [{ name: 'c', label: 'C', type: 'input' }] },
      }),
    ).toEqual([
      '/rowActions/0/params params 只用于设置了 url 的按钮',
      '/rowActions/0/rowParams rowParams 只用于设置了 url 的按钮',
      '/rowActions/0/form form 只用于设置了 url 的按钮',
    ]);
  });

  it('rowParams and open.bind only on row actions', () => {
    expect(withToolbar({ key: 'x', url: '/x', rowParams: { username: 'username' } })).toEqual([
      '/toolbar/0/rowParams rowParams 只能用于行按钮（rowActions）',
    ]);
    expect(withToolbar({ key: 'x', open: { page: 'sys_role', bind: { roleId: 'id' } } })).toEqual([
      '/toolbar/0/open/bind bind 只能用于行按钮（rowActions）',
    ]);
  });

  it('built-in buttons take none of the custom properties', () => {
    expect(withRow({ key: 'detail', label: '字典项', open: { page: 'sys_dict_item' } })).toEqual([
      '/rowActions/0/open 内置按钮 detail 不能设置 open；自定义按钮请换一个 key',
    ]);
    expect(withToolbar({ key: 'add', params: { a: 1 } })).toEqual([
      '/toolbar/0/params 内置按钮 add 不能设置 params；自定义按钮请换一个 key',
    ]);
    // `add` is built in on the toolbar only: on a row it is a custom key.
    expect(withRow({ key: 'add', url: '/x', params: { a: 1 } })).toEqual([]);
  });

  it('form fields get the checks of page fields', () => {
    expect(
      withRow({
        key: 'x',
        url: '/x',
        form: {
          fields: [
            { name: 'password', label: '新密码', type: 'input', validateRules: [{ pattern: '(' }] },
            { name: 'password', label: '确认密码', type: 'input', colour: 'red' },
          ],
        },
      }),
    ).toEqual(['/rowActions/0/form/fields/1/colour 不认识的属性 colour']);
    expect(
      withRow({
        key: 'x',
        url: '/x',
        form: {
          fields: [
            { name: 'password', label: '新密码', type: 'input', validateRules: [{ pattern: '(' }] },
            { name: 'password', label: '确认密码', type: 'input' },
          ],
        },
      }),
    ).toEqual([
      '/rowActions/0/form/fields/0/validateRules/0/pattern 不是预置规则，也不是合法的正则表达式：(',
      '/rowActions/0/form/fields/1/name 字段名 password 与第 1 个字段重复',
    ]);
  });

  it('a parameter name comes from one place only', () => {
    expect(
      withRow({
        key: 'x',
        url: '/x',
        rowParams: { username: 'username' },
        params: { username: 'admin', status: '1' },
        form: { fields: [{ name: 'status', label: '状态', type: 'input' }] },
      }),
    ).toEqual([
      '/rowActions/0/params/username 参数 username 已由 rowParams 提供，不能重复',
      '/rowActions/0/params/status 参数 status 已由 form.fields 提供，不能重复',
    ]);
  });
});

describe('tree.childrenParam', () => {
  const tree = { ...base, kind: 'tree-list' };

  it('is a field-like name', () => {
    expect(problemsOf({ ...tree, tree: { childrenParam: 'parentId' } })).toEqual([]);
    expect(problemsOf({ ...tree, tree: { childrenParam: 'parent id' } })[0]).toMatch(
      /^\/tree\/childrenParam /,
    );
  });
});

describe('validation rules: exactly one kind per rule', () => {
  it('says which kinds clash, or that one is missing', () => {
    expect(
      problemsOf({
        ...base,
        fields: [
          {
            name: 'a',
            label: 'A',
            type: 'input',
            validateRules: [{ message: '只有提示' }, { required: true, unique: true }],
          },
        ],
      }),
    ).toEqual([
      '/fields/0/validateRules/0 需要 required、pattern、unique、checkRule 之一',
      '/fields/0/validateRules/1 required、unique 只能设置其中一个',
    ]);
  });
});
