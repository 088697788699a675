import { lazy, Suspense, useState } from 'react';
import { App, Dropdown, type MenuProps } from 'antd';
import { ClearOutlined, LockOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { MSG_CACHE_REFRESHED, MSG_CACHE_REFRESH_FAILED } from '../../runtime/dictionaries';
import { useServices } from '../services';
import { userAtom } from '../state/atoms';
import { useLogout } from '../state/session-actions';
import { LOGIN_PATH } from '../router/guard';
import { greeting } from './greeting';
import { UserAvatar } from './UserAvatar';
import styles from './GlobalHeader.module.css';

// The password dialog (and the antd Form it uses) loads when it is first asked for.
const PasswordModal = lazy(() =>
  import('./PasswordModal').then((m) => ({ default: m.PasswordModal })),
);
// The settings drawer is a development preview: production builds leave it out entirely.
const SettingDrawer = import.meta.env.DEV ? lazy(() => import('../settings/SettingDrawer')) : null;

export function UserMenu({ desktop }: { readonly desktop: boolean }) {
  const user = useAtomValue(userAtom);
  const { dicts } = useServices();
  const { message, modal } = App.useApp();
  const logout = useLogout();
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const clearCache = async () => {
    try {
      await dicts.refresh();
      void message.success(MSG_CACHE_REFRESHED);
    } catch {
      void message.error(MSG_CACHE_REFRESH_FAILED);
    }
  };

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const failure = await logout(() => navigate(LOGIN_PATH, { replace: true }));
        if (failure) void message.error(failure);
      },
    });
  };

  const items: MenuProps['items'] = [
    {
      key: 'greeting',
      label: `${greeting(new Date().getHours())}，${user?.realname ?? ''}`,
      disabled: true,
    },
    { type: 'divider' },
    { key: 'password', icon: <LockOutlined />, label: '密码修改' },
    { key: 'cache', icon: <ClearOutlined />, label: '清理缓存' },
    ...(SettingDrawer ? [{ key: 'settings', icon: <SettingOutlined />, label: '系统设置' }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setPasswordOpen(true);
    else if (key === 'cache') void clearCache();
    else if (key === 'settings') setSettingsOpen(true);
    else if (key === 'logout') confirmLogout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
        <button type="button" className={styles.action} aria-label="用户菜单">
          <UserAvatar size="small" />
          {desktop && <span className={styles.welcome}>欢迎您，{user?.realname}</span>}
        </button>
      </Dropdown>
      {passwordOpen && (
        <Suspense fallback={null}>
          <PasswordModal open onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      {SettingDrawer && settingsOpen && (
        <Suspense fallback={null}>
          <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
