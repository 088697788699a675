import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { createStore } from 'jotai';
import { createAppStore } from '../../../src/app/App';
import { PasswordModal } from '../../../src/app/header/PasswordModal';
import type { UserInfo } from '../../../src/contracts/session';
import { envelope, type Responder, userInfo } from '../../runtime/fakes';
import { Providers, createTestServices } from '../test-services';

const admin: UserInfo = userInfo();

const ok: Responder = () => ({ status: 200, data: envelope(null, { message: '密码修改成功！' }) });

function renderModal({ user = admin as UserInfo | null, responder = ok } = {}) {
  const { services, server } = createTestServices(responder);
  if (user) services.session.setUser(user);
  const store: ReturnType<typeof createStore> = createAppStore(services);
  const onClose = vi.fn();
  render(
    <Providers services={services} store={store}>
      <PasswordModal open onClose={onClose} />
    </Providers>,
  );
  return { server, onClose, user: userEvent.setup({ delay: null }) };
}

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('PasswordModal (shell.md §5)', () => {
  it('asks for each field on an empty submit', async () => {
    const { user, server } = renderModal();
    await user.click(okButton());
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(await screen.findByText('请输入新密码!')).toBeTruthy();
    expect(await screen.findByText('请确认新密码!')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const { user, server } = renderModal();
    await user.type(screen.getByPlaceholderText('请输入旧密码'), 'old-pass');
    await user.type(screen.getByPlaceholderText('新密码'), 'new-pass-1');
    await user.type(screen.getByPlaceholderText('请确认新密码'), 'new-pass-2');
    await user.click(okButton());
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('warns 当前系统无登录用户! when nobody is signed in', async () => {
    const { user, server } = renderModal({ user: null });
    await user.type(screen.getByPlaceholderText('请输入旧密码'), 'old-pass');
    await user.type(screen.getByPlaceholderText('新密码'), 'new-pass');
    await user.type(screen.getByPlaceholderText('请确认新密码'), 'new-pass');
    await user.click(okButton());
    expect(await screen.findByText('当前系统无登录用户!')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('sends username, old and new password, shows the server message and closes', async () => {
    const { user, server, onClose } = renderModal();
    await user.type(screen.getByPlaceholderText('请输入旧密码'), 'old-pass');
    await user.type(screen.getByPlaceholderText('新密码'), 'new-pass');
    await user.type(screen.getByPlaceholderText('请确认新密码'), 'new-pass');
    await user.click(okButton());
    expect(await screen.findByText('密码修改成功！')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // A safe call first asks whether security mode is on (shell.md §4); then the one change.
    const changes = server.requests.filter((r) => r.url === '/sys/user/updatePassword');
    expect(server.requests.map((r) => r.url)).toEqual([
      '/module/default/security/admin/nl/verify',
      '/sys/user/updatePassword',
    ]);
    const request = changes[0];
    expect(request?.method).toBe('post');
    expect(JSON.parse(String(request?.data))).toEqual({
      username: 'admin',
      oldpassword: 'old-pass',
      password: 'new-pass',
      confirmpassword: 'new-pass',
    });
  });

  it('shows the server refusal and stays open', async () => {
    const { user, onClose } = renderModal({
      responder: () => ({
        status: 200,
        data: envelope(null, { success: false, code: 500, message: '旧密码输入错误' }),
      }),
    });
    await user.type(screen.getByPlaceholderText('请输入旧密码'), 'wrong');
    await user.type(screen.getByPlaceholderText('新密码'), 'new-pass');
    await user.type(screen.getByPlaceholderText('请确认新密码'), 'new-pass');
    await user.click(okButton());
    expect(await screen.findByText('旧密码输入错误')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
