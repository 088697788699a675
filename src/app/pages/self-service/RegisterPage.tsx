import { Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { unwrap } from '../../../runtime/api';
import NotOpenPage from '../NotOpenPage';
import { useLoginOptions } from '../login/use-login-options';
import { useSignInApi } from '../login/use-sign-in-api';
import { SmsPasswordForm } from './SmsPasswordForm';

/** /user/register: only when the server has registration on (REGISTRATION=on). */
export default function RegisterPage() {
  const { options, loaded } = useLoginOptions();
  const api = useSignInApi();
  const navigate = useNavigate();
  if (!loaded) return <Spin />;
  if (!options?.register) return <NotOpenPage kind="register" />;
  return (
    <SmsPasswordForm
      kind="register"
      submit={async (values) => {
        const { username } = unwrap(
          await api.register({
            username: values.username.trim(),
            password: values.password,
            confirmPassword: values.confirmPassword,
            phone: values.phone.trim(),
            smscode: values.smscode.trim(),
          }),
        );
        navigate(`/user/register-result?username=${encodeURIComponent(username)}`, {
          replace: true,
        });
      }}
    />
  );
}
