import type { Client } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_client';
import type { TencentSmsConfig } from '../../sign-in-config';
import type { SmsMessage, SmsSender } from './sms-senders';

const TIMEOUT_SECONDS = 5;

/**
 * `tencent`: Tencent Cloud SMS (SendSms, API 2021-01-11) through its official SDK, loaded on the
 * first text so a server without it configured never pays for it. A code goes with the
 * template TENCENT_SMS_TEMPLATE_ID and the variables [purpose, code, minutes]; the "already
 * registered" notice with TENCENT_SMS_NOTICE_TEMPLATE_ID, or not at all.
 */
export function tencentSender(
  config: TencentSmsConfig,
  codeVariables: (message: SmsMessage & { readonly code: string }) => string[],
): SmsSender {
  let client: Promise<Client> | null = null;
  const connect = async () => {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    return new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          protocol: `${config.endpoint.protocol}//`,
          endpoint: config.endpoint.host,
          reqTimeout: TIMEOUT_SECONDS,
        },
      },
    });
  };
  return {
    async send(message: SmsMessage) {
      const templateId = message.code === null ? config.noticeTemplateId : config.templateId;
      if (templateId === null) return;
      client ??= connect();
      const answer = await (
        await client
      ).SendSms({
        PhoneNumberSet: [internationalNumber(message.mobile)],
        SmsSdkAppId: config.appId,
        SignName: config.signName,
        TemplateId: templateId,
        TemplateParamSet:
          message.code === null ? [] : codeVariables({ ...message, code: message.code }),
      });
      // The call succeeds as a whole while a number can still be refused: read its own status.
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        throw new Error(
          `Tencent SMS refused: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`,
        );
      }
    },
  };
}

/** Mainland numbers as E.164 (+86…); the product's numbers are 11-digit mainland ones. */
function internationalNumber(mobile: string): string {
  return mobile.startsWith('+') ? mobile : `+86${mobile}`;
}
