import type { ChannelLoginResult, LoginOptions, SmsMode } from '../contracts/sign-in';
import type {
  PasswordChangeRequest,
  PhoneLoginRequest,
  RegisterRequest,
} from '../contracts/sign-in-schema';
import type { Http } from './http';

/** The other ways in (src/contracts/sign-in.ts), as typed calls; answers are read by the caller. */
export function createSignInApi(http: Http) {
  const quiet = { silent: true } as const;
  return {
    options: () => http.get<LoginOptions>('/sys/loginOptions', undefined, quiet),
    sendSms: (mobile: string, smsmode: SmsMode) =>
      http.post<null>('/sys/sms', { mobile, smsmode }, quiet),
    phoneLogin: (request: PhoneLoginRequest) =>
      http.post<ChannelLoginResult>('/sys/phoneLogin', request, quiet),
    thirdLogin: (token: string, thirdType: string) =>
      http.get<ChannelLoginResult>(
        `/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/${encodeURIComponent(thirdType)}`,
        undefined,
        quiet,
      ),
    casValidate: (ticket: string, service: string) =>
      http.get<ChannelLoginResult>('/sys/cas/client/validateLogin', { ticket, service }, quiet),
    register: (request: RegisterRequest) =>
      http.post<{ username: string }>('/sys/user/register', request, quiet),
    passwordChange: (request: PasswordChangeRequest) =>
      http.post<null>('/sys/user/passwordChange', request, quiet),
  };
}

export type SignInApi = ReturnType<typeof createSignInApi>;
