import { useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { MSG_RESET_DONE } from '../../../contracts/sign-in';
import { unwrap } from '../../../runtime/api';
import NotOpenPage from '../NotOpenPage';
import { useLoginOptions } from '../login/use-login-options';
import { useSignInApi } from '../login/use-sign-in-api';
import { SmsPasswordForm } from './SmsPasswordForm';
import { ResultCard } from './ResultCard';

/** /user/alteration: a new password by phone + SMS code (when an SMS provider is set). */
export default function AlterationPage() {
  const { options, loaded } = useLoginOptions();
  const api = useSignInApi();
  const [done, setDone] = useState(false);
  if (!loaded) return <Spin />;
  if (!options?.reset) return <NotOpenPage kind="alteration" />;
  if (done) {
    return (
      <ResultCard>
        <Result
          status="success"
          title={MSG_RESET_DONE}
          subTitle="该账号的所有登录会话已退出。"
          extra={
            <Link to="/user/login">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      </ResultCard>
    );
  }
  return (
    <SmsPasswordForm
      kind="alteration"
      submit={async (values) => {
        unwrap(
          await api.passwordChange({
            phone: values.phone.trim(),
            smscode: values.smscode.trim(),
            password: values.password,
            confirmPassword: values.confirmPassword,
          }),
        );
        setDone(true);
      }}
    />
  );
}
