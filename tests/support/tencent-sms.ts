import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One SendSms call the stand-in took, and whether its TC3-HMAC-SHA256 signature was right. */
export interface TencentCall {
  readonly action: string;
  readonly version: string;
  readonly region: string;
  readonly secretId: string;
  readonly signed: boolean;
  readonly body: {
    PhoneNumberSet: string[];
    SmsSdkAppId: string;
    SignName: string;
    TemplateId: string;
    TemplateParamSet: string[];
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text, 'utf8').digest();

/** Checks a request's signature the way Tencent Cloud's API 3.0 documents it. */
function signatureIsRight(request: http.IncomingMessage, body: string, secretKey: string): boolean {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ''),
    );
  if (!auth) return false;
  const [, , date, service, signedHeaders, signature] = auth;
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map((name) => {
      const raw = String(request.headers[name] ?? '');
      return `${name}:${name === 'host' ? raw.replace(/:\d+$/, '') : raw}\n`;
    })
    .join('');
  const canonical = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(body)].join('\n');
  const timestamp = String(request.headers['x-tc-timestamp'] ?? '');
  const toSign = [
    'TC3-HMAC-SHA256',
    timestamp,
    `${date}/${service}/tc3_request`,
    sha256(canonical),
  ].join('\n');
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date!), service!), 'tc3_request');
  return createHmac('sha256', key).update(toSign, 'utf8').digest('hex') === signature;
}

/**
 * Tencent Cloud's SMS API on 127.0.0.1 (TENCENT_SMS_ENDPOINT points the official SDK here):
 * keeps each SendSms call, checks its signature with the key pair's secret, and answers as the
 * real API does; `refuse` makes it answer a number's own failure status.
 */
export async function startTencentSms(secretKey: string) {
  const calls: TencentCall[] = [];
  let refusal: string | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(text) as TencentCall['body'];
      calls.push({
        action: String(request.headers['x-tc-action']),
        version: String(request.headers['x-tc-version']),
        region: String(request.headers['x-tc-region']),
        secretId: /Credential=([^/]+)/.exec(String(request.headers.authorization))?.[1] ?? '',
        signed: signatureIsRight(request, text, secretKey),
        body,
      });
      response.setHeader('content-type', 'application/json');
      const status = refusal
        ? { Code: refusal, Message: 'refused by the stand-in' }
        : { Code: 'Ok', Message: 'send success' };
      response.end(
        JSON.stringify({
          Response: {
            SendStatusSet: [
              { SerialNo: 'stand-in', PhoneNumber: body.PhoneNumberSet[0], Fee: 1, ...status },
            ],
            RequestId: 'stand-in-request',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    refuse(code: string | null) {
      refusal = code;
    },
    /** The next call to `mobile` after the first `after` (texts go out after the answer). */
    async next(mobile: string, after: number): Promise<TencentCall> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = calls.slice(after).find((c) => c.body.PhoneNumberSet[0] === `+86${mobile}`);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no SendSms to ${mobile}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
