import { Button } from 'antd';
import { Link } from 'react-router-dom';
import type { LoginOptions } from '../../../contracts/sign-in';
import styles from './LoginPage.module.css';

/**
 * What the login card offers besides the form, when switched on: 忘记密码, 注册账户 and one
 * button per single sign-on provider. Loaded only when one of them is on.
 */
export default function SignInExtras({
  options,
  redirect,
}: {
  readonly options: LoginOptions;
  readonly redirect: string | null;
}) {
  const back = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  const sso = options.oidc.length > 0 || options.cas !== null;
  return (
    <>
      {(options.reset || options.register) && (
        <div className={styles.links}>
          {options.reset ? <Link to="/user/alteration">忘记密码</Link> : <span />}
          {options.register && <Link to="/user/register">注册账户</Link>}
        </div>
      )}
      {sso && (
        <div className={styles.other}>
          其他登录方式
          <div className={styles.otherButtons}>
            {options.oidc.map((provider) => (
              <Button key={provider.type} href={`${provider.start}${back}`}>
                {provider.label}
              </Button>
            ))}
            {options.cas && <Button href={options.cas.loginUrl}>CAS 单点登录</Button>}
          </div>
        </div>
      )}
    </>
  );
}
