import { useState } from 'react';
import { Alert, Button, Card, Form, Input, notification } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../router/guard';
import { useLogin } from '../../state/session-actions';
import { greeting } from '../../header/greeting';
import styles from './LoginPage.module.css';

interface LoginForm {
  readonly username: string;
  readonly password: string;
}

export default function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const user = await login({ username: values.username.trim(), password: values.password });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
      notification.success({
        message: '欢迎',
        description: `${greeting(new Date().getHours())}，${user.realname}，欢迎回来`,
        duration: 3,
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  return (
    <Card className={styles.card} variant="borderless">
      <h2 className={styles.title}>账号密码登录</h2>
      {error && <Alert className={styles.error} type="error" showIcon message={error} />}
      <Form<LoginForm> size="large" onFinish={onFinish} autoComplete="on" disabled={submitting}>
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
        >
          <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            autoComplete="current-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登 录
        </Button>
      </Form>
    </Card>
  );
}
