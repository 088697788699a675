import { useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../router/guard';
import { useLogin } from '../../state/session-actions';
import styles from './LoginPage.module.css';

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
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2 className={styles.title}>账号密码登录</h2>
      {failure && <Alert className={styles.failure} type="error" showIcon message={failure} />}
      <div className={styles.field}>
        <Input
          id="username"
          size="large"
          prefix={<UserOutlined />}
          placeholder="账号"
          autoComplete="username"
          autoFocus
          value={username}
          status={errors.username ? 'error' : ''}
          disabled={submitting}
          aria-invalid={Boolean(errors.username)}
          onChange={(e) => setUsername(e.target.value)}
        />
        <div className={styles.error} role="alert">
          {errors.username}
        </div>
      </div>
      <div className={styles.field}>
        <Input.Password
          id="password"
          size="large"
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
          value={password}
          status={errors.password ? 'error' : ''}
          disabled={submitting}
          aria-invalid={Boolean(errors.password)}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.error} role="alert">
          {errors.password}
        </div>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登 录
      </Button>
    </form>
  );
}
