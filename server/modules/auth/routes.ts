import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
  devSignInFormSchema,
  errorEnvelopeSchema,
  logoutResponseSchema,
  providerSchema,
  reissueResponseSchema,
  signInOptionsResponseSchema,
  type Provider,
} from '../../../contract';
import { type AppConfig, startupWarnings } from '../../config';
import type { Db } from '../../db';
import { ApiError, ok } from '../../http/envelope';
import { cookieBase as baseCookieOptions, clearRefreshCookie as clearRefresh } from './cookies';
import { domainRefusal } from './allowed-domains';
import { renderDevSignInPage } from './dev-sign-in-page';
import { type SignInIdentity, upsertMember } from './members';
import {
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_COOKIE_PATH,
  OAUTH_STATE_TTL_SECONDS,
  OAuthFlowError,
  exchangeCode,
  fetchProfile,
  isConfigured,
  redirectUri,
  startAuthorization,
  stateCookieSchema,
  statesMatch,
  type StateCookie,
} from './oauth';
import { OidcProvider } from './oidc';
import { familyOfToken, issueRefreshToken, revokeFamilyOf, rotateRefreshToken } from './refresh-tokens';
import { signAccessToken } from './tokens';

export interface AuthRoutesOptions {
  config: AppConfig;
  db: Db;
}

/**
 * The line under the development form's e-mail when its domain is not in `SIGN_IN_ALLOWED_DOMAINS` (docs/setup.md
 * "Single sign-on (OpenID Connect)"; the login screen's own line is shellCopy's `login.domainNotAllowed`).
 */
const domainNotAllowedMessage = (domains: readonly string[]) =>
  `회사 계정(${domains.join(', ')})으로만 로그인할 수 있어요.`;

/** Where the browser goes after a successful sign-in; the SPA then calls `POST /api/token/reissue`. */
export const SIGNED_IN_REDIRECT = '/onboarding/loading';
const REFRESH_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const REISSUE_FAMILY_LIMIT_PER_MINUTE = 20;

const providerParams = z.object({
  provider: z.string().describe('`google`, `kakao` or `oidc`; anything else → 404'),
});
const redirectResponse = (description: string) => z.null().describe(description);
const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string().describe(description) } },
});

/**
 * Sign-in and session routes (docs/product.md "Sign-in and session"). Registered as an encapsulated plugin: form
 * bodies (`application/x-www-form-urlencoded`) are only
 * parsed here, for the development sign-in form.
 */
export async function authRoutes(app: FastifyInstance, { config, db }: AuthRoutesOptions): Promise<void> {
  await app.register(formbody, { bodyLimit: 4096 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Auth routes get a tenth of the global budget per route and IP (30 a minute with the default 300). */
  const strictRateLimit = {
    rateLimit: { max: Math.max(1, Math.ceil(config.rateLimitMax / 10)), timeWindow: 60_000 },
  };
  // issue #23: loopback PUBLIC_URL outside production, or DEV_SIGN_IN (server/config.ts `devSignIn`).
  const devSignInEnabled = config.devSignIn;
  // Logged once when the app is built at start (main.ts builds one app); docs/security.md "Development sign-in".
  for (const warning of startupWarnings(config)) app.log.warn(warning);

  // The company's OpenID Connect provider (oidc.ts): discovered at its first sign-in, not here.
  const oidc = config.oidc ? new OidcProvider(config.oidc, redirectUri(config, 'oidc')) : null;
  if (config.oidc && new URL(config.oidc.issuer).protocol === 'http:' && config.isProduction) {
    app.log.warn(
      `OIDC_ISSUER is plain http (${config.oidc.issuer}): codes and tokens cross the network unencrypted`,
    );
  }

  const cookieBase = baseCookieOptions(config);
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE_NAME, token, {
      ...cookieBase,
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
  const clearRefreshCookie = (reply: FastifyReply) => clearRefresh(reply, config);
  const clearStateCookie = (reply: FastifyReply) =>
    reply.clearCookie(OAUTH_STATE_COOKIE, { ...cookieBase, path: OAUTH_STATE_COOKIE_PATH });

  const parseProvider = (value: string): Provider => {
    const parsed = providerSchema.safeParse(value);
    if (!parsed.success) throw new ApiError('COMMON404');
    return parsed.data;
  };

  const readStateCookie = (request: FastifyRequest): StateCookie | null => {
    const raw = request.cookies[OAUTH_STATE_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      const parsed = stateCookieSchema.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  /** Signs the member in: new refresh-token family, cookie, 302 to the loading screen. */
  const completeSignIn = async (reply: FastifyReply, memberId: number) => {
    const issued = await issueRefreshToken(db, memberId);
    setRefreshCookie(reply, issued.token);
    return reply.redirect(SIGNED_IN_REDIRECT, 302);
  };

  r.get(
    '/oauth2/authorization/:provider',
    {
      config: strictRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Start Google, Kakao or OpenID Connect (company) sign-in',
        description:
          'Browser navigation. 302 to the provider with state + PKCE S256 (signed HttpOnly `oauth_state` cookie, ' +
          'path `/login/oauth2`, 10 min; scopes google `openid email profile`, kakao `profile_nickname ' +
          'profile_image account_email`, oidc `OIDC_SCOPES` plus a `nonce`; redirect URI ' +
          '`<PUBLIC_URL>/login/oauth2/code/{provider}`). ' +
          'Google/Kakao without a client id: the development sign-in form (200 HTML) when the development sign-in is on ' +
          '(a loopback `PUBLIC_URL` outside production, or `DEV_SIGN_IN=true`; docs/security.md "Development ' +
          'sign-in"), else 302 `/onboarding?error=provider_not_configured`. `oidc` without `OIDC_ISSUER`: 302 ' +
          '`/onboarding?error=provider_not_configured`; issuer unreachable (discovery failed): 302 ' +
          '`/onboarding?error=oidc_unavailable`. docs/product.md "Sign-in and session", docs/setup.md "Single ' +
          'sign-on (OpenID Connect)".',
        params: providerParams,
        response: {
          200: htmlResponse(
            'Development sign-in form (only when the provider has no client id and the development sign-in is on)',
          ),
          302: redirectResponse('To the provider, or `/onboarding?error=provider_not_configured`'),
          404: errorEnvelopeSchema.describe('Unknown provider (`COMMON404`)'),
          429: errorEnvelopeSchema.describe('Too many attempts (`COMMON429`)'),
        },
      },
    },
    async (request, reply) => {
      const provider = parseProvider(request.params.provider);
      if (!isConfigured(config, provider)) {
        if (!devSignInEnabled || provider === 'oidc') {
          return reply.redirect('/onboarding?error=provider_not_configured', 302);
        }
        return reply
          .code(200)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderDevSignInPage({ provider }));
      }
      let url: URL;
      let cookie: StateCookie;
      if (provider === 'oidc') {
        try {
          const started = await oidc!.startAuthorization();
          url = started.url;
          cookie = { p: 'oidc', s: started.state, v: started.codeVerifier, n: started.nonce };
        } catch (failure) {
          const code = failure instanceof OAuthFlowError ? failure.code : 'oauth_server';
          request.log.warn(
            { provider, code, err: failure instanceof OAuthFlowError ? failure.cause : failure },
            'sign-in could not start',
          );
          return reply.header('cache-control', 'no-store').redirect(`/onboarding?error=${code}`, 302);
        }
      } else {
        ({ url, cookie } = await startAuthorization(config, provider));
      }
      reply.setCookie(OAUTH_STATE_COOKIE, JSON.stringify(cookie), {
        ...cookieBase,
        path: OAUTH_STATE_COOKIE_PATH,
        maxAge: OAUTH_STATE_TTL_SECONDS,
        signed: true,
      });
      return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
    },
  );

  r.get(
    '/login/oauth2/code/:provider',
    {
      config: strictRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'OAuth redirect URI (provider → Momentum)',
        description:
          'Browser navigation from the provider. Checks the signed state cookie (cleared either way), exchanges ' +
          'the code with its PKCE verifier (oidc: and validates the ID token — issuer, audience, expiry, nonce), ' +
          'checks `SIGN_IN_ALLOWED_DOMAINS` (a verified e-mail in a listed domain) and upserts the member by ' +
          '(provider, provider user id). Success: ' +
          '`Set-Cookie: refreshToken` (new family, 14 days) and 302 `/onboarding/loading`. ' +
          'Failure: 302 `/onboarding?error=oauth_denied|oauth_state|oauth_exchange|oauth_userinfo|' +
          'oauth_id_token|oidc_unavailable|domain_not_allowed|provider_not_configured|oauth_server`. ' +
          'docs/product.md "Sign-in and session".',
        params: providerParams,
        querystring: z.object({
          code: z.string().optional().describe('Authorization code'),
          state: z.string().optional().describe('Must equal the state in the signed `oauth_state` cookie'),
          iss: z
            .string()
            .optional()
            .describe('oidc: the issuer (RFC 9207), checked by openid-client when sent'),
          error: z.string().optional().describe('Set by the provider when the user declined'),
          error_description: z.string().optional(),
        }),
        response: {
          302: redirectResponse('`/onboarding/loading` on success, `/onboarding?error=<code>` on failure'),
          400: errorEnvelopeSchema.describe('Malformed query (`VALID400_1`)'),
          404: errorEnvelopeSchema.describe('Unknown provider (`COMMON404`)'),
          429: errorEnvelopeSchema.describe('Too many attempts (`COMMON429`)'),
        },
      },
    },
    async (request, reply) => {
      const provider = parseProvider(request.params.provider);
      const saved = readStateCookie(request);
      clearStateCookie(reply);
      reply.header('cache-control', 'no-store');
      const { code, state, error } = request.query;
      try {
        if (!isConfigured(config, provider)) {
          throw new OAuthFlowError('provider_not_configured', `${provider} is not configured`);
        }
        if (error) throw new OAuthFlowError('oauth_denied', `provider answered error=${error.slice(0, 100)}`);
        if (!saved || saved.p !== provider || !state || !statesMatch(saved.s, state)) {
          throw new OAuthFlowError(
            'oauth_state',
            saved ? 'state mismatch' : 'missing or invalid state cookie',
          );
        }
        if (!code) throw new OAuthFlowError('oauth_exchange', 'no authorization code');
        let identity: SignInIdentity;
        if (provider === 'oidc') {
          if (!saved.n) throw new OAuthFlowError('oauth_state', 'state cookie without a nonce');
          // The redirect URI with the provider's query exactly as received (openid-client reads code, state, iss).
          const callbackUrl = new URL(redirectUri(config, 'oidc'));
          callbackUrl.search = new URL(request.url, 'http://x').search;
          identity = await oidc!.finishAuthorization(
            callbackUrl,
            { state: saved.s, codeVerifier: saved.v, nonce: saved.n },
            (message, err) => request.log.warn({ provider, err }, message),
          );
        } else {
          const providerAccessToken = await exchangeCode(config, provider, code, saved.v);
          identity = await fetchProfile(config, provider, providerAccessToken);
        }
        const refusal = domainRefusal(config.signInAllowedDomains, identity);
        if (refusal) throw new OAuthFlowError('domain_not_allowed', refusal);
        const memberId = await upsertMember(db, identity.profile);
        request.log.info({ provider, memberId }, 'signed in');
        return await completeSignIn(reply, memberId);
      } catch (failure) {
        const flowCode = failure instanceof OAuthFlowError ? failure.code : 'oauth_server';
        if (failure instanceof OAuthFlowError) {
          request.log.warn(
            { provider, code: flowCode, reason: failure.message, err: failure.cause },
            'sign-in failed',
          );
        } else {
          request.log.error({ provider, err: failure }, 'sign-in failed unexpectedly');
        }
        return reply.redirect(`/onboarding?error=${flowCode}`, 302);
      }
    },
  );

  if (devSignInEnabled) {
    r.post(
      '/oauth2/dev/:provider',
      {
        config: strictRateLimit,
        attachValidation: true,
        schema: {
          tags: ['auth'],
          summary: 'Development sign-in (loopback PUBLIC_URL outside production, or DEV_SIGN_IN=true)',
          description:
            'Form post from the development sign-in page. 302 `/onboarding/loading` with the `refreshToken` ' +
            'cookie (member found or created as provider user `dev:<email>`); 400 HTML form with messages when ' +
            'a field is invalid. Only for providers without a client id; absent unless the development sign-in is ' +
            'on (docs/security.md "Development sign-in").',
          params: providerParams,
          body: devSignInFormSchema,
          consumes: ['application/x-www-form-urlencoded'],
          response: {
            302: redirectResponse('`/onboarding/loading`, with `Set-Cookie: refreshToken`'),
            400: htmlResponse(
              'The form again, with Korean messages under the invalid fields (also when the e-mail domain is not ' +
                'in `SIGN_IN_ALLOWED_DOMAINS`)',
            ),
            404: errorEnvelopeSchema.describe(
              'Unknown provider, or the provider is configured (`COMMON404`)',
            ),
            429: errorEnvelopeSchema.describe('Too many attempts (`COMMON429`)'),
          },
        },
      },
      async (request, reply) => {
        const provider = parseProvider(request.params.provider);
        if (provider === 'oidc' || isConfigured(config, provider)) throw new ApiError('COMMON404');
        /** 400 with the form again: Korean `errors` under their fields, the `values` typed so far. */
        const formAgain = (
          errors: Partial<Record<'name' | 'email', string>>,
          values: { name: string; email: string },
        ) =>
          reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(renderDevSignInPage({ provider, errors, values }));
        // Validated here rather than by the route so that a mistake shows the form again, not a JSON envelope.
        const raw: unknown = request.body;
        const parsed = devSignInFormSchema.safeParse(raw);
        if (!parsed.success) {
          const errors: Partial<Record<'name' | 'email', string>> = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path[0];
            if ((field === 'name' || field === 'email') && !errors[field]) errors[field] = issue.message;
          }
          const values = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
          return formAgain(errors, {
            name: typeof values.name === 'string' ? values.name : '',
            email: typeof values.email === 'string' ? values.email : '',
          });
        }
        const email = parsed.data.email.toLowerCase();
        const profile = {
          provider,
          providerUserId: `dev:${email}`,
          name: parsed.data.name,
          email,
          profileImageUrl: null,
        };
        if (domainRefusal(config.signInAllowedDomains, { profile, emailVerified: true })) {
          return formAgain(
            { email: domainNotAllowedMessage(config.signInAllowedDomains) },
            { name: parsed.data.name, email },
          );
        }
        const memberId = await upsertMember(db, profile);
        request.log.info({ provider, memberId }, 'signed in (development)');
        return completeSignIn(reply, memberId);
      },
    );
  }

  r.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in options the login screen shows',
        description:
          'Public. `result.oidc`: `{ displayName }` when the company OpenID Connect sign-in is configured ' +
          '(`OIDC_ISSUER`, …; the login screen then shows "{displayName}(으)로 계속하기"), else null. ' +
          '`result.allowedDomains`: `SIGN_IN_ALLOWED_DOMAINS` (empty: any e-mail), for the refusal message. ' +
          'Cacheable for 5 minutes. docs/setup.md "Single sign-on (OpenID Connect)".',
        response: { 200: signInOptionsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(reply, 'AUTH200_2', {
        oidc: config.oidc ? { displayName: config.oidc.displayName } : null,
        allowedDomains: config.signInAllowedDomains,
      });
    },
  );

  /**
   * Rate limit of the reissue route (docs/setup.md "Sessions across tabs"): keyed by the refresh-token family of the
   * cookie (looked up by the token's hash), `REISSUE_FAMILY_LIMIT_PER_MINUTE` a minute. A request without a known
   * token (no cookie, malformed, unknown) is keyed by IP with the global per-IP budget (`RATE_LIMIT_MAX`): it
   * cannot renew anything and only costs a 401. Refusals are 429 `JWT429_0` with `Retry-After` (seconds) and leave
   * the cookie alone — "try again later", never "signed out".
   */
  const reissueRateLimit = {
    rateLimit: {
      timeWindow: 60_000,
      keyGenerator: async (request: FastifyRequest): Promise<string> => {
        const token = request.cookies[REFRESH_COOKIE_NAME];
        if (token && REFRESH_TOKEN_SHAPE.test(token)) {
          try {
            const familyId = await familyOfToken(db, token);
            if (familyId) return `reissue-family:${familyId}`;
          } catch (error) {
            request.log.warn({ err: error }, 'reissue rate limit: family lookup failed; counting by IP');
          }
        }
        return `reissue-ip:${request.ip}`;
      },
      max: (_request: FastifyRequest, key: string) =>
        key.startsWith('reissue-family:')
          ? REISSUE_FAMILY_LIMIT_PER_MINUTE
          : Math.max(REISSUE_FAMILY_LIMIT_PER_MINUTE, config.rateLimitMax),
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        new ApiError('JWT429_0', null, {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        }),
    },
  };

  r.post(
    '/api/token/reissue',
    {
      config: reissueRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for an access token (rotates the cookie)',
        description:
          'Cookie `refreshToken` in, `{ accessToken }` (15-minute JWT) and a rotated cookie out (same family, ' +
          'fresh 14-day expiry; no new cookie when ' +
          'the token was rotated less than 10 s ago by a parallel request). 401 `JWT401_3` missing, `JWT401_6` ' +
          'unknown, `JWT401_4` expired, `JWT401_5` reused (family revoked); every 401 clears the cookie. 429 ' +
          '`JWT429_0` with `Retry-After` (seconds): too many reissues for this session in a minute; not a sign-out.',
        security: [{ refreshCookie: [] }],
        response: {
          200: reissueResponseSchema,
          401: errorEnvelopeSchema.describe('`JWT401_3` | `JWT401_4` | `JWT401_5` | `JWT401_6`'),
          429: errorEnvelopeSchema.describe(
            '`JWT429_0`: too many reissues for this session (or, without a valid cookie, this IP) in a minute; ' +
              '`Retry-After` header (seconds). The cookie is kept.',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.cookies[REFRESH_COOKIE_NAME];
      if (!token) {
        clearRefreshCookie(reply);
        throw new ApiError('JWT401_3');
      }
      const result = REFRESH_TOKEN_SHAPE.test(token)
        ? await rotateRefreshToken(db, token)
        : ({ ok: false, code: 'JWT401_6' } as const);
      if (!result.ok) {
        clearRefreshCookie(reply);
        if (result.code === 'JWT401_5') request.log.warn('refresh token reuse detected; family revoked');
        throw new ApiError(result.code);
      }
      if (result.next) setRefreshCookie(reply, result.next.token);
      else request.log.info('just-rotated refresh token presented within the grace window; cookie kept');
      const accessToken = await signAccessToken(config.jwtSecret, result.memberId);
      return ok(reply, 'AUTH200_0', { accessToken });
    },
  );

  r.post(
    '/api/token/logout',
    {
      config: strictRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh-token family and clear the cookie',
        description:
          "Revokes the cookie's refresh-token family and clears the cookie; always 200 `AUTH200_1` with " +
          '`result: null`, signed in or not. Access tokens already issued stay valid until they expire ' +
          '(≤ 15 minutes); the client drops its copy.',
        security: [{ refreshCookie: [] }],
        response: {
          200: logoutResponseSchema,
          429: errorEnvelopeSchema.describe('Too many attempts (`COMMON429`)'),
        },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE_NAME];
      if (token && REFRESH_TOKEN_SHAPE.test(token)) await revokeFamilyOf(db, token);
      clearRefreshCookie(reply);
      return ok(reply, 'AUTH200_1', null);
    },
  );
}
