import { Suspense, lazy, useCallback, useState, type FormEvent } from 'react';
import { Alert, Button, Spin } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../router/guard';
import { useLogin } from '../../state/session-actions';
import type { LoginOptions } from '../../../contracts/sign-in';
import styles from './LoginPage.module.css';
import { TextField } from './TextField';
import { useLoginOptions } from './use-login-options';
import { useSsoFinish } from './use-sso-finish';

// The other ways in load only when the server has switched them on.
const PhoneLoginForm = lazy(() => import('./PhoneLoginForm'));
const SignInExtras = lazy(() => import('./SignInExtras'));

type Tab = 'password' | 'phone';

/** Whether the card shows anything besides the password form. */
function hasExtras(options: LoginOptions): boolean {
  return options.reset || options.register || options.oidc.length > 0 || options.cas !== null;
}

export const MSG_USERNAME_REQUIRED = '请输入账号';
export const MSG_PASSWORD_REQUIRED = '请输入密码';

interface Errors {
  readonly username?: string;
  readonly password?: string;
}

/**
 * The login form. Plain inputs instead of antd Form/Card keep the login route small
 * (those two pull in the form engine, tabs, menus and dropdowns).
 */
export default function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { options } = useLoginOptions();
  const [tab, setTab] = useState<Tab>('password');
  const redirect = params.get('redirect');
  const enter = useCallback(
    () => navigate(safeRedirect(redirect), { replace: true }),
    [navigate, redirect],
  );
  const sso = useSsoFinish(params, enter);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      ...(username.trim() ? {} : { username: MSG_USERNAME_REQUIRED }),
      ...(password ? {} : { password: MSG_PASSWORD_REQUIRED }),
    };
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await login({ username: username.trim(), password });
      enter();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  if (sso.working) {
    return (
      <div className={styles.card} role="status">
        <Spin /> 正在登录…
      </div>
    );
  }

  const phone = options?.phone === true;
  const shownFailure = failure ?? sso.failure;
  return (
    <div className={styles.card}>
      {phone ? (
        <div className={styles.tabs} role="tablist">
          {(['password', 'phone'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`${styles.tab} ${tab === key ? styles.tabActive : ''}`}
              onClick={() => setTab(key)}
            >
              {key === 'password' ? '账号密码登录' : '手机号登录'}
            </button>
          ))}
        </div>
      ) : (
        <h2 className={styles.title}>账号密码登录</h2>
      )}
      {tab === 'phone' && phone ? (
        <Suspense fallback={<Spin />}>
          <PhoneLoginForm onSignedIn={enter} />
        </Suspense>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="账号密码登录">
          {shownFailure && (
            <Alert className={styles.failure} type="error" showIcon message={shownFailure} />
          )}
          <TextField
            id="username"
            placeholder="账号"
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            value={username}
            error={errors.username}
            disabled={submitting}
            onChange={setUsername}
          />
          <TextField
            id="password"
            password
            placeholder="密码"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={password}
            error={errors.password}
            disabled={submitting}
            onChange={setPassword}
          />
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            登 录
          </Button>
        </form>
      )}
      {options && hasExtras(options) && (
        <Suspense fallback={null}>
          <SignInExtras options={options} redirect={redirect} />
        </Suspense>
      )}
    </div>
  );
}
