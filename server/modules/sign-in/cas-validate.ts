import type { CasConfig } from '../../sign-in-config';
import { parseServiceResponse, type CasAnswer } from './cas-response';

/** How long the CAS server may take to answer, body included. */
export const CAS_TIMEOUT_MS = 5000;
/** A serviceValidate answer is a few hundred bytes (more with attributes); this bounds it. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The CAS server could not be asked, or did not answer as a CAS server does. */
export class CasUnavailable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'CasUnavailable';
  }
}

export function serviceValidateUrl(cas: CasConfig, ticket: string): string {
  const service = encodeURIComponent(cas.serviceUrl);
  return `${cas.serverUrl}/p3/serviceValidate?service=${service}&ticket=${encodeURIComponent(ticket)}`;
}

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new CasUnavailable(`answer over ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/**
 * Asks the CAS server whether it issued `ticket` for this site's service (CAS 3.0
 * /p3/serviceValidate). The service sent is always the configured one, never the browser's.
 * Throws CasUnavailable when the server is unreachable, slow, or answers no CAS document.
 */
export async function validateServiceTicket(
  cas: CasConfig,
  ticket: string,
  timeoutMs: number = CAS_TIMEOUT_MS,
): Promise<CasAnswer> {
  let text: string;
  try {
    const response = await fetch(serviceValidateUrl(cas, ticket), {
      headers: { accept: 'application/xml, text/xml' },
      // The validate endpoint answers itself; a redirect means a wrong CAS_SERVER_URL.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new CasUnavailable(`HTTP ${response.status}`);
    }
    text = await readCapped(response);
  } catch (error) {
    if (error instanceof CasUnavailable) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new CasUnavailable(timedOut ? `no answer in ${timeoutMs} ms` : 'request failed', {
      cause: error,
    });
  }
  const answer = parseServiceResponse(text);
  if (!answer) throw new CasUnavailable('not a CAS 3.0 serviceResponse');
  return answer;
}
