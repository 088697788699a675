import { useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import {
  MSG_PASSWORDS_DIFFER,
  MSG_PASSWORD_WEAK,
  MSG_SMS_CODE_REQUIRED,
  MSG_SMS_SENT,
  SMS_MODE_REGISTER,
  SMS_MODE_RESET,
  passwordStrong,
} from '../../../contracts/sign-in';
import styles from '../login/LoginPage.module.css';
import { SmsCodeButton, mobileProblem } from '../login/SmsCodeButton';
import { TextField } from '../login/TextField';

export const MSG_USERNAME_REQUIRED = '请输入用户名';

export interface SmsPasswordValues {
  readonly username: string;
  readonly phone: string;
  readonly smscode: string;
  readonly password: string;
  readonly confirmPassword: string;
}

type Field = keyof SmsPasswordValues;
type Errors = Partial<Record<Field, string>>;

const EMPTY: SmsPasswordValues = {
  username: '',
  phone: '',
  smscode: '',
  password: '',
  confirmPassword: '',
};

/** The checks that need no server; the server makes them again. */
export function problemsOf(values: SmsPasswordValues, withUsername: boolean): Errors {
  const errors: Errors = {};
  if (withUsername && !values.username.trim()) errors.username = MSG_USERNAME_REQUIRED;
  const phone = mobileProblem(values.phone);
  if (phone) errors.phone = phone;
  if (!values.smscode.trim()) errors.smscode = MSG_SMS_CODE_REQUIRED;
  if (!passwordStrong(values.password)) errors.password = MSG_PASSWORD_WEAK;
  if (values.password !== values.confirmPassword) errors.confirmPassword = MSG_PASSWORDS_DIFFER;
  return errors;
}

interface Props {
  readonly kind: 'register' | 'alteration';
  /** Sends the form; throws the server's message. */
  readonly submit: (values: SmsPasswordValues) => Promise<void>;
}

/**
 * Registration (username, password twice, phone + code) and the password reset (phone + code,
 * new password twice): one form, the username only when registering.
 */
export function SmsPasswordForm({ kind, submit }: Props) {
  const registering = kind === 'register';
  const [values, setValues] = useState<SmsPasswordValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(values, registering);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setFailure(null);
    setNotice(null);
    try {
      await submit(values);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  const field = (
    name: Field,
    placeholder: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={name}
      placeholder={placeholder}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      disabled={submitting}
      {...extra}
    />
  );

  return (
    <form className={styles.card} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2 className={styles.title}>{registering ? '注册账户' : '找回密码'}</h2>
      {failure && <Alert className={styles.failure} type="error" showIcon message={failure} />}
      {notice && <Alert className={styles.failure} type="success" showIcon message={notice} />}
      {registering &&
        field('username', '用户名', {
          prefix: <UserOutlined />,
          autoComplete: 'username',
          maxLength: 100,
        })}
      {field('phone', '手机号', { prefix: <MobileOutlined />, autoComplete: 'tel', maxLength: 11 })}
      {field('smscode', '验证码', {
        prefix: <MailOutlined />,
        autoComplete: 'one-time-code',
        maxLength: 6,
        addon: (
          <SmsCodeButton
            mobile={values.phone}
            mode={registering ? SMS_MODE_REGISTER : SMS_MODE_RESET}
            disabled={submitting}
            onResult={(problem, at) => {
              if (at === 'mobile') return setErrors((e) => ({ ...e, phone: problem ?? undefined }));
              setErrors((e) => ({ ...e, phone: undefined }));
              setFailure(problem);
              setNotice(problem ? null : MSG_SMS_SENT);
            }}
          />
        ),
      })}
      {field(
        'password',
        registering ? '密码（8到64位，含字母和数字）' : '新密码（8到64位，含字母和数字）',
        {
          password: true,
          prefix: <LockOutlined />,
          autoComplete: 'new-password',
          maxLength: 64,
        },
      )}
      {field('confirmPassword', '确认密码', {
        password: true,
        prefix: <LockOutlined />,
        autoComplete: 'new-password',
        maxLength: 64,
      })}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {registering ? '注 册' : '重置密码'}
      </Button>
      <div className={styles.links}>
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </form>
  );
}
