/**
 * Certificate mode (shell.md §2 "Certificate upload"): login needs an X.509 certificate issued
 * by the CA the server is configured with. The browser keeps the certificate (PEM) it uploaded
 * and sends it with every login; the server checks it on the upload and again on every login.
 */

/** Checks a certificate without signing in (the upload on the login screen). */
export const CERTIFICATE_PATH = '/module/default/security/admin/nl/certificate';

export const MSG_CERT_UPLOAD_FAILED = '证书上传失败!';
export const MSG_CERT_MISMATCH = '证书不匹配!';
export const MSG_CERT_SET = '证书设置成功!';
/** Login without a certificate while the mode is on. */
export const MSG_CERT_REQUIRED = '请先上传证书!';

/** Longest PEM text accepted (a certificate is 1–3 kB). */
export const CERTIFICATE_MAX_CHARS = 16_000;

/** Answer of a certificate upload that matched. */
export interface CertificateAccepted {
  /** SHA-256 fingerprint (`AB:CD:…`), shown as the certificate's name. */
  readonly fingerprint: string;
  /** Subject line of the certificate. */
  readonly subject: string;
  /** End of validity, ISO 8601. */
  readonly validTo: string;
}
