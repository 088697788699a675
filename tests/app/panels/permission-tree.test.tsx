import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { RolePermissionPanel } from '../../../src/app/panels/permission-tree/owner-panels';
import { envelope, failure, type Responder } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';

const TREE = {
  treeList: [
    {
      key: 'system',
      title: '系统管理',
      parentId: null,
      menuType: 0,
      children: [
        {
          key: 'user',
          title: '用户管理',
          parentId: 'system',
          menuType: 1,
          ruleFlag: 1,
          children: [
            {
              key: 'user:add',
              title: '添加',
              parentId: 'user',
              menuType: 2,
              perms: 'user:add',
              status: '1',
            },
            {
              key: 'user:edit',
              title: '编辑',
              parentId: 'user',
              menuType: 2,
              perms: 'user:edit',
              status: '0',
            },
          ],
        },
      ],
    },
    { key: 'home', title: '首页', parentId: null, menuType: 0 },
  ],
  ids: ['system', 'user', 'user:add', 'user:edit', 'home'],
};

function setup(overrides: Partial<Record<string, () => unknown>> = {}) {
  const responder: Responder = (config) => {
    const route = `${config.method} ${config.url}`;
    const custom = overrides[route];
    if (custom) return { status: 200, data: custom() };
    switch (route) {
      case 'get /sys/role/queryTreeList':
        return { status: 200, data: envelope(TREE) };
      case 'get /sys/permission/queryRolePermission':
        return { status: 200, data: envelope(['home']) };
      case 'post /sys/permission/saveRolePermission':
        return { status: 200, data: envelope(null, { message: '保存成功！' }) };
      case 'get /sys/role/datarule/user/r1':
        return {
          status: 200,
          data: envelope({
            datarule: [
              {
                id: 'rule1',
                ruleName: '仅本人',
                ruleColumn: 'username',
                ruleConditions: '=',
                ruleValue: '#{sys_user_code}',
              },
            ],
            drChecked: '',
          }),
        };
      case 'post /sys/role/datarule':
        return { status: 200, data: envelope(null, { message: '保存成功！' }) };
      default:
        return { status: 404, data: failure(404, route) };
    }
  };
  const harness = createTestServices(responder);
  const onClose = vi.fn();
  const onChanged = vi.fn();
  render(
    <Providers services={harness.services} store={createStore()}>
      <RolePermissionPanel
        row={{ id: 'r1', roleName: '财务' }}
        bound={{}}
        onClose={onClose}
        onChanged={onChanged}
      />
    </Providers>,
  );
  const body = (method: string, url: string) =>
    harness.server.requests
      .filter((r) => r.method === method && r.url === url)
      .map((r) => JSON.parse(String(r.data)) as Record<string, string>);
  return { ...harness, onClose, onChanged, body };
}

function checkboxOf(title: string): HTMLElement {
  const node = screen.getByText(title).closest('.ant-tree-treenode');
  const box = node?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${title}`);
  return box;
}

const isTicked = (title: string) =>
  checkboxOf(title).classList.contains('ant-tree-checkbox-checked');

describe('授权 panel', () => {
  it('shows what the role holds, marks buttons and disabled ones, and saves the difference', async () => {
    const { body, onChanged, onClose } = setup();
    await screen.findByText('首页');
    expect(screen.getByText(/为 角色「财务」/)).toBeTruthy();
    expect(isTicked('首页')).toBe(true);
    expect(isTicked('系统管理')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    await screen.findByText('添加');
    expect(screen.getAllByText('按钮')).toHaveLength(2);
    expect(screen.getByText('已停用')).toBeTruthy();
    // Buttons show their code: every screen has its own 添加.
    expect(screen.getByText('user:add')).toBeTruthy();

    fireEvent.click(checkboxOf('添加'));
    expect(isTicked('添加')).toBe(true);
    expect(isTicked('用户管理')).toBe(true);
    expect(isTicked('编辑')).toBe(false);
    expect(screen.getByText('有未保存的修改')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /仅保存/ }));
    await waitFor(() => expect(body('post', '/sys/permission/saveRolePermission')).toHaveLength(1));
    const sent = body('post', '/sys/permission/saveRolePermission')[0]!;
    expect(sent.roleId).toBe('r1');
    expect(sent.permissionIds.split(',').sort()).toEqual(['home', 'system', 'user', 'user:add']);
    expect(sent.lastpermissionIds).toBe('home');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());

    // The next save is a difference from what was just saved.
    fireEvent.click(checkboxOf('添加'));
    fireEvent.click(screen.getByRole('button', { name: /保存并关闭/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const second = body('post', '/sys/permission/saveRolePermission')[1]!;
    expect(second.lastpermissionIds.split(',').sort()).toEqual([
      'home',
      'system',
      'user',
      'user:add',
    ]);
    expect(second.permissionIds.split(',').sort()).toEqual(['home', 'system', 'user']);
  });

  it('with 父子关联 off, a tick changes one node', async () => {
    setup();
    await screen.findByText('首页');
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    fireEvent.click(screen.getByRole('switch', { name: '父子关联' }));
    fireEvent.click(checkboxOf('用户管理'));
    expect(isTicked('用户管理')).toBe(true);
    expect(isTicked('系统管理')).toBe(false);
    expect(isTicked('添加')).toBe(false);
  });

  it('keeps the ticks when the server refuses the save', async () => {
    const { onChanged } = setup({
      'post /sys/permission/saveRolePermission': () => failure(500, '要授予的权限不存在或已删除'),
    });
    await screen.findByText('首页');
    fireEvent.click(checkboxOf('系统管理'));
    fireEvent.click(screen.getByRole('button', { name: /保存并关闭/ }));
    await screen.findByText('要授予的权限不存在或已删除');
    expect(isTicked('系统管理')).toBe(true);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('chooses data rules of a menu once the menu is granted', async () => {
    const { body } = setup();
    await screen.findByText('首页');
    fireEvent.click(screen.getByText('数据规则'));
    await screen.findByText('仅本人');
    expect(screen.getByText('请先勾选该菜单并保存授权，再选择数据规则')).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存规则' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(checkboxOf('用户管理'));
    fireEvent.click(screen.getByRole('button', { name: /仅保存/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '保存规则' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /仅本人/ }));
    fireEvent.click(screen.getByRole('button', { name: '保存规则' }));
    await waitFor(() => expect(body('post', '/sys/role/datarule')).toHaveLength(1));
    expect(body('post', '/sys/role/datarule')[0]).toEqual({
      roleId: 'r1',
      permissionId: 'user',
      dataRuleIds: 'rule1',
    });
  });

  it('says so when the tree cannot be loaded, and retries', async () => {
    let calls = 0;
    setup({
      'get /sys/role/queryTreeList': () =>
        ++calls === 1 ? failure(510, '没有权限，请联系管理员授权') : envelope(TREE),
    });
    await screen.findByText('权限树加载失败');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await screen.findByText('首页');
  });
});
