import { responseCookie, testEnv, useTestApp } from '../../support/test-app';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../../../server/config';
import { member } from '../../../../server/db/schema';
import { type FakeProvider, startFakeProvider, fakeProviderEnv } from '../../support/fake-oauth-provider';

/**
 * `SIGN_IN_ALLOWED_DOMAINS` with Google, Kakao and the development sign-in, and the single sign-on configuration
 * (docs/setup.md "Single sign-on (OpenID Connect)"). The OpenID Connect flow itself: oidc.test.ts.
 */
const GOOGLE = { id: 'momentum-web.apps.googleusercontent.com', secret: 'google-client-secret' };
const KAKAO = { id: 'kakao-rest-api-key', secret: 'kakao-client-secret' };

let fake: FakeProvider;
let app: FastifyInstance;
let devForm: FastifyInstance;
beforeAll(async () => {
  fake = await startFakeProvider({ google: GOOGLE, kakao: KAKAO });
});
afterAll(async () => {
  await fake?.close();
});
const run = useTestApp(
  () => ({
    env: {
      SIGN_IN_ALLOWED_DOMAINS: 'acme.co.kr, @Acme.com',
      ...fakeProviderEnv(fake, { google: GOOGLE, kakao: KAKAO }),
    },
  }),
  async (started) => {
    app = started.app;
    // No Google client id on a loopback PUBLIC_URL: the development sign-in form.
    devForm = await started.another({ env: { SIGN_IN_ALLOWED_DOMAINS: 'acme.co.kr' } });
  },
);

async function signInWith(provider: 'google' | 'kakao', userinfo: unknown) {
  const started = await app.inject({ method: 'GET', url: `/oauth2/authorization/${provider}` });
  const location = new URL(started.headers.location as string);
  const code = fake.approve(provider, location, userinfo);
  return app.inject({
    method: 'GET',
    url: `/login/oauth2/code/${provider}?${new URLSearchParams({ code, state: location.searchParams.get('state')! })}`,
    cookies: { oauth_state: responseCookie(started, 'oauth_state')!.value },
  });
}

const membersOf = (provider: string, id: string) =>
  run.testDb.database.db
    .select()
    .from(member)
    .where(and(eq(member.provider, provider), eq(member.providerUserId, id)));

const signedIn = (res: { statusCode: number; headers: Record<string, unknown> }) =>
  res.statusCode === 302 && res.headers.location === '/onboarding/loading';
const refused = (res: { headers: Record<string, unknown> }) =>
  res.headers.location === '/onboarding?error=domain_not_allowed';

describe('SIGN_IN_ALLOWED_DOMAINS with Google and Kakao', () => {
  it('Google: a verified e-mail of a listed domain (any case) signs in; another domain or unverified is refused', async () => {
    expect(signedIn(await signInWith('google', { sub: 'g-1', email: 'Minji@ACME.com', name: '민지' }))).toBe(
      true,
    );
    const other = await signInWith('google', { sub: 'g-2', email: 'eve@gmail.com', email_verified: true });
    expect(refused(other)).toBe(true);
    expect(responseCookie(other, 'refreshToken')).toBeUndefined();
    const unverified = await signInWith('google', {
      sub: 'g-3',
      email: 'bob@acme.co.kr',
      email_verified: false,
    });
    expect(refused(unverified)).toBe(true);
    // A subdomain is another domain.
    expect(refused(await signInWith('google', { sub: 'g-4', email: 'kim@mail.acme.co.kr' }))).toBe(true);
    expect(await membersOf('google', 'g-1')).toHaveLength(1);
    for (const id of ['g-2', 'g-3', 'g-4']) expect(await membersOf('google', id)).toHaveLength(0);
  });

  it('Kakao: an account without an e-mail, or with an unverified one, is refused', async () => {
    expect(
      refused(await signInWith('kakao', { id: 11, kakao_account: { profile: { nickname: '무메일' } } })),
    ).toBe(true);
    const unverified = await signInWith('kakao', {
      id: 12,
      kakao_account: { email: 'kim@acme.co.kr', is_email_verified: false, profile: { nickname: '김' } },
    });
    expect(refused(unverified)).toBe(true);
    const verified = await signInWith('kakao', {
      id: 13,
      kakao_account: { email: 'kim@acme.co.kr', is_email_valid: true, is_email_verified: true },
    });
    expect(signedIn(verified)).toBe(true);
    expect(await membersOf('kakao', '11')).toHaveLength(0);
    expect(await membersOf('kakao', '13')).toHaveLength(1);
  });

  it('the development sign-in form refuses another domain with a Korean message under the e-mail', async () => {
    const post = (email: string) =>
      devForm.inject({
        method: 'POST',
        url: '/oauth2/dev/google',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: '개발자', email }).toString(),
      });
    const other = await post('dev@example.com');
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('회사 계정(acme.co.kr)으로만 로그인할 수 있어요.');
    expect(responseCookie(other, 'refreshToken')).toBeUndefined();
    expect(signedIn(await post('dev@acme.co.kr'))).toBe(true);
  });

  it('the login screen learns no company button and the allowed domains', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json().result).toEqual({ oidc: null, allowedDomains: ['acme.co.kr', 'acme.com'] });
    const start = await app.inject({ method: 'GET', url: '/oauth2/authorization/oidc' });
    expect(start.headers.location).toBe('/onboarding?error=provider_not_configured');
  });
});

describe('single sign-on configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(testEnv(env));
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('needs the issuer, client id and client secret together, and names what is missing', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://login.example.com/realms/acme' })).toEqual([
      'OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set (single sign-on needs the issuer, ' +
        'client id and client secret)',
    ]);
    expect(problemsOf({ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })[0]).toMatch(/^OIDC_ISSUER: required/);
    expect(problemsOf({ OIDC_DISPLAY_NAME: '사내 계정' })).toEqual([
      'OIDC_ISSUER: required when OIDC_DISPLAY_NAME or OIDC_SCOPES is set',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'ldap://x', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toEqual([
      'OIDC_ISSUER: must be an http(s) URL',
    ]);
  });

  it('defaults the display name and scopes; keeps the issuer as given', () => {
    const config = loadConfig(
      testEnv({
        OIDC_ISSUER: 'https://tenant.example.com/',
        OIDC_CLIENT_ID: 'momentum',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_SCOPES: 'email,profile groups',
      }),
    );
    expect(config.oidc).toEqual({
      issuer: 'https://tenant.example.com/',
      clientId: 'momentum',
      clientSecret: 'secret',
      displayName: '사내 계정',
      scopes: 'openid email profile groups',
    });
    expect(loadConfig(testEnv()).oidc).toBeNull();
  });

  it('reads SIGN_IN_ALLOWED_DOMAINS as lower-case domains and refuses what is not a domain', () => {
    expect(
      loadConfig(testEnv({ SIGN_IN_ALLOWED_DOMAINS: 'Acme.co.kr,acme.com, acme.com' })).signInAllowedDomains,
    ).toEqual(['acme.co.kr', 'acme.com']);
    expect(loadConfig(testEnv()).signInAllowedDomains).toEqual([]);
    expect(problemsOf({ SIGN_IN_ALLOWED_DOMAINS: 'acme, *.acme.com' })).toEqual([
      'SIGN_IN_ALLOWED_DOMAINS: must be comma-separated e-mail domains, e.g. example.com,example.co.kr',
    ]);
  });
});
