/**
 * Settings of the other ways in (issue 24). Every one is off until the environment switches
 * it on; a half-configured one stops the start with the variable's name.
 */

export type SmsProviderName = 'log' | 'webhook' | 'tencent';

/** `SMS_PROVIDER=tencent`: Tencent Cloud SMS through its official SDK (tencentcloud-sdk-nodejs-sms). */
export interface TencentSmsConfig {
  /** `TENCENT_SMS_SECRET_ID` / `TENCENT_SMS_SECRET_KEY`: the API key pair. */
  readonly secretId: string;
  readonly secretKey: string;
  /** `TENCENT_SMS_APP_ID`: the SmsSdkAppId. */
  readonly appId: string;
  /** `TENCENT_SMS_SIGN`: the approved signature's text (签名内容). */
  readonly signName: string;
  /** `TENCENT_SMS_TEMPLATE_ID`: a template with three variables: purpose, code, minutes. */
  readonly templateId: string;
  /** `TENCENT_SMS_NOTICE_TEMPLATE_ID`: the "already registered" notice (no variables); unset, none is sent. */
  readonly noticeTemplateId: string | null;
  /** `TENCENT_SMS_REGION` (default ap-guangzhou). */
  readonly region: string;
  /** `TENCENT_SMS_ENDPOINT`: an https URL other than https://sms.tencentcloudapi.com (a proxy; tests). */
  readonly endpoint: URL;
}

export type SmsConfig = (
  | { readonly provider: 'log' }
  | { readonly provider: 'webhook'; readonly webhookUrl: string; readonly webhookSecret: string }
  | { readonly provider: 'tencent'; readonly tencent: TencentSmsConfig }
) & {
  /**
   * `SMS_CODE_SECRET`: HMAC key of the stored code hashes. Set, a copy of the database alone
   * cannot be used to find a live code; every process must share it.
   */
  readonly codeSecret: string | null;
};

export interface OidcProviderConfig {
  /** Lower-case name from `OIDC_<NAME>_ISSUER`; the thirdType is `oidc_<name>`. */
  readonly name: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
  /** The button's text (`OIDC_<NAME>_LABEL`, default the name). */
  readonly label: string;
  /** `OIDC_<NAME>_MATCH_EMAIL=on`: an unlinked subject with a verified email finds the user of that email. */
  readonly matchEmail: boolean;
  /** `OIDC_<NAME>_CREATE_USERS=on`: an unknown subject becomes a new user. */
  readonly createUsers: boolean;
  /** `OIDC_<NAME>_ROLE`: the role code new users get (required with CREATE_USERS). */
  readonly defaultRole: string | null;
}

export interface CasConfig {
  /** `CAS_SERVER_URL`, e.g. https://cas.example.com/cas (no trailing slash). */
  readonly serverUrl: string;
  /** `CAS_SERVICE_URL`: this site's login page as CAS knows it, e.g. https://admin.example.com/user/login. */
  readonly serviceUrl: string;
}

export interface SignInConfig {
  readonly sms: SmsConfig | null;
  /** `REGISTRATION=on` (needs an SMS provider). */
  readonly registration: boolean;
  /** `REGISTRATION_ROLE`: the role code registered users get (none when unset). */
  readonly registrationRole: string | null;
  readonly oidc: readonly OidcProviderConfig[];
  readonly cas: CasConfig | null;
  /**
   * `PUBLIC_URL`: this site's address as a browser reaches it (OIDC redirect URIs);
   * default `http://localhost:<PORT>`.
   */
  readonly publicUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function value(env: Env, name: string): string | null {
  const raw = env[name];
  return raw && raw.trim() !== '' ? raw.trim() : null;
}

function flag(env: Env, name: string): boolean {
  return /^(1|true|on|yes)$/i.test(value(env, name) ?? '');
}

/** An http(s) URL as given (`trim` drops a trailing slash: an issuer must stay exact). */
function url(env: Env, name: string, trim = true): string | null {
  const raw = value(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} is not a URL: "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL: "${raw}"`);
  }
  return trim ? raw.replace(/\/+$/, '') : raw;
}

function required(env: Env, name: string, provider: string): string {
  const found = value(env, name);
  if (!found) throw new Error(`SMS_PROVIDER=${provider} needs ${name}`);
  return found;
}

function tencentFrom(env: Env): TencentSmsConfig {
  const need = (name: string) => required(env, name, 'tencent');
  return {
    secretId: need('TENCENT_SMS_SECRET_ID'),
    secretKey: need('TENCENT_SMS_SECRET_KEY'),
    appId: need('TENCENT_SMS_APP_ID'),
    signName: need('TENCENT_SMS_SIGN'),
    templateId: need('TENCENT_SMS_TEMPLATE_ID'),
    noticeTemplateId: value(env, 'TENCENT_SMS_NOTICE_TEMPLATE_ID'),
    region: value(env, 'TENCENT_SMS_REGION') ?? 'ap-guangzhou',
    endpoint: new URL(url(env, 'TENCENT_SMS_ENDPOINT') ?? 'https://sms.tencentcloudapi.com'),
  };
}

function smsFrom(env: Env, production: boolean): SmsConfig | null {
  const provider = value(env, 'SMS_PROVIDER');
  if (provider === null) return null;
  const codeSecret = value(env, 'SMS_CODE_SECRET');
  if (provider === 'log') {
    if (production) throw new Error('SMS_PROVIDER=log writes codes to the log: not in production');
    return { provider, codeSecret };
  }
  if (provider === 'webhook') {
    const webhookUrl = url(env, 'SMS_WEBHOOK_URL');
    if (!webhookUrl) throw new Error('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL');
    const webhookSecret = required(env, 'SMS_WEBHOOK_SECRET', provider);
    return { provider, webhookUrl, webhookSecret, codeSecret };
  }
  if (provider === 'tencent') return { provider, tencent: tencentFrom(env), codeSecret };
  throw new Error(`SMS_PROVIDER must be log, webhook or tencent, got "${provider}"`);
}

const OIDC_ISSUER = /^OIDC_([A-Z][A-Z0-9]{0,30})_ISSUER$/;

function oidcFrom(env: Env): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  for (const key of Object.keys(env).sort()) {
    const match = OIDC_ISSUER.exec(key);
    if (!match || value(env, key) === null) continue;
    const prefix = `OIDC_${match[1]}`;
    const clientId = value(env, `${prefix}_CLIENT_ID`);
    if (!clientId) throw new Error(`${prefix}_ISSUER is set but ${prefix}_CLIENT_ID is not`);
    const createUsers = flag(env, `${prefix}_CREATE_USERS`);
    const defaultRole = value(env, `${prefix}_ROLE`);
    if (createUsers && !defaultRole) {
      throw new Error(
        `${prefix}_CREATE_USERS is on but ${prefix}_ROLE (the new users' role) is not set`,
      );
    }
    const name = match[1]!.toLowerCase();
    providers.push({
      name,
      // openid-client matches the discovered issuer exactly, trailing slash included.
      issuer: url(env, key, false)!,
      clientId,
      clientSecret: value(env, `${prefix}_CLIENT_SECRET`),
      label: value(env, `${prefix}_LABEL`) ?? name,
      matchEmail: flag(env, `${prefix}_MATCH_EMAIL`),
      createUsers,
      defaultRole,
    });
  }
  return providers;
}

function casFrom(env: Env): CasConfig | null {
  const serverUrl = url(env, 'CAS_SERVER_URL');
  const serviceUrl = url(env, 'CAS_SERVICE_URL');
  if (!serverUrl && !serviceUrl) return null;
  if (!serverUrl || !serviceUrl)
    throw new Error('CAS needs both CAS_SERVER_URL and CAS_SERVICE_URL');
  return { serverUrl, serviceUrl };
}

export function loadSignInConfig(env: Env, production: boolean, port: number): SignInConfig {
  const sms = smsFrom(env, production);
  const registration = flag(env, 'REGISTRATION');
  if (registration && !sms) throw new Error('REGISTRATION is on but no SMS_PROVIDER is set');
  return {
    sms,
    registration,
    registrationRole: value(env, 'REGISTRATION_ROLE'),
    oidc: oidcFrom(env),
    cas: casFrom(env),
    publicUrl: url(env, 'PUBLIC_URL') ?? `http://localhost:${port}`,
  };
}
