import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookSignature } from '../../server/modules/sign-in/sms-senders';

/** What the SMS webhook was sent: the body, and whether its signature was right. */
export interface ReceivedSms {
  readonly mobile: string;
  readonly mode: number;
  readonly code: string | null;
  readonly text: string;
  readonly signed: boolean;
}

/**
 * An SMS gateway stand-in on 127.0.0.1: takes the product's webhook POSTs (SMS_PROVIDER=webhook)
 * and keeps them, checking the HMAC signature with the shared secret. `failing` makes it
 * answer 500.
 */
export async function startSmsWebhook(secret: string) {
  const received: ReceivedSms[] = [];
  const waiters: Array<() => void> = [];
  let failing = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-timestamp'] ?? '');
      const signed = request.headers['x-signature'] === webhookSignature(secret, timestamp, body);
      received.push({ ...(JSON.parse(body) as Omit<ReceivedSms, 'signed'>), signed });
      response.statusCode = failing ? 500 : 200;
      response.end('{}');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    setFailing(value: boolean) {
      failing = value;
    },
    /** The next message to `mobile` (sending happens after the answer, so it is waited for). */
    async next(mobile: string, after: number): Promise<ReceivedSms> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = received.slice(after).find((m) => m.mobile === mobile);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no SMS to ${mobile}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
