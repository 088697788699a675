/** Public base configuration (GET /module/default/configCenter/admin/nl/get?key=baseConfig). */
export interface BaseConfig {
  /** Company name shown beside the logo. */
  readonly companyName: string;
  /** Product name: login screen and the end of every page title. */
  readonly productName: string;
  /** Short line under the product name on the login screen. */
  readonly productSlogan: string;
}

/** Keys the config center answers publicly. */
export const PUBLIC_CONFIG_KEYS = ['baseConfig'] as const;
export type PublicConfigKey = (typeof PUBLIC_CONFIG_KEYS)[number];

/** GET /module/default/security/admin/nl/verify result: `value` is 'ok' when security is on. */
export interface SecurityVerifyResult {
  readonly value: 'ok' | 'off';
  /** Security mode: the server's RSA-OAEP public key (SPKI, base64); '' when off. */
  readonly publicKey: string;
  /** Certificate mode: the login screen offers the certificate upload and login needs one. */
  readonly certificateMode: boolean;
}
