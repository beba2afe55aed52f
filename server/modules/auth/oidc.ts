import type { Configuration, IDToken, UserInfoResponse } from 'openid-client';
import type { OidcConfig } from '../../config';
import type { SignInIdentity } from './members';
import { OAuthFlowError } from './oauth';

/**
 * Sign-in with the company's own OpenID Connect provider (Microsoft Entra ID, Google Workspace, Keycloak, …;
 * docs/setup.md "Single sign-on (OpenID Connect)"), with openid-client: discovery of the issuer's endpoints,
 * authorization code flow with PKCE (S256), `state` and `nonce`, and validation of the ID token (issuer, audience,
 * expiry, nonce; openid-client's checks). The browser side (start route, signed state cookie, callback route) is the
 * same as Google's and Kakao's (routes.ts); this holds what differs.
 */

/** openid-client, loaded on the first OIDC sign-in instead of at start-up (like arctic in oauth.ts). */
const loadOpenIdClient = () => import('openid-client');

/** Seconds each request to the provider may take (discovery, token, userinfo). */
export const OIDC_HTTP_TIMEOUT_SECONDS = 10;
/** After a failed discovery, the next sign-in retries it (no failure is cached), but not sooner than this. */
export const OIDC_DISCOVERY_RETRY_MS = 5_000;

/** The per-attempt secrets the start route keeps in the signed state cookie, beside Google's/Kakao's `s` and `v`. */
export interface OidcAuthorization {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The error codes of oauth4webapi (via openid-client) that mean "the ID token is not acceptable". */
const ID_TOKEN_ERRORS = new Set([
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_JWS_SIGNATURE_VERIFICATION_FAILED',
]);

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

const clean = (value: unknown, max: number): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed ? trimmed.slice(0, max) : null;
};
/** Pictures are shown under the CSP `img-src https:`: only https URLs are kept. */
const httpsUrl = (value: unknown): string | null =>
  typeof value === 'string' && /^https:\/\//.test(value) ? value.slice(0, 2048) : null;

/**
 * One configured OpenID Connect provider. Discovery (`{issuer}/.well-known/openid-configuration`) happens lazily at
 * the first sign-in and is then cached for the life of the process, so the server starts while the issuer is down;
 * a failed discovery is not cached (the next sign-in, at least `OIDC_DISCOVERY_RETRY_MS` later, tries again) and
 * ends the sign-in with `oidc_unavailable`. Keys (JWKS) are fetched and refreshed by openid-client as needed.
 */
export class OidcProvider {
  private discovered: Promise<Configuration> | null = null;
  private failedAt = 0;

  constructor(
    private readonly settings: OidcConfig,
    /** `{PUBLIC_URL}/login/oauth2/code/oidc`. */
    private readonly redirectUri: string,
  ) {}

  /** The discovered configuration (cached). Throws `OAuthFlowError('oidc_unavailable')` when discovery fails. */
  async configuration(): Promise<Configuration> {
    if (!this.discovered) {
      if (Date.now() - this.failedAt < OIDC_DISCOVERY_RETRY_MS) {
        throw new OAuthFlowError('oidc_unavailable', 'OIDC discovery failed moments ago; not retried yet');
      }
      this.discovered = this.discover().catch((error: unknown) => {
        this.discovered = null;
        this.failedAt = Date.now();
        throw new OAuthFlowError('oidc_unavailable', `OIDC discovery of ${this.settings.issuer} failed`, {
          cause: error,
        });
      });
    }
    return this.discovered;
  }

  private async discover(): Promise<Configuration> {
    const client = await loadOpenIdClient();
    const issuer = new URL(this.settings.issuer);
    return client.discovery(
      issuer,
      this.settings.clientId,
      { client_secret: this.settings.clientSecret, redirect_uris: [this.redirectUri] },
      // HTTP Basic: what RFC 6749 requires every provider to support.
      client.ClientSecretBasic(this.settings.clientSecret),
      {
        timeout: OIDC_HTTP_TIMEOUT_SECONDS,
        // An http issuer (a company's internal network, or the tests' local provider) is the operator's choice.
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      },
    );
  }

  /** New state, PKCE verifier and nonce, and the provider's authorization URL to send the browser to. */
  async startAuthorization(): Promise<OidcAuthorization> {
    const configuration = await this.configuration();
    const client = await loadOpenIdClient();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, codeVerifier, nonce };
  }

  /**
   * Completes the sign-in from the provider's redirect (`callbackUrl`: the full redirect URI with the provider's
   * query): exchanges the code with the PKCE verifier, validates the ID token (signature when required, issuer,
   * audience, expiry with openid-client's 30 s tolerance, `nonce`), and reads the person from its claims, completed
   * from the userinfo endpoint when the ID token lacks the e-mail or the name.
   * Errors (`OAuthFlowError`): `oidc_unavailable` (no discovery), `oauth_id_token` (ID token refused),
   * `oauth_exchange` (token endpoint refused or unreachable), `oauth_userinfo` (no subject).
   */
  async finishAuthorization(
    callbackUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
    /** Told when the userinfo request fails (the sign-in goes on with the ID token's claims). */
    warn: (message: string, error: unknown) => void = () => {},
  ): Promise<SignInIdentity> {
    const configuration = await this.configuration();
    const client = await loadOpenIdClient();
    let claims: IDToken | undefined;
    let accessToken: string;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (error) {
      const code = errorCode(error);
      if (code && (ID_TOKEN_ERRORS.has(code) || code.startsWith('OAUTH_JWT'))) {
        throw new OAuthFlowError('oauth_id_token', `ID token refused (${code})`, { cause: error });
      }
      throw new OAuthFlowError('oauth_exchange', 'OIDC code exchange failed', { cause: error });
    }
    if (!claims?.sub) throw new OAuthFlowError('oauth_id_token', 'no ID token subject');

    let info: Partial<UserInfoResponse> = {};
    const metadata = configuration.serverMetadata();
    if ((claims.email === undefined || claims.name === undefined) && metadata.userinfo_endpoint) {
      try {
        info = await client.fetchUserInfo(configuration, accessToken, claims.sub);
      } catch (error) {
        // The ID token alone may do (the domain check refuses a sign-in that then lacks an e-mail).
        warn('OIDC userinfo request failed; using the ID token claims only', error);
      }
    }
    const claim = (name: string): unknown => (claims[name] !== undefined ? claims[name] : info[name]);

    const email = clean(claim('email'), 254)?.toLowerCase() ?? null;
    const verified = claim('email_verified');
    return {
      profile: {
        provider: 'oidc',
        providerUserId: claims.sub,
        name:
          clean(claim('name'), 30) ??
          clean(claim('preferred_username'), 30) ??
          email?.split('@')[0] ??
          `${this.settings.displayName} 사용자`.slice(0, 30),
        email,
        profileImageUrl: httpsUrl(claim('picture')),
      },
      // OpenID Connect Core 5.1: `email_verified` false means the provider did not verify it; absent is taken as
      // verified (Entra ID and many directories never send it for their own accounts).
      emailVerified: verified !== false && verified !== 'false',
    };
  }
}
