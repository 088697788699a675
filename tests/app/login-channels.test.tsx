import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { App, createAppStore } from '../../src/app/App';
import type { PermissionPayload } from '../../src/contracts/permission';
import type { LoginResult } from '../../src/contracts/session';
import type { ChannelLoginResult, LoginOptions } from '../../src/contracts/sign-in';
import { envelope, failure, type Reply, userInfo } from '../runtime/fakes';
import { meta } from './router/menu-fixture';
import { createTestServices } from './test-services';

/** The login screen's other ways in (issue 24), against a fake server that says what is on. */

const ALL_ON: LoginOptions = {
  phone: true,
  register: true,
  reset: true,
  oidc: [{ type: 'oidc_corp', label: '企业账号', start: '/system/sys/thirdLogin/oidc/corp/start' }],
  cas: { loginUrl: 'https://cas.example.com/cas/login?service=x' },
};

const permissions: PermissionPayload = {
  menu: [
    {
      id: 'home',
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      route: '1',
      meta: meta('首页'),
    },
  ],
  auth: [],
  allAuth: [],
};

const session: LoginResult = {
  tokenValue: 'tok-9',
  sessionTimeout: 3600,
  publicKey: '',
  privateKey: '',
};
const channel: ChannelLoginResult = {
  ...session,
  token: 'tok-9',
  userInfo: { username: 'admin', realname: '管理员', avatar: null },
};

function backend(options: LoginOptions | null) {
  return (config: InternalAxiosRequestConfig): Reply => {
    const url = config.url ?? '';
    const body = () => JSON.parse(String(config.data ?? '{}')) as Record<string, unknown>;
    if (url === '/sys/loginOptions') return { status: 200, data: envelope(options ?? {}) };
    if (url === '/sys/sms')
      return { status: 200, data: envelope(null, { message: '验证码已发送' }) };
    if (url === '/sys/phoneLogin') {
      return body().captcha === '654321'
        ? { status: 200, data: envelope(channel) }
        : { status: 200, data: failure(500, '验证码错误') };
    }
    if (url.startsWith('/sys/thirdLogin/getLoginUser/')) {
      return url.endsWith('/good/oidc_corp')
        ? { status: 200, data: envelope(channel) }
        : { status: 200, data: failure(500, '登录凭证无效或已过期，请重新登录') };
    }
    if (url === '/sys/cas/client/validateLogin') return { status: 200, data: envelope(channel) };
    if (url === '/sys/user/register') {
      return {
        status: 200,
        data: envelope({ username: body().username }, { message: '注册成功' }),
      };
    }
    if (url === '/module/default/member/admin/user-info') {
      return { status: 200, data: envelope(userInfo()) };
    }
    if (url === '/sys/permission/getUserPermissionByToken') {
      return { status: 200, data: envelope(permissions) };
    }
    return { status: 200, data: envelope({}) };
  };
}

function renderApp(path: string, options: LoginOptions | null = ALL_ON) {
  window.history.replaceState(null, '', path);
  const harness = createTestServices(backend(options));
  const store = createAppStore(harness.services);
  render(<App services={harness.services} store={store} />);
  return { ...harness, user: userEvent.setup({ delay: null }) };
}

const here = () => window.location.pathname + window.location.search;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

beforeAll(async () => {
  await Promise.all([
    import('../../src/app/layouts/UserLayout'),
    import('../../src/app/pages/login/LoginPage'),
    import('../../src/app/pages/login/PhoneLoginForm'),
    import('../../src/app/pages/login/SignInExtras'),
    import('../../src/app/pages/self-service/RegisterPage'),
    import('../../src/app/layouts/MainLayout'),
  ]);
});

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('login screen: other ways in', { timeout: 20_000 }, () => {
  it('offers only the password form when nothing else is on', async () => {
    renderApp('/user/login', null);
    expect(await screen.findByRole('heading', { name: '账号密码登录' })).toBeTruthy();
    await settle();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('忘记密码')).toBeNull();
    expect(screen.queryByText('其他登录方式')).toBeNull();
  });

  it('checks the number, asks for a code, counts down, and signs in by phone', async () => {
    const { user, server } = renderApp('/user/login?redirect=%2Fdashboard%2Fanalysis');
    await user.click(await screen.findByRole('tab', { name: '手机号登录' }));
    const ask = await screen.findByRole('button', { name: '获取验证码' });
    await user.click(ask);
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('手机号'), '1234');
    await user.click(ask);
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(server.requests.some((r) => r.url === '/sys/sms')).toBe(false);

    await user.clear(screen.getByPlaceholderText('手机号'));
    await user.type(screen.getByPlaceholderText('手机号'), '13900001111');
    await user.click(ask);
    // 60 seconds from the answer, one a second.
    await waitFor(() => expect(document.body.textContent).toContain('秒后重发'));
    const countdown = screen.getByText(/^\d+秒后重发$/).closest('button')!;
    const left = Number(/^(\d+)/.exec(countdown.textContent ?? '')![1]);
    expect(left).toBeGreaterThanOrEqual(55);
    expect(left).toBeLessThanOrEqual(60);
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    const sms = server.requests.find((r) => r.url === '/sys/sms');
    expect(JSON.parse(String(sms?.data))).toEqual({ mobile: '13900001111', smsmode: 0 });
    expect(screen.getByText('验证码已发送')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('验证码'), '111111');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await user.clear(screen.getByPlaceholderText('验证码'));
    await user.type(screen.getByPlaceholderText('验证码'), '654321');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(here()).toBe('/dashboard/analysis'));
  });

  it('links 忘记密码 and 注册账户, and one button per single sign-on way keeping the redirect', async () => {
    renderApp('/user/login?redirect=%2Fx%3Fa%3D1');
    expect((await screen.findByText('忘记密码')).closest('a')?.getAttribute('href')).toBe(
      '/user/alteration',
    );
    expect(screen.getByText('注册账户').closest('a')?.getAttribute('href')).toBe('/user/register');
    const corp = screen.getByText('企业账号').closest('a');
    expect(corp?.getAttribute('href')).toBe(
      '/system/sys/thirdLogin/oidc/corp/start?redirect=%2Fx%3Fa%3D1',
    );
    expect(screen.getByText('CAS 单点登录').closest('a')?.getAttribute('href')).toBe(
      ALL_ON.cas!.loginUrl,
    );
  });

  it('finishes an OIDC sign-in from its one-time token, and shows a refused one', async () => {
    const { server } = renderApp(
      '/user/login?thirdToken=good&thirdType=oidc_corp&redirect=%2Fdashboard%2Fanalysis',
    );
    await waitFor(() => expect(here()).toBe('/dashboard/analysis'));
    expect(server.requests.map((r) => r.url)).toContain(
      '/sys/thirdLogin/getLoginUser/good/oidc_corp',
    );
  });

  it('shows why a single sign-on was refused', async () => {
    renderApp('/user/login?thirdToken=spent&thirdType=oidc_corp');
    expect(await screen.findByText('登录凭证无效或已过期，请重新登录')).toBeTruthy();
    renderApp(`/user/login?thirdError=${encodeURIComponent('该账号未绑定系统用户')}`);
    expect(await screen.findByText('该账号未绑定系统用户')).toBeTruthy();
  });

  it('validates a CAS ticket for this page as the service', async () => {
    const { server } = renderApp('/user/login?ticket=ST-1-abc');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/analysis'));
    const validate = server.requests.find((r) => r.url === '/sys/cas/client/validateLogin');
    expect(validate?.params).toMatchObject({
      ticket: 'ST-1-abc',
      service: `${window.location.origin}/user/login`,
    });
  });
});

describe('registration', { timeout: 20_000 }, () => {
  it('is not open unless the server says so', async () => {
    renderApp('/user/register', null);
    expect(await screen.findByText('暂未开放自助注册')).toBeTruthy();
  });

  it('checks the form, then registers and shows the result', async () => {
    const { user, server } = renderApp('/user/register');
    const submit = await screen.findByRole('button', { name: /注\s*册/ });
    await user.click(submit);
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(screen.getByText('密码须为8到64位，且同时包含字母和数字')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('用户名'), 'newbie');
    await user.type(screen.getByPlaceholderText('手机号'), '13900002222');
    await user.type(screen.getByPlaceholderText('验证码'), '123456');
    await user.type(screen.getByPlaceholderText(/^密码/), 'abc12345');
    await user.type(screen.getByPlaceholderText('确认密码'), 'abc12346');
    await user.click(submit);
    expect(await screen.findByText('两次输入密码不一致!')).toBeTruthy();
    await user.clear(screen.getByPlaceholderText('确认密码'));
    await user.type(screen.getByPlaceholderText('确认密码'), 'abc12345');
    await user.click(submit);
    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(here()).toBe('/user/register-result?username=newbie');
    const sent = server.requests.find((r) => r.url === '/sys/user/register');
    expect(JSON.parse(String(sent?.data))).toMatchObject({
      username: 'newbie',
      phone: '13900002222',
      smscode: '123456',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
  });
});
