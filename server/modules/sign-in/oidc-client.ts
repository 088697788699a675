import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../sign-in-config';

/**
 * The relying party's side of the authorization code flow, through openid-client (the
 * certified client): discovery, the authorization URL with PKCE (S256), state and nonce, and
 * the code exchange that checks them all. Discovery is done once per provider and kept; a
 * failed one is tried again on the next sign-in.
 */

export const OIDC_SCOPE = 'openid profile email';
/** Seconds any single request to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is allowed only to this machine (a provider in a test or a local setup). */
export function insecureAllowed(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/** What a flow keeps between start and callback (in its grant's data). */
export interface FlowSecrets {
  readonly nonce: string;
  readonly verifier: string;
  /** A same-site path to go to once signed in. */
  readonly redirect: string | null;
}

/** What the callback reads of the provider's answer. */
export interface OidcIdentity {
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly preferredUsername: string | null;
  readonly name: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** `email_verified` as providers send it (some send the string "true"). */
const verified = (value: unknown): boolean => value === true || value === 'true';

export class OidcClients {
  private readonly configurations = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly providers: readonly OidcProviderConfig[]) {}

  provider(name: string): OidcProviderConfig | undefined {
    return this.providers.find((p) => p.name === name);
  }

  private configuration(provider: OidcProviderConfig): Promise<client.Configuration> {
    const cached = this.configurations.get(provider.name);
    if (cached) return cached;
    const auth = provider.clientSecret
      ? client.ClientSecretBasic(provider.clientSecret)
      : client.None();
    const discovered = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret ?? undefined,
      auth,
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: insecureAllowed(provider.issuer) ? [client.allowInsecureRequests] : [],
      },
    );
    this.configurations.set(provider.name, discovered);
    // Not kept when it fails: the next sign-in discovers again.
    discovered.catch(() => this.configurations.delete(provider.name));
    return discovered;
  }

  /** A new flow: its state, the secrets the callback needs, and where to send the browser. */
  async begin(
    provider: OidcProviderConfig,
    redirectUri: string,
    redirect: string | null,
  ): Promise<{ state: string; secrets: FlowSecrets; url: URL }> {
    const configuration = await this.configuration(provider);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: OIDC_SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { state, secrets: { nonce, verifier, redirect }, url };
  }

  /**
   * Exchanges the code of the callback URL (state, PKCE and nonce checked; the ID token's
   * signature, issuer, audience and times by openid-client) and reads who signed in. Claims
   * the ID token leaves out are read from the userinfo endpoint.
   */
  async finish(
    provider: OidcProviderConfig,
    callbackUrl: URL,
    state: string,
    secrets: FlowSecrets,
  ): Promise<OidcIdentity> {
    const configuration = await this.configuration(provider);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: secrets.verifier,
      expectedState: state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the token response has no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    const complete = ['email', 'preferred_username', 'name'].every((key) => key in claims);
    if (!complete && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...claims, ...info, sub: idClaims.sub };
    }
    return {
      subject: idClaims.sub,
      email: text(claims.email),
      emailVerified: verified(claims.email_verified),
      preferredUsername: text(claims.preferred_username),
      name: text(claims.name),
    };
  }
}
