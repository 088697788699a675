/**
 * A CAS 3.0 server for tests, on 127.0.0.1: it issues service tickets for a user and a
 * service, and answers /p3/serviceValidate as a real one does (each ticket valid once, for
 * the service it was issued to), with the protocol's XML documents. Every validate request
 * is recorded. `mode` makes it misbehave: never answer, answer HTTP 500, or answer HTML.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CAS_XML_NAMESPACE = 'http://www.yale.edu/tp/cas';
/** The path the server lives under, as CAS_SERVER_URL names it. */
const BASE_PATH = '/cas';

export type CasServerMode = 'normal' | 'hang' | 'error' | 'html';

export interface CasValidateRequest {
  readonly path: string;
  readonly service: string | null;
  readonly ticket: string | null;
}

export interface TestCasServer {
  /** `http://127.0.0.1:<port>/cas`: the CAS_SERVER_URL. */
  readonly url: string;
  /** A fresh service ticket for `username`, valid once for `service`. */
  issueTicket(username: string, service: string): string;
  /** Validate requests in arrival order. */
  readonly requests: CasValidateRequest[];
  mode: CasServerMode;
  close(): Promise<void>;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function casSuccessXml(username: string): string {
  return [
    `<cas:serviceResponse xmlns:cas="${CAS_XML_NAMESPACE}">`,
    '  <cas:authenticationSuccess>',
    `    <cas:user>${escapeXml(username)}</cas:user>`,
    '    <cas:attributes>',
    '      <cas:authenticationDate>2024-01-01T00:00:00Z</cas:authenticationDate>',
    '      <cas:isFromNewLogin>true</cas:isFromNewLogin>',
    '    </cas:attributes>',
    '  </cas:authenticationSuccess>',
    '</cas:serviceResponse>',
  ].join('\n');
}

export function casFailureXml(code: string, text: string): string {
  return [
    `<cas:serviceResponse xmlns:cas="${CAS_XML_NAMESPACE}">`,
    `  <cas:authenticationFailure code="${escapeXml(code)}">`,
    `    ${escapeXml(text)}`,
    '  </cas:authenticationFailure>',
    '</cas:serviceResponse>',
  ].join('\n');
}

export async function startCasServer(): Promise<TestCasServer> {
  const tickets = new Map<string, { username: string; service: string }>();
  const requests: CasValidateRequest[] = [];
  let serial = 0;

  const answer = (res: http.ServerResponse, xml: string) => {
    res.writeHead(200, { 'content-type': 'application/xml;charset=UTF-8' });
    res.end(xml);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== `${BASE_PATH}/p3/serviceValidate`) {
      res.writeHead(404).end();
      return;
    }
    const service = url.searchParams.get('service');
    const ticket = url.searchParams.get('ticket');
    requests.push({ path: url.pathname, service, ticket });
    if (state.mode === 'hang') return; // never answers; close() drops the socket
    if (state.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('java.lang.NullPointerException');
      return;
    }
    if (state.mode === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Login</body></html>');
      return;
    }
    if (!service || !ticket) {
      answer(res, casFailureXml('INVALID_REQUEST', "'service' and 'ticket' are required"));
      return;
    }
    const issued = tickets.get(ticket);
    // Like a real CAS: a ticket is spent by its first validation, whatever its outcome.
    tickets.delete(ticket);
    if (!issued) {
      answer(res, casFailureXml('INVALID_TICKET', `Ticket '${ticket}' not recognized`));
    } else if (issued.service !== service) {
      answer(res, casFailureXml('INVALID_SERVICE', `Ticket '${ticket}' does not match ${service}`));
    } else {
      answer(res, casSuccessXml(issued.username));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const state: TestCasServer = {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    requests,
    mode: 'normal',
    issueTicket(username, service) {
      serial += 1;
      const ticket = `ST-${serial}-${randomBytes(15).toString('base64url')}-cas01.example.org`;
      tickets.set(ticket, { username, service });
      return ticket;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}
