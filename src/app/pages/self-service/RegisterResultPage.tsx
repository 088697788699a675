import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import NotOpenPage from '../NotOpenPage';
import { ResultCard } from './ResultCard';

/** /user/register-result?username=: the account just registered, and the way to sign in. */
export default function RegisterResultPage() {
  const [params] = useSearchParams();
  const username = params.get('username');
  if (!username) return <NotOpenPage kind="register-result" />;
  return (
    <ResultCard>
      <Result
        status="success"
        title="注册成功"
        subTitle={`账户 ${username} 已注册，可以使用用户名或手机号登录。`}
        extra={
          <Link to="/user/login">
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    </ResultCard>
  );
}
