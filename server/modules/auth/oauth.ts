import { timingSafeEqual } from 'node:crypto';
import type { OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import type { OAuthErrorCode, Provider } from '../../../contract';
import type { AppConfig, OAuthProviderConfig } from '../../config';
import type { SignInIdentity } from './members';

/**
 * Social sign-in with Google and Kakao (docs/product.md "Sign-in and session"; the company's OpenID Connect
 * provider is oidc.ts's, through the same routes): authorization code flow with
 * state and PKCE (S256). Endpoints come from configuration so tests run against a local fake provider.
 */
export const OAUTH_STATE_COOKIE = 'oauth_state';
export const OAUTH_STATE_COOKIE_PATH = '/login/oauth2';
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
const HTTP_TIMEOUT_MS = 10_000;

/** The providers this file talks to; `oidc` is oidc.ts's. */
export type SocialProvider = Exclude<Provider, 'oidc'>;

const SCOPES: Record<SocialProvider, string[]> = {
  google: ['openid', 'email', 'profile'],
  kakao: ['profile_nickname', 'profile_image', 'account_email'],
};

/** A failure that ends the sign-in with `302 /onboarding?error=<code>`. */
export class OAuthFlowError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthFlowError';
  }
}

export function providerConfig(config: AppConfig, provider: SocialProvider): OAuthProviderConfig {
  return provider === 'google' ? config.google : config.kakao;
}

/** Whether sign-in with `provider` is set up: a client id (Google, Kakao) or the `OIDC_*` block. */
export function isConfigured(config: AppConfig, provider: Provider): boolean {
  return provider === 'oidc' ? config.oidc !== null : Boolean(providerConfig(config, provider).clientId);
}

export function redirectUri(config: AppConfig, provider: Provider): string {
  return `${config.publicUrl}/login/oauth2/code/${provider}`;
}

/** Content of the signed state cookie: provider, state, PKCE verifier, and the OIDC nonce. */
export const stateCookieSchema = z.object({
  p: z.enum(['google', 'kakao', 'oidc']),
  s: z.string().min(1),
  v: z.string().min(43),
  n: z.string().min(1).optional(),
});
export type StateCookie = z.infer<typeof stateCookieSchema>;

/** arctic, loaded on the first sign-in instead of at start-up (~40 ms; docs/performance.md "Embedded database and speed"). */
const loadArctic = () => import('arctic');

/** New state + PKCE verifier, and the provider URL to send the browser to. */
export async function startAuthorization(
  config: AppConfig,
  provider: SocialProvider,
): Promise<{ url: URL; cookie: StateCookie }> {
  const settings = providerConfig(config, provider);
  if (!settings.clientId) throw new Error(`${provider} is not configured`);
  const { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } = await loadArctic();
  const state = generateState();
  const verifier = generateCodeVerifier();
  const client = new OAuth2Client(
    settings.clientId,
    settings.clientSecret ?? null,
    redirectUri(config, provider),
  );
  const url = client.createAuthorizationURLWithPKCE(
    settings.authorizationUrl,
    state,
    CodeChallengeMethod.S256,
    verifier,
    SCOPES[provider],
  );
  return { url, cookie: { p: provider, s: state, v: verifier } };
}

export function statesMatch(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Exchanges the authorization code for the provider's access token.
 * Google: arctic's `validateAuthorizationCode` (client secret via HTTP Basic).
 * Kakao: `client_secret` must travel in the form body (Kakao rejects Basic), so the form is posted here and the
 * JSON wrapped in arctic's `OAuth2Tokens`.
 */
export async function exchangeCode(
  config: AppConfig,
  provider: SocialProvider,
  code: string,
  codeVerifier: string,
): Promise<string> {
  const settings = providerConfig(config, provider);
  const clientId = settings.clientId!;
  const arctic = await loadArctic();
  try {
    let tokens: OAuth2Tokens;
    if (provider === 'google') {
      const client = new arctic.OAuth2Client(
        clientId,
        settings.clientSecret ?? null,
        redirectUri(config, provider),
      );
      tokens = await withTimeout(
        client.validateAuthorizationCode(settings.tokenUrl, code, codeVerifier),
        HTTP_TIMEOUT_MS,
      );
    } else {
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(config, provider),
        client_id: clientId,
        code_verifier: codeVerifier,
      });
      if (settings.clientSecret) body.set('client_secret', settings.clientSecret);
      const response = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
          Accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const data: unknown = await response.json().catch(() => null);
      if (!response.ok || typeof data !== 'object' || data === null) {
        const reason =
          typeof data === 'object' && data !== null && 'error' in data ? String(data.error) : 'no JSON body';
        throw new Error(`token endpoint answered ${response.status} (${reason})`);
      }
      tokens = new arctic.OAuth2Tokens(data);
    }
    return tokens.accessToken();
  } catch (error) {
    throw new OAuthFlowError('oauth_exchange', `${provider} code exchange failed`, { cause: error });
  }
}

const googleUserSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

const kakaoUserSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  kakao_account: z
    .object({
      email: z.string().optional(),
      is_email_valid: z.boolean().optional(),
      is_email_verified: z.boolean().optional(),
      profile: z
        .object({
          nickname: z.string().optional(),
          thumbnail_image_url: z.string().optional(),
          is_default_image: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});

const clean = (value: string | undefined, max: number): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};
/** Image URLs are shown under the CSP `img-src https:`; Kakao still hands out some `http://` CDN links. */
const httpsUrl = (value: string | undefined): string | null =>
  value && /^https?:\/\//.test(value) ? value.replace(/^http:\/\//, 'https://').slice(0, 2048) : null;

/**
 * Reads the person's id, name, email and picture from the provider's userinfo endpoint, and whether the provider
 * verified the e-mail (Google `email_verified`, Kakao `is_email_valid` and `is_email_verified`; absent → verified).
 */
export async function fetchProfile(
  config: AppConfig,
  provider: SocialProvider,
  accessToken: string,
): Promise<SignInIdentity> {
  const settings = providerConfig(config, provider);
  let data: unknown;
  try {
    const response = await fetch(settings.userInfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`userinfo endpoint answered ${response.status}`);
    data = await response.json();
  } catch (error) {
    throw new OAuthFlowError('oauth_userinfo', `${provider} userinfo request failed`, { cause: error });
  }

  if (provider === 'google') {
    const parsed = googleUserSchema.safeParse(data);
    if (!parsed.success)
      throw new OAuthFlowError('oauth_userinfo', 'unexpected Google userinfo', { cause: parsed.error });
    const u = parsed.data;
    const email = clean(u.email, 254);
    return {
      profile: {
        provider,
        providerUserId: u.sub,
        name: clean(u.name, 30) ?? email?.split('@')[0] ?? 'Google 사용자',
        email,
        profileImageUrl: httpsUrl(u.picture),
      },
      emailVerified: u.email_verified !== false && u.email_verified !== 'false',
    };
  }
  const parsed = kakaoUserSchema.safeParse(data);
  if (!parsed.success)
    throw new OAuthFlowError('oauth_userinfo', 'unexpected Kakao userinfo', { cause: parsed.error });
  const account = parsed.data.kakao_account;
  const profile = account?.profile;
  const email = clean(account?.email, 254);
  return {
    profile: {
      provider,
      providerUserId: String(parsed.data.id),
      name: clean(profile?.nickname, 30) ?? email?.split('@')[0] ?? '카카오 사용자',
      email,
      profileImageUrl: profile?.is_default_image ? null : httpsUrl(profile?.thumbnail_image_url),
    },
    emailVerified: account?.is_email_valid !== false && account?.is_email_verified !== false,
  };
}
