import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NO_PERMISSION, ResultCode } from '../../src/contracts/envelope';
import {
  MSG_SSO_FAILED,
  MSG_SSO_TOKEN_INVALID,
  MSG_SSO_UNBOUND,
  MSG_SSO_UNLINKED,
  type ChannelLoginResult,
  type ThirdAccountLink,
} from '../../src/contracts/sign-in';
import { MSG_FROZEN } from '../../server/auth/sign-in';
import { newId } from '../../server/ids';
import { bindingCookie } from '../../server/modules/sign-in/oidc-browser';
import { insecureAllowed } from '../../server/modules/sign-in/oidc-client';
import { safeRedirect } from '../../server/modules/sign-in/oidc-redirects';
import { purgeSsoGrants, sha256Hex } from '../../server/modules/sign-in/sso-grants';
import { startTestProvider, TestBrowser, type TestProvider } from '../support/oidc-provider';
import {
  API,
  DEMO_PASSWORD,
  call,
  createTestApp,
  createUser,
  login,
  signedInUser,
  type TestApp,
} from '../support/test-app';

/**
 * OIDC single sign-on (issue 24) against a real provider (oidc-provider on 127.0.0.1): the
 * browser walks start → provider login and consent → callback → login page → getLoginUser,
 * carrying each site's cookies. Three providers share the one test provider and client:
 * `corp` (links only), `mail` (finds users by verified email) and `auto` (creates users).
 */

const APP_ORIGIN = 'http://localhost:8091';
const CLIENT = { clientId: 'schema-admin', clientSecret: 'client-secret-for-tests' };
const NAMES = ['corp', 'mail', 'auto'] as const;
type Name = (typeof NAMES)[number];
const callbackOf = (name: Name) => `${APP_ORIGIN}/system/sys/thirdLogin/oidc/${name}/callback`;
const startOf = (name: Name, redirect?: string) =>
  `${APP_ORIGIN}/system/sys/thirdLogin/oidc/${name}/start` +
  (redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`);
const getLoginUserPath = (token: string, thirdType: string) =>
  `${APP_ORIGIN}/system/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/${thirdType}`;

let provider: TestProvider;
let t: TestApp;
let admin: string;
let linkedUserId: string;
let frozenUserId: string;
let mailUserId: string;

let addresses = 0;
function browser(account: string): TestBrowser {
  addresses++;
  return new TestBrowser({
    app: t.app,
    appOrigin: APP_ORIGIN,
    account,
    remoteAddress: `192.0.2.${addresses}`,
  });
}

const isCallback = (url: URL) => url.origin === APP_ORIGIN && url.pathname.endsWith('/callback');
const isLoginPage = (url: URL) => url.origin === APP_ORIGIN && url.pathname === '/user/login';

/** Start → provider → the callback URL the provider sends the browser to (not yet opened). */
async function toCallback(b: TestBrowser, name: Name, redirect?: string): Promise<URL> {
  return b.walk(startOf(name, redirect), isCallback);
}

/** Opens the callback: the login page URL it lands on. */
async function openCallback(b: TestBrowser, callback: URL): Promise<URL> {
  const res = await b.get(callback);
  expect(res.status).toBe(302);
  expect(res.location && isLoginPage(res.location)).toBe(true);
  return res.location!;
}

async function signInAt(b: TestBrowser, name: Name, redirect?: string): Promise<URL> {
  return openCallback(b, await toCallback(b, name, redirect));
}

function tokenOf(landing: URL): string {
  const token = landing.searchParams.get('thirdToken');
  expect(token, `landing ${landing.href}`).toBeTruthy();
  return token!;
}

async function getLoginUser(b: TestBrowser, token: string, thirdType: string) {
  const res = await b.get(getLoginUserPath(token, thirdType));
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as {
    success: boolean;
    message: string;
    code: number;
    result: ChannelLoginResult;
  };
}

async function links(userId: string): Promise<ThirdAccountLink[]> {
  const res = await call<ThirdAccountLink[]>(t.app, 'GET', '/system/sys/user/thirdAccounts', {
    token: admin,
    query: { userId },
  });
  expect(res.body.success, res.text).toBe(true);
  return res.body.result;
}

async function linkTo(userId: string, provider: string, subject: string): Promise<void> {
  await t.db
    .insertInto('sys_third_account')
    .values({ id: newId(), provider, subject, userId })
    .execute();
}

beforeAll(async () => {
  provider = await startTestProvider({ ...CLIENT, redirectUris: NAMES.map(callbackOf) });
  const env: Record<string, string> = { PUBLIC_URL: APP_ORIGIN };
  for (const name of NAMES) {
    const prefix = `OIDC_${name.toUpperCase()}`;
    env[`${prefix}_ISSUER`] = provider.issuer;
    env[`${prefix}_CLIENT_ID`] = CLIENT.clientId;
    env[`${prefix}_CLIENT_SECRET`] = CLIENT.clientSecret;
  }
  env.OIDC_CORP_LABEL = '企业账号';
  env.OIDC_MAIL_MATCH_EMAIL = 'on';
  env.OIDC_AUTO_CREATE_USERS = 'on';
  env.OIDC_AUTO_ROLE = 'staff';
  t = await createTestApp({ env });
  admin = await login(t.app, 'admin', DEMO_PASSWORD);

  linkedUserId = await createUser(t.db, { username: 'sso_linked', password: 'Linked-pass-1' });
  await linkTo(linkedUserId, 'oidc:corp', 'sub-linked');
  frozenUserId = await createUser(t.db, { username: 'sso_frozen', password: 'Frozen-pass-1' });
  await t.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', frozenUserId).execute();
  await linkTo(frozenUserId, 'oidc:corp', 'sub-frozen');
  mailUserId = await createUser(t.db, { username: 'sso_mail', password: 'Mail-pass-1' });
  await t.db
    .updateTable('sys_user')
    .set({ email: 'mail.user@corp.test' })
    .where('id', '=', mailUserId)
    .execute();

  provider.account({ sub: 'sub-linked', email: 'linked@corp.test', email_verified: true });
  provider.account({ sub: 'sub-frozen' });
  provider.account({ sub: 'sub-stranger', email: 'nobody@corp.test', email_verified: true });
  provider.account({ sub: 'sub-mail', email: 'Mail.User@corp.test', email_verified: true });
  provider.account({ sub: 'sub-mail-unverified', email: 'mail.user@corp.test' });
  provider.account({
    sub: 'sub-new',
    email: 'newbie@corp.test',
    email_verified: true,
    preferred_username: 'newbie',
    name: '新同事',
  });
  provider.account({ sub: 'sub-new-2', preferred_username: 'newbie', name: '另一位新同事' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('a linked subject signs in', () => {
  it('start → provider → callback → getLoginUser opens a session the API accepts', async () => {
    const b = browser('sub-linked');
    const began = performance.now();
    const start = await b.get(startOf('corp', '/dashboard/analysis'));
    expect(start.status).toBe(302);
    const cookie = start.setCookies.find((c) => c.startsWith('sso_browser='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/system\/sys\/thirdLogin/);
    expect(cookie).not.toMatch(/Secure/);
    const authorize = start.location!;
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('scope')).toBe('openid profile email');
    expect(authorize.searchParams.get('redirect_uri')).toBe(callbackOf('corp'));
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const landing = await openCallback(b, await b.walk(authorize, isCallback));
    expect(landing.searchParams.get('thirdType')).toBe('oidc_corp');
    expect(landing.searchParams.get('redirect')).toBe('/dashboard/analysis');
    const answer = await getLoginUser(b, tokenOf(landing), 'oidc_corp');
    const elapsed = performance.now() - began;
    console.log(`OIDC round trip start → getLoginUser (with discovery): ${elapsed.toFixed(0)} ms`);
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result.userInfo.username).toBe('sso_linked');
    expect(answer.result.token).toBe(answer.result.tokenValue);

    const info = await call<{ username: string }>(t.app, 'GET', API.userInfo, {
      token: answer.result.token,
    });
    expect(info.body.result.username).toBe('sso_linked');
    const session = await t.db
      .selectFrom('sys_session')
      .select('loginMethod')
      .where('userId', '=', linkedUserId)
      .executeTakeFirstOrThrow();
    expect(session.loginMethod).toBe('oidc:corp');
    const logged = await t.db
      .selectFrom('sys_log')
      .select('logContent')
      .where('logType', '=', 1)
      .where('userid', '=', linkedUserId)
      .execute();
    expect(logged.map((r) => r.logContent)).toContainEqual(
      expect.stringContaining('单点登录(corp)登录成功'),
    );
    const [link] = await links(linkedUserId);
    expect(link).toMatchObject({ provider: 'oidc:corp', providerLabel: '企业账号' });
    expect(link!.lastLoginTime).not.toBeNull();
  });

  it('keeps only a same-site path to go to afterwards', async () => {
    const landing = await signInAt(browser('sub-linked'), 'corp', '//evil.example/x');
    expect(landing.searchParams.has('redirect')).toBe(false);
    expect(safeRedirect('/online/list?x=1')).toBe('/online/list?x=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '/a b', '']) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});

describe('subjects without a user', () => {
  it('an unknown subject is told it is not bound', async () => {
    const landing = await signInAt(browser('sub-stranger'), 'corp');
    expect(landing.searchParams.get('thirdError')).toBe(MSG_SSO_UNBOUND);
    expect(landing.searchParams.has('thirdToken')).toBe(false);
  });

  it('matchEmail finds the user of a verified email and links the subject', async () => {
    const landing = await signInAt(browser('sub-mail'), 'mail');
    const answer = await getLoginUser(browser('x'), tokenOf(landing), 'oidc_mail');
    // Another browser is refused (below); the one that signed in is not.
    expect(answer.success).toBe(false);
    const b = browser('sub-mail');
    const again = await signInAt(b, 'mail');
    const ok = await getLoginUser(b, tokenOf(again), 'oidc_mail');
    expect(ok.success, ok.message).toBe(true);
    expect(ok.result.userInfo.username).toBe('sso_mail');
    expect((await links(mailUserId)).map((l) => [l.provider, l.subject])).toEqual([
      ['oidc:mail', 'sub-mail'],
    ]);
  });

  it('matchEmail does not take an unverified email', async () => {
    const landing = await signInAt(browser('sub-mail-unverified'), 'mail');
    expect(landing.searchParams.get('thirdError')).toBe(MSG_SSO_UNBOUND);
  });

  it('createUsers makes a user with the role, a free name and the link', async () => {
    const b = browser('sub-new');
    const answer = await getLoginUser(b, tokenOf(await signInAt(b, 'auto')), 'oidc_auto');
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result.userInfo).toMatchObject({ username: 'newbie', realname: '新同事' });
    const user = await t.db
      .selectFrom('sys_user')
      .select(['id', 'email', 'status', 'delFlag', 'password'])
      .where('username', '=', 'newbie')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'newbie@corp.test', status: 1, delFlag: 0 });
    expect(user.password).toMatch(/^scrypt\$/);
    const roles = await t.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.roleId')
      .select('r.roleCode')
      .where('ur.userId', '=', user.id)
      .execute();
    expect(roles.map((r) => r.roleCode)).toEqual(['staff']);
    expect((await links(user.id)).map((l) => l.subject)).toEqual(['sub-new']);

    // The same preferred name again: the next free one.
    const other = browser('sub-new-2');
    const second = await getLoginUser(other, tokenOf(await signInAt(other, 'auto')), 'oidc_auto');
    expect(second.result.userInfo.username).toBe('newbie_2');
    // A second sign-in of the first subject finds its user, makes no other.
    const back = browser('sub-new');
    const third = await getLoginUser(back, tokenOf(await signInAt(back, 'auto')), 'oidc_auto');
    expect(third.result.userInfo.username).toBe('newbie');
  });
});

describe('the callback refuses', () => {
  it('a replayed code and state', async () => {
    const b = browser('sub-linked');
    const callback = await toCallback(b, 'corp');
    expect((await openCallback(b, callback)).searchParams.has('thirdToken')).toBe(true);
    const replay = await openCallback(b, callback);
    expect(replay.searchParams.get('thirdError')).toBe(MSG_SSO_FAILED);
  });

  it('a state it did not issue', async () => {
    const b = browser('sub-linked');
    const callback = await toCallback(b, 'corp');
    callback.searchParams.set('state', 'not-a-state-of-ours');
    expect((await openCallback(b, callback)).searchParams.get('thirdError')).toBe(MSG_SSO_FAILED);
    callback.searchParams.delete('state');
    expect((await openCallback(b, callback)).searchParams.get('thirdError')).toBe(MSG_SSO_FAILED);
  });

  it('an ID token whose nonce is not the flow’s', async () => {
    const b = browser('sub-linked');
    const callback = await toCallback(b, 'corp');
    const state = callback.searchParams.get('state')!;
    const changed = await sql`update sys_sso_grant
      set data = jsonb_set(data, '{nonce}', to_jsonb('tampered-nonce'::text))
      where id_hash = ${sha256Hex(state)} and kind = 'flow'`.execute(t.db.withoutPlugins());
    expect(Number(changed.numAffectedRows)).toBe(1);
    expect((await openCallback(b, callback)).searchParams.get('thirdError')).toBe(MSG_SSO_FAILED);
  });

  it('a callback opened in another browser than the one that started (login CSRF)', async () => {
    const callback = await toCallback(browser('sub-linked'), 'corp');
    const victim = browser('sub-stranger');
    expect((await openCallback(victim, callback)).searchParams.get('thirdError')).toBe(
      MSG_SSO_FAILED,
    );
  });

  it('an unknown provider answers 404', async () => {
    const res = await call(t.app, 'GET', '/system/sys/thirdLogin/oidc/nosuch/start');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: ResultCode.NOT_FOUND });
    const back = await call(t.app, 'GET', '/system/sys/thirdLogin/oidc/nosuch/callback');
    expect(back.status).toBe(404);
  });
});

describe('the one-time token', () => {
  it('opens one session only', async () => {
    const b = browser('sub-linked');
    const began = performance.now();
    const token = tokenOf(await signInAt(b, 'corp'));
    expect((await getLoginUser(b, token, 'oidc_corp')).success).toBe(true);
    // Discovery is kept from the first sign-in: this is the round trip of every later one.
    console.log(`OIDC round trip (discovered): ${(performance.now() - began).toFixed(0)} ms`);
    const again = await getLoginUser(b, token, 'oidc_corp');
    expect(again).toMatchObject({ success: false, message: MSG_SSO_TOKEN_INVALID });
  });

  it('expires', async () => {
    const b = browser('sub-linked');
    const token = tokenOf(await signInAt(b, 'corp'));
    await t.db
      .updateTable('sys_sso_grant')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('idHash', '=', sha256Hex(token))
      .execute();
    const answer = await getLoginUser(b, token, 'oidc_corp');
    expect(answer).toMatchObject({ success: false, message: MSG_SSO_TOKEN_INVALID });
  });

  it('works only in the browser that signed in, and only for its provider', async () => {
    const b = browser('sub-linked');
    const token = tokenOf(await signInAt(b, 'corp'));
    // No cookie at all, another browser's own cookie, the right browser with another type.
    const bare = browser('sub-linked');
    expect((await getLoginUser(bare, token, 'oidc_corp')).message).toBe(MSG_SSO_TOKEN_INVALID);
    const other = browser('sub-stranger');
    await other.get(startOf('corp'));
    expect(other.cookie(APP_ORIGIN, 'sso_browser')).toBeTruthy();
    expect((await getLoginUser(other, token, 'oidc_corp')).message).toBe(MSG_SSO_TOKEN_INVALID);
    expect((await getLoginUser(b, token, 'oidc_mail')).message).toBe(MSG_SSO_TOKEN_INVALID);
    expect((await getLoginUser(b, token, 'cas')).message).toBe(MSG_SSO_TOKEN_INVALID);
    // Those attempts did not use it up for its own browser.
    expect((await getLoginUser(b, token, 'oidc_corp')).success).toBe(true);
  });

  it('does not open a session for a frozen user (and the refusal is logged)', async () => {
    const b = browser('sub-frozen');
    const answer = await getLoginUser(b, tokenOf(await signInAt(b, 'corp')), 'oidc_corp');
    expect(answer).toMatchObject({ success: false, message: MSG_FROZEN });
    const sessions = await t.db
      .selectFrom('sys_session')
      .select('id')
      .where('userId', '=', frozenUserId)
      .execute();
    expect(sessions).toEqual([]);
    const logged = await t.db
      .selectFrom('sys_log')
      .select('logContent')
      .where('logType', '=', 1)
      .where('userid', '=', frozenUserId)
      .execute();
    expect(logged.map((r) => r.logContent)).toContainEqual(expect.stringContaining(MSG_FROZEN));
  });
});

describe('用户管理 → 第三方账号', () => {
  it('needs the user edit permission', async () => {
    const nobody = await signedInUser(t, 'sso_nobody', 'Nobody-pass-1');
    const list = await call(t.app, 'GET', '/system/sys/user/thirdAccounts', {
      token: nobody,
      query: { userId: linkedUserId },
    });
    expect(list.body).toMatchObject({ success: false, code: 510, message: MSG_NO_PERMISSION });
    const [link] = await links(linkedUserId);
    const removal = await call(t.app, 'DELETE', '/system/sys/user/thirdAccount/delete', {
      token: nobody,
      query: { id: link!.id },
    });
    expect(removal.body).toMatchObject({ success: false, code: 510 });
    expect(await links(linkedUserId)).toHaveLength(1);
  });

  it('removing a link unbinds the subject (and is in the operation log)', async () => {
    const [link] = await links(linkedUserId);
    const removal = await call(t.app, 'DELETE', '/system/sys/user/thirdAccount/delete', {
      token: admin,
      query: { id: link!.id },
    });
    expect(removal.body).toMatchObject({ success: true, message: MSG_SSO_UNLINKED });
    expect(await links(linkedUserId)).toEqual([]);
    const audit = await t.db
      .selectFrom('sys_log')
      .select(['permissionCode'])
      .where('logType', '=', 2)
      .where('requestUrl', 'like', '%thirdAccount/delete%')
      .execute();
    expect(audit.map((r) => r.permissionCode)).toEqual(['user:edit']);
    const gone = await call(t.app, 'DELETE', '/system/sys/user/thirdAccount/delete', {
      token: admin,
      query: { id: link!.id },
    });
    expect(gone.body.success).toBe(false);

    const landing = await signInAt(browser('sub-linked'), 'corp');
    expect(landing.searchParams.get('thirdError')).toBe(MSG_SSO_UNBOUND);
  });
});

describe('pieces', () => {
  it('purgeSsoGrants deletes expired grants only', async () => {
    await sql`update sys_sso_grant set expires_at = now() - interval '1 minute'
      where kind = 'token'`.execute(t.db.withoutPlugins());
    const left = async (kind: string) =>
      (
        await t.db
          .selectFrom('sys_sso_grant')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await left('token'))).toBeGreaterThan(0);
    await browser('sub-linked').get(startOf('corp'));
    expect(await purgeSsoGrants(t.db)).toBeGreaterThan(0);
    expect(Number(await left('token'))).toBe(0);
    expect(Number(await left('flow'))).toBeGreaterThan(0);
  });

  it('the binding cookie is Secure on an https site; http only to this machine', () => {
    expect(bindingCookie('v', 'https://admin.example.com', 60)).toMatch(/; Secure$/);
    expect(insecureAllowed('http://127.0.0.1:4000')).toBe(true);
    expect(insecureAllowed('http://localhost:4000/realms/x')).toBe(true);
    expect(insecureAllowed('http://idp.example.com')).toBe(false);
    expect(insecureAllowed('https://idp.example.com')).toBe(false);
  });
});
