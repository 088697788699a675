import { useEffect, useState } from 'react';
import { Button } from 'antd';
import {
  MOBILE_PATTERN,
  MSG_MOBILE_INVALID,
  MSG_MOBILE_REQUIRED,
  SMS_RESEND_SECONDS,
  type SmsMode,
} from '../../../contracts/sign-in';
import { useSignInApi } from './use-sign-in-api';

/** Why a number cannot be sent a code, or null. */
export function mobileProblem(mobile: string): string | null {
  if (!mobile.trim()) return MSG_MOBILE_REQUIRED;
  return MOBILE_PATTERN.test(mobile.trim()) ? null : MSG_MOBILE_INVALID;
}

interface Props {
  readonly mobile: string;
  readonly mode: SmsMode;
  readonly disabled?: boolean;
  /** A problem with the number, or the server's refusal; null when the code was sent. */
  readonly onResult: (problem: string | null, field: 'mobile' | 'form') => void;
}

/** 获取验证码, then a 60-second countdown before the next code may be asked for. */
export function SmsCodeButton({ mobile, mode, disabled, onResult }: Props) {
  const api = useSignInApi();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const problem = mobileProblem(mobile);
    if (problem) return onResult(problem, 'mobile');
    setSending(true);
    try {
      const answer = await api.sendSms(mobile.trim(), mode);
      if (answer.success) {
        setLeft(SMS_RESEND_SECONDS);
        onResult(null, 'form');
      } else {
        onResult(answer.message, 'form');
      }
    } catch (error) {
      onResult(error instanceof Error ? error.message : String(error), 'form');
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="large"
      disabled={disabled || left > 0}
      loading={sending}
      onClick={() => void send()}
      style={{ minWidth: 112 }}
    >
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </Button>
  );
}
