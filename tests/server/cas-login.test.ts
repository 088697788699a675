import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contracts/session';
import {
  MSG_CAS_OFF,
  MSG_CAS_SERVICE_MISMATCH,
  MSG_CAS_TICKET_INVALID,
  MSG_CAS_UNAVAILABLE,
  MSG_SSO_UNBOUND,
  type ChannelLoginResult,
} from '../../src/contracts/sign-in';
import { hashToken } from '../../server/auth/sessions';
import { MSG_FROZEN } from '../../server/auth/sign-in';
import { casLogoutUrl } from '../../server/modules/sign-in/cas-logout';
import { CAS_NAMESPACE, parseServiceResponse } from '../../server/modules/sign-in/cas-response';
import { sameService, ticketWellFormed } from '../../server/modules/sign-in/cas-ticket';
import {
  casFailureXml,
  casSuccessXml,
  startCasServer,
  type TestCasServer,
} from '../support/cas-server';
import { freePort } from '../support/ports';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../support/test-app';

const VALIDATE = '/system/sys/cas/client/validateLogin';
const SERVICE = 'http://admin.test:3100/user/login';

let cas: TestCasServer;
let t: TestApp;

beforeAll(async () => {
  cas = await startCasServer();
  t = await createTestApp({ env: { CAS_SERVER_URL: cas.url, CAS_SERVICE_URL: SERVICE } });
  await createUser(t.db, { username: 'cas_alice', password: DEMO_PASSWORD });
  await createUser(t.db, { username: 'cas_frozen', password: DEMO_PASSWORD });
  await t.db
    .updateTable('sys_user')
    .set({ status: 2 })
    .where('username', '=', 'cas_frozen')
    .execute();
  await createUser(t.db, { username: 'cas_gone', password: DEMO_PASSWORD });
  await t.db
    .updateTable('sys_user')
    .set({ delFlag: 1 })
    .where('username', '=', 'cas_gone')
    .execute();
});
afterAll(async () => {
  await t?.close();
  await cas?.close();
});

// Every call from an address of its own: the per-address rate limit is tested on its own.
let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `10.24.${addresses >> 8}.${addresses & 255}`;
}

/**
 * Calls validateLogin and checks what every answer must not show: the ticket, the CAS
 * server's address, its failure codes and texts, or a stack trace.
 */
async function validate(
  app: TestApp,
  query: Record<string, string>,
  remoteAddress: string = nextAddress(),
) {
  const res = await call<ChannelLoginResult | null>(app.app, 'GET', VALIDATE, {
    query,
    remoteAddress,
  });
  if (query.ticket) expect(res.text).not.toContain(query.ticket);
  for (const secret of [cas.url, '127.0.0.1', 'INVALID_', 'not recognized', 'Exception', ' at ']) {
    expect(res.text).not.toContain(secret);
  }
  expect(res.text).not.toMatch(/stack|ECONNREFUSED|TimeoutError|fetch failed/i);
  return res;
}

function requestsFor(ticket: string) {
  return cas.requests.filter((r) => r.ticket === ticket);
}

async function loginRows(username: string) {
  return t.db
    .selectFrom('sys_log')
    .select(['event', 'userid', 'logContent', 'requestUrl'])
    .where('logType', '=', 1)
    .where('username', '=', username)
    .orderBy('createTime')
    .execute();
}

describe('GET /sys/cas/client/validateLogin', () => {
  it('signs in the user the CAS server names, with a CAS session', async () => {
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    // The browser hands back its own address, which CAS gave the ticket parameter.
    const res = await validate(t, { ticket, service: `${SERVICE}?ticket=${ticket}` });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const result = res.body.result!;
    expect(result.token).toBe(result.tokenValue);
    expect(result.userInfo).toEqual({ username: 'cas_alice', realname: 'cas_alice', avatar: null });

    // Asked once, at the p3 endpoint, for the configured service (not the browser's text).
    expect(requestsFor(ticket)).toEqual([
      { path: '/cas/p3/serviceValidate', service: SERVICE, ticket },
    ]);

    const info = await call<UserInfo>(t.app, 'GET', API.userInfo, { token: result.token });
    expect(info.body.success).toBe(true);
    expect(JSON.stringify(info.body.result)).toContain('cas_alice');

    const session = await t.db
      .selectFrom('sys_session')
      .select(['loginMethod'])
      .where('tokenHash', '=', hashToken(result.token))
      .executeTakeFirstOrThrow();
    expect(session.loginMethod).toBe('cas');

    const rows = await loginRows('cas_alice');
    expect(rows.at(-1)).toMatchObject({ event: 'login' });
    expect(rows.at(-1)!.logContent).toContain('CAS登录成功');
    // The stored ticket is a hash: the ticket's text is nowhere in the grant table.
    const grants = await t.db
      .selectFrom('sys_sso_grant')
      .selectAll()
      .where('kind', '=', 'ticket')
      .execute();
    expect(grants.length).toBeGreaterThan(0);
    expect(JSON.stringify(grants)).not.toContain(ticket);
    expect(grants.every((g) => g.provider === 'cas' && g.expiresAt > new Date())).toBe(true);
  });

  it('answers the logout of a CAS session with the CAS logout page, and a password one without', async () => {
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    const { body } = await validate(t, { ticket, service: SERVICE });
    const out = await call<{ casLogoutUrl?: string } | null>(t.app, 'POST', API.logout, {
      token: body.result!.token,
    });
    expect(out.body.result).toEqual({ casLogoutUrl: casLogoutUrl(t.ctx.config.signIn.cas!) });
    const token = await login(t.app, 'admin', DEMO_PASSWORD, { remoteAddress: nextAddress() });
    expect((await call(t.app, 'POST', API.logout, { token })).body.result).toBeNull();
  });

  it('accepts the service exactly as configured, too', async () => {
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    const res = await validate(t, { ticket, service: SERVICE });
    expect(res.body.success).toBe(true);
  });

  it('refuses a CAS user no live account has, with a 登录日志 row', async () => {
    for (const username of ['nobody_here', 'cas_gone']) {
      const ticket = cas.issueTicket(username, SERVICE);
      const res = await validate(t, { ticket, service: SERVICE });
      expect(res.body).toMatchObject({ success: false, message: MSG_SSO_UNBOUND, result: null });
      const rows = await loginRows(username);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ event: 'login_failed', userid: null });
      expect(rows[0]!.logContent).toContain(MSG_SSO_UNBOUND);
      expect(rows[0]!.requestUrl).not.toContain(ticket);
    }
  });

  it('refuses a replayed ticket itself, without asking the CAS server again', async () => {
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    expect((await validate(t, { ticket, service: SERVICE })).body.success).toBe(true);
    const again = await validate(t, { ticket, service: SERVICE });
    expect(again.body).toMatchObject({ success: false, message: MSG_CAS_TICKET_INVALID });
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('lets exactly one of two racing uses of a ticket through', async () => {
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    const answers = await Promise.all([
      validate(t, { ticket, service: SERVICE }),
      validate(t, { ticket, service: SERVICE }),
    ]);
    expect(answers.map((a) => a.body.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.body.success)!.body.message).toBe(MSG_CAS_TICKET_INVALID);
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('refuses a ticket the CAS server rejects, keeping its reasons to itself', async () => {
    const unknown = 'ST-424242-neverIssuedByThisServer-cas01';
    const res = await validate(t, { ticket: unknown, service: SERVICE });
    expect(res.body).toMatchObject({ success: false, message: MSG_CAS_TICKET_INVALID });
    expect(requestsFor(unknown)).toHaveLength(1);

    // Issued to another site: the CAS server says INVALID_SERVICE for ours.
    const elsewhere = cas.issueTicket('cas_alice', 'https://other.example.com/login');
    const res2 = await validate(t, { ticket: elsewhere, service: SERVICE });
    expect(res2.body).toMatchObject({ success: false, message: MSG_CAS_TICKET_INVALID });
  });

  it('refuses another service without asking the CAS server or spending the ticket', async () => {
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    const services = [
      'https://evil.example.com/user/login',
      `${SERVICE}/../admin`,
      `${SERVICE}?next=/x`,
      'http://admin.test:3101/user/login',
      'not a url',
      '',
    ];
    for (const service of services) {
      const res = await validate(t, { ticket, service });
      expect(res.body).toMatchObject({ success: false, message: MSG_CAS_SERVICE_MISMATCH });
    }
    const noService = await validate(t, { ticket });
    expect(noService.body).toMatchObject({ success: false, message: MSG_CAS_SERVICE_MISMATCH });
    expect(requestsFor(ticket)).toHaveLength(0);
    // Still good for the right service.
    expect((await validate(t, { ticket, service: SERVICE })).body.success).toBe(true);
  });

  it('refuses a malformed ticket before it is stored or sent', async () => {
    const before = cas.requests.length;
    const bad = [
      '',
      'PT-1-abc',
      'TGT-1-abc',
      'ST-',
      'ST-1-a b',
      'ST-1-<x>',
      'ST-1-a&service=x',
      `ST-${'a'.repeat(254)}`,
    ];
    for (const ticket of bad) {
      const res = await validate(t, { ticket, service: SERVICE });
      expect(res.body).toMatchObject({ success: false, message: MSG_CAS_TICKET_INVALID });
    }
    expect((await validate(t, { service: SERVICE })).body.message).toBe(MSG_CAS_TICKET_INVALID);
    expect(cas.requests.length).toBe(before);
  });

  it('refuses a frozen user with 该用户已冻结 and a 登录日志 row', async () => {
    const ticket = cas.issueTicket('cas_frozen', SERVICE);
    const res = await validate(t, { ticket, service: SERVICE });
    expect(res.body).toMatchObject({ success: false, message: MSG_FROZEN, result: null });
    const rows = await loginRows('cas_frozen');
    expect(rows.at(-1)).toMatchObject({ event: 'login_failed' });
    expect(rows.at(-1)!.logContent).toContain(MSG_FROZEN);
  });

  it('answers a plain message when the CAS server errs or answers no CAS document', async () => {
    for (const mode of ['error', 'html'] as const) {
      cas.mode = mode;
      try {
        const ticket = cas.issueTicket('cas_alice', SERVICE);
        const res = await validate(t, { ticket, service: SERVICE });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          success: false,
          message: MSG_CAS_UNAVAILABLE,
          result: null,
        });
      } finally {
        cas.mode = 'normal';
      }
    }
  });

  it('gives up on a CAS server that does not answer within 5 s', { timeout: 20_000 }, async () => {
    cas.mode = 'hang';
    try {
      const ticket = cas.issueTicket('cas_alice', SERVICE);
      const started = Date.now();
      const res = await validate(t, { ticket, service: SERVICE });
      const took = Date.now() - started;
      expect(res.body).toMatchObject({ success: false, message: MSG_CAS_UNAVAILABLE });
      expect(took).toBeGreaterThanOrEqual(4500);
      expect(took).toBeLessThan(15_000);
      expect(requestsFor(ticket)).toHaveLength(1);
    } finally {
      cas.mode = 'normal';
    }
  });

  it('limits calls per address like the password login', async () => {
    const address = '10.99.0.1';
    const answers = [];
    for (let i = 0; i < 31; i += 1) {
      answers.push(
        await call(t.app, 'GET', VALIDATE, { query: { service: 'x' }, remoteAddress: address }),
      );
    }
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    expect(answers[30]!.status).toBe(429);
  });
});

describe('validateLogin with the CAS server down or CAS off', () => {
  let down: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    const port = await freePort(); // nothing listens there
    down = await createTestApp({
      env: { CAS_SERVER_URL: `http://127.0.0.1:${port}/cas`, CAS_SERVICE_URL: SERVICE },
    });
    off = await createTestApp();
  });
  afterAll(async () => {
    await down?.close();
    await off?.close();
  });

  it('answers a plain message when the CAS server cannot be reached', async () => {
    const res = await validate(down, { ticket: 'ST-1-unreachable', service: SERVICE });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: MSG_CAS_UNAVAILABLE, result: null });
  });

  it('refuses when CAS is not configured, asking nobody', async () => {
    const before = cas.requests.length;
    const ticket = cas.issueTicket('cas_alice', SERVICE);
    const res = await validate(off, { ticket, service: SERVICE });
    expect(res.body).toMatchObject({ success: false, message: MSG_CAS_OFF });
    expect(cas.requests.length).toBe(before);
  });
});

describe('CAS pieces', () => {
  const config = { serverUrl: 'https://cas.example.com/cas', serviceUrl: SERVICE };

  it('reads the CAS 3.0 documents, whatever prefix binds the namespace', () => {
    expect(parseServiceResponse(casSuccessXml('alice'))).toEqual({
      kind: 'success',
      user: 'alice',
    });
    expect(parseServiceResponse(casFailureXml('INVALID_TICKET', 'nope'))).toEqual({
      kind: 'failure',
      code: 'INVALID_TICKET',
    });
    const other = `<?xml version="1.0" encoding="UTF-8"?><x:serviceResponse xmlns:x="${CAS_NAMESPACE}"><x:authenticationSuccess><x:user>007</x:user></x:authenticationSuccess></x:serviceResponse>`;
    expect(parseServiceResponse(other)).toEqual({ kind: 'success', user: '007' });
    const plain = `<serviceResponse xmlns="${CAS_NAMESPACE}"><authenticationSuccess><user>a&amp;b</user></authenticationSuccess></serviceResponse>`;
    expect(parseServiceResponse(plain)).toEqual({ kind: 'success', user: 'a&b' });
    const bare = `<cas:serviceResponse xmlns:cas='${CAS_NAMESPACE}'><cas:authenticationFailure/></cas:serviceResponse>`;
    expect(parseServiceResponse(bare)).toEqual({ kind: 'failure', code: 'UNKNOWN' });
  });

  it('takes nothing that is not a CAS answer for one', () => {
    const wrapped = (ns: string, body: string) =>
      `<cas:serviceResponse xmlns:cas="${ns}">${body}</cas:serviceResponse>`;
    const success =
      '<cas:authenticationSuccess><cas:user>alice</cas:user></cas:authenticationSuccess>';
    const failure = '<cas:authenticationFailure code="INVALID_TICKET"/>';
    for (const xml of [
      '',
      'yes\nalice\n', // CAS 1.0's /validate answer
      '<html><body>Login</body></html>',
      '<cas:serviceResponse><cas:authenticationSuccess><cas:user>a</cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      wrapped('http://example.com/not-cas', success),
      wrapped(CAS_NAMESPACE, success + failure),
      wrapped(CAS_NAMESPACE, ''),
      wrapped(
        CAS_NAMESPACE,
        '<cas:authenticationSuccess><cas:user></cas:user></cas:authenticationSuccess>',
      ),
      wrapped(
        CAS_NAMESPACE,
        '<cas:authenticationSuccess><cas:user>a</cas:user><cas:user>b</cas:user></cas:authenticationSuccess>',
      ),
      wrapped(CAS_NAMESPACE, '<cas:authenticationSuccess><cas:user>a</cas:user>'),
      wrapped(
        CAS_NAMESPACE,
        '<cas:authenticationSuccess><cas:__proto__>a</cas:__proto__></cas:authenticationSuccess>',
      ),
    ]) {
      expect(parseServiceResponse(xml), xml).toBeNull();
    }
  });

  it('checks the ticket shape and the service', () => {
    expect(ticketWellFormed('ST-1-abcDEF_~.-cas01.example.org')).toBe(true);
    expect(ticketWellFormed(`ST-${'a'.repeat(253)}`)).toBe(true);
    expect(ticketWellFormed(`ST-${'a'.repeat(254)}`)).toBe(false);
    expect(ticketWellFormed('st-1-abc')).toBe(false);
    expect(
      sameService('https://a.example.com/login?x=1&ticket=ST-1', 'https://a.example.com/login?x=1'),
    ).toBe(true);
    expect(sameService('https://a.example.com/', 'https://a.example.com')).toBe(true);
    expect(sameService('https://a.example.com/login?x=2', 'https://a.example.com/login?x=1')).toBe(
      false,
    );
    expect(sameService('https://a.example.com/login#x', 'https://a.example.com/login')).toBe(false);
  });

  it('sends a CAS session out through the CAS server logout', () => {
    expect(casLogoutUrl(config)).toBe(
      `https://cas.example.com/cas/logout?service=${encodeURIComponent(SERVICE)}`,
    );
  });
});
