import { useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { MSG_SMS_CODE_REQUIRED, MSG_SMS_SENT, SMS_MODE_LOGIN } from '../../../contracts/sign-in';
import { unwrap } from '../../../runtime/api';
import { useServices } from '../../services';
import { useFinishLogin } from '../../state/session-actions';
import styles from './LoginPage.module.css';
import { SmsCodeButton, mobileProblem } from './SmsCodeButton';
import { TextField } from './TextField';
import { useSignInApi } from './use-sign-in-api';

interface Errors {
  readonly mobile?: string;
  readonly captcha?: string;
}

/** 手机号登录: the number, a code sent to it, 登 录. Loaded only when SMS is switched on. */
export default function PhoneLoginForm({ onSignedIn }: { readonly onSignedIn: () => void }) {
  const api = useSignInApi();
  const { certificate } = useServices();
  const finish = useFinishLogin();
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      ...(mobileProblem(mobile) ? { mobile: mobileProblem(mobile)! } : {}),
      ...(captcha.trim() ? {} : { captcha: MSG_SMS_CODE_REQUIRED }),
    };
    setErrors(found);
    if (found.mobile || found.captcha) return;
    setSubmitting(true);
    setFailure(null);
    setNotice(null);
    try {
      const pem = certificate.get();
      const request = { mobile: mobile.trim(), captcha: captcha.trim() };
      await finish(unwrap(await api.phoneLogin(pem ? { ...request, certificate: pem } : request)));
      onSignedIn();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="手机号登录">
      {failure && <Alert className={styles.failure} type="error" showIcon message={failure} />}
      {notice && <Alert className={styles.failure} type="success" showIcon message={notice} />}
      <TextField
        id="mobile"
        placeholder="手机号"
        prefix={<MobileOutlined />}
        autoComplete="tel"
        inputMode="numeric"
        maxLength={11}
        value={mobile}
        error={errors.mobile}
        disabled={submitting}
        onChange={setMobile}
      />
      <TextField
        id="captcha"
        placeholder="验证码"
        prefix={<MailOutlined />}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        value={captcha}
        error={errors.captcha}
        disabled={submitting}
        onChange={setCaptcha}
        addon={
          <SmsCodeButton
            mobile={mobile}
            mode={SMS_MODE_LOGIN}
            disabled={submitting}
            onResult={(problem, field) => {
              if (field === 'mobile') return setErrors({ ...errors, mobile: problem ?? undefined });
              setErrors({ ...errors, mobile: undefined });
              setFailure(problem);
              setNotice(problem ? null : MSG_SMS_SENT);
            }}
          />
        }
      />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登 录
      </Button>
    </form>
  );
}
