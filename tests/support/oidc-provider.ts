/**
 * A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 for sign-in tests, and a
 * minimal browser that walks the authorization code flow between it and the app: it follows
 * redirects by hand and keeps each site's cookies (path-scoped), as a browser would.
 *
 * The provider's login and consent pages are replaced by one handler that signs in the
 * account the browser names (header `x-test-account`) and consents to what was asked.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import Provider, { type AccountClaims, type Configuration, type JWK } from 'oidc-provider';
import { freePort } from './ports';

export interface TestAccount {
  readonly sub: string;
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly preferred_username?: string;
  readonly name?: string;
}

export interface TestClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

export interface TestProvider {
  readonly issuer: string;
  /** Adds or replaces an account the provider knows. */
  account(account: TestAccount): void;
  close(): Promise<void>;
}

const ACCOUNT_HEADER = 'x-test-account';

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
}

/** Starts the provider on a free port of 127.0.0.1 with one confidential client. */
export async function startTestProvider(client: TestClient): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [...client.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE for every client, not only public ones.
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: (): AccountClaims => ({ ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomUUID()] },
    jwks: { keys: [signingKey()] },
    // Set, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  /** Login and consent in one step each: the named account, everything asked granted. */
  async function interact(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const accountId = String(req.headers[ACCOUNT_HEADER] ?? '');
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? '';
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    account: (account) => accounts.set(account.sub, account),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The browser

interface StoredCookie {
  readonly value: string;
  readonly path: string;
}

export interface BrowserResponse {
  readonly status: number;
  /** The Location header resolved against the request URL, if any. */
  readonly location: URL | null;
  readonly setCookies: readonly string[];
  readonly body: string;
}

export interface BrowserOptions {
  /** The app, answering for `appOrigin` through inject (no port needed). */
  readonly app: FastifyInstance;
  readonly appOrigin: string;
  /** The account this person signs in as at the provider. */
  readonly account: string;
  /** The address the app sees (the routes are rate-limited per address). */
  readonly remoteAddress: string;
}

const MAX_REDIRECTS = 20;

export class TestBrowser {
  private readonly jars = new Map<string, Map<string, StoredCookie>>();

  constructor(private readonly options: BrowserOptions) {}

  /** The cookies this browser would send to the URL (`name=value; …`). */
  cookieHeader(url: URL): string {
    const jar = this.jars.get(url.origin);
    if (!jar) return '';
    return [...jar]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  /** One cookie's value as stored for an origin. */
  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name)?.value;
  }

  /** Drops every cookie of an origin (another browser, or one that cleared its cookies). */
  clearCookies(origin: string): void {
    this.jars.delete(origin);
  }

  private store(url: URL, headers: readonly string[]): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, StoredCookie>();
    this.jars.set(url.origin, jar);
    for (const header of headers) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', raw = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = raw;
        if (key.toLowerCase() === 'max-age' && Number(raw) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(raw) <= Date.now()) expired = true;
      }
      if (expired || value === '') jar.delete(name);
      else jar.set(name, { value, path });
    }
  }

  /** One GET, cookies sent and stored; redirects are not followed. */
  async get(target: string | URL): Promise<BrowserResponse> {
    const url = new URL(target);
    const cookie = this.cookieHeader(url);
    let status: number;
    let location: string | undefined;
    let setCookies: string[];
    let body: string;
    if (url.origin === this.options.appOrigin) {
      const res = await this.options.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...(cookie ? { cookie } : {}), 'user-agent': 'TestBrowser' },
        remoteAddress: this.options.remoteAddress,
      });
      status = res.statusCode;
      location = res.headers.location?.toString();
      const raw = res.headers['set-cookie'];
      setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
      body = res.body;
    } else {
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { ...(cookie ? { cookie } : {}), [ACCOUNT_HEADER]: this.options.account },
      });
      status = res.status;
      location = res.headers.get('location') ?? undefined;
      setCookies = res.headers.getSetCookie();
      body = await res.text();
    }
    this.store(url, setCookies);
    return { status, location: location ? new URL(location, url) : null, setCookies, body };
  }

  /**
   * Follows redirects from `start` until one points at a URL `stop` accepts, which is
   * returned without being requested; throws on an answer that is not a redirect.
   */
  async walk(start: string | URL, stop: (url: URL) => boolean): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
      if (stop(url)) return url;
      const res = await this.get(url);
      if (!res.location) {
        throw new Error(`${url.href}: HTTP ${res.status}, no redirect: ${res.body.slice(0, 300)}`);
      }
      url = res.location;
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects from ${String(start)}`);
  }
}
