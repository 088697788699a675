import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import type { CertificateAccepted } from '../../src/contracts/client-certificate';
import type { ServerConfig } from '../config';

/** What a presented certificate amounts to. */
export type CertificateCheck =
  | { readonly kind: 'ok'; readonly accepted: CertificateAccepted }
  /** Not an X.509 certificate at all. */
  | { readonly kind: 'unreadable' }
  /** Not issued by the CA, outside its validity, or itself a CA. */
  | { readonly kind: 'mismatch' };

/**
 * The CA of certificate mode. A certificate passes when the CA's key verifies its signature,
 * its issuer is the CA, it is valid now, and it is an end-entity certificate.
 */
export class CertificateAuthority {
  private readonly ca: X509Certificate;

  constructor(pem: string | Buffer) {
    this.ca = new X509Certificate(pem);
    if (!this.ca.ca) throw new Error('CERT_CA_PATH holds a certificate that is not a CA');
  }

  check(pem: string, now: number = Date.now()): CertificateCheck {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(pem);
    } catch {
      return { kind: 'unreadable' };
    }
    const from = Date.parse(cert.validFrom);
    const to = Date.parse(cert.validTo);
    const issued = cert.checkIssued(this.ca) && cert.verify(this.ca.publicKey);
    if (!issued || cert.ca || !(from <= now && now <= to)) return { kind: 'mismatch' };
    return {
      kind: 'ok',
      accepted: {
        fingerprint: cert.fingerprint256,
        subject: cert.subject.replace(/\n/g, ', '),
        validTo: new Date(to).toISOString(),
      },
    };
  }
}

/** The CA when certificate mode is on. */
export function loadCertificateAuthority(config: ServerConfig): CertificateAuthority | null {
  if (!config.certificateMode || !config.certificateCaPath) return null;
  return new CertificateAuthority(fs.readFileSync(config.certificateCaPath));
}
