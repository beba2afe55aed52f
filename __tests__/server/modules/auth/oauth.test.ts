import { type TestDatabase, responseCookie, useTestApp } from '../../support/test-app';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { member } from '../../../../server/db/schema';
import {
  type FakeProvider,
  type FakeProviderName,
  USERINFO_FAILS,
  startFakeProvider,
  fakeProviderEnv,
} from '../../support/fake-oauth-provider';

/**
 * The real OAuth code flow (state + PKCE) for Google and Kakao against a local fake provider
 * (docs/product.md "Sign-in and session").
 */
const GOOGLE = { id: 'momentum-web.apps.googleusercontent.com', secret: 'google-client-secret' };
const KAKAO = { id: 'kakao-rest-api-key', secret: 'kakao-client-secret' };

let fake: FakeProvider;
let testDb: TestDatabase;
let app: FastifyInstance;
let unconfigured: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeProvider({ google: GOOGLE, kakao: KAKAO });
});

useTestApp(
  () => ({
    env: {
      ...fakeProviderEnv(fake, { google: GOOGLE, kakao: KAKAO }),
    },
  }),
  async (started) => {
    ({ app, testDb } = started);
    unconfigured = await started.another();
  },
);

afterAll(async () => {
  await fake?.close();
});

/** Starts sign-in: Momentum's redirect to the provider and its signed state cookie. */
async function start(provider: FakeProviderName) {
  const res = await app.inject({ method: 'GET', url: `/oauth2/authorization/${provider}` });
  expect(res.statusCode).toBe(302);
  const cookie = responseCookie(res, 'oauth_state');
  expect(cookie).toBeDefined();
  return { location: new URL(res.headers.location as string), cookie: cookie! };
}

/** The browser coming back from the provider. */
function callback(provider: FakeProviderName, query: Record<string, string>, stateCookie?: string) {
  return app.inject({
    method: 'GET',
    url: `/login/oauth2/code/${provider}?${new URLSearchParams(query).toString()}`,
    cookies: stateCookie ? { oauth_state: stateCookie } : {},
  });
}

async function memberFor(provider: string, providerUserId: string) {
  const rows = await testDb.database.db
    .select()
    .from(member)
    .where(and(eq(member.provider, provider), eq(member.providerUserId, providerUserId)));
  return rows;
}

/** Follows the session the callback started: reissue, then the workspace profile (404 before onboarding). */
async function expectSignedIn(res: Awaited<ReturnType<typeof callback>>) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/onboarding/loading');
  const refresh = responseCookie(res, 'refreshToken');
  expect(refresh).toMatchObject({ path: '/api/token', httpOnly: true, sameSite: 'Lax' });
  expect(responseCookie(res, 'oauth_state')?.value).toBe('');

  const reissued = await app.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: { refreshToken: refresh!.value },
  });
  expect(reissued.statusCode).toBe(200);
  const profile = await app.inject({
    method: 'GET',
    url: '/api/workspace/setting',
    headers: { authorization: `Bearer ${reissued.json().result.accessToken}` },
  });
  expect(profile.json().code).toBe('WORKSPACE404_0');
}

function expectFailure(res: Awaited<ReturnType<typeof callback>>, code: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/onboarding?error=${code}`);
  expect(responseCookie(res, 'refreshToken')).toBeUndefined();
  expect(responseCookie(res, 'oauth_state')?.value).toBe('');
}

describe('Google', () => {
  it('redirects to the provider with state, PKCE S256, scopes and the redirect URI', async () => {
    const { location, cookie } = await start('google');
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/google/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: GOOGLE.id,
      redirect_uri: 'http://localhost:3000/login/oauth2/code/google',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state!.length).toBeGreaterThanOrEqual(32);
    expect(cookie).toMatchObject({ path: '/login/oauth2', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
  });

  it('signs the member in: code exchanged with Basic auth and the PKCE verifier, profile stored', async () => {
    const { location, cookie } = await start('google');
    const code = fake.approve('google', location, {
      sub: '109876543210',
      email: 'minji@gmail.com',
      name: '김민지',
      picture: 'https://lh3.googleusercontent.com/a/minji',
    });
    const res = await callback('google', { code, state: location.searchParams.get('state')! }, cookie.value);
    await expectSignedIn(res);

    const request = fake.tokenRequests.at(-1)!;
    expect(request.provider).toBe('google');
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${GOOGLE.id}:${GOOGLE.secret}`).toString('base64')}`,
    );
    expect(request.form.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(request.form.client_secret).toBeUndefined();

    const rows = await memberFor('google', '109876543210');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: '김민지',
      email: 'minji@gmail.com',
      profileImageUrl: 'https://lh3.googleusercontent.com/a/minji',
    });
  });

  it('finds the same member on the next sign-in, follows the name, keeps an uploaded picture', async () => {
    const [existing] = await memberFor('google', '109876543210');
    await testDb.database.db
      .update(member)
      .set({ profileImageUrl: '/uploads/profile/custom.webp' })
      .where(eq(member.id, existing!.id));

    const { location, cookie } = await start('google');
    const code = fake.approve('google', location, {
      sub: '109876543210',
      email: 'minji@gmail.com',
      name: '김민지 (디자인)',
      picture: 'https://lh3.googleusercontent.com/a/other',
    });
    await expectSignedIn(
      await callback('google', { code, state: location.searchParams.get('state')! }, cookie.value),
    );

    const rows = await memberFor('google', '109876543210');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: existing!.id,
      name: '김민지 (디자인)',
      profileImageUrl: '/uploads/profile/custom.webp',
    });
  });
});

describe('Kakao', () => {
  it('signs the member in with client_secret in the form body and the Kakao profile fields', async () => {
    const { location, cookie } = await start('kakao');
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/kakao/authorize`);
    expect(location.searchParams.get('scope')).toBe('profile_nickname profile_image account_email');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/login/oauth2/code/kakao');

    const code = fake.approve('kakao', location, {
      id: 4242424242,
      connected_at: '2026-11-21T01:00:00Z',
      kakao_account: {
        email: 'hyunwoo@kakao.com',
        profile: {
          nickname: '현우',
          thumbnail_image_url: 'http://k.kakaocdn.net/dn/thumb.jpg',
          is_default_image: false,
        },
      },
    });
    await expectSignedIn(
      await callback('kakao', { code, state: location.searchParams.get('state')! }, cookie.value),
    );

    const request = fake.tokenRequests.at(-1)!;
    expect(request.provider).toBe('kakao');
    expect(request.authorization).toBeUndefined();
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.form).toMatchObject({
      grant_type: 'authorization_code',
      client_id: KAKAO.id,
      client_secret: KAKAO.secret,
      redirect_uri: 'http://localhost:3000/login/oauth2/code/kakao',
      code,
    });

    const rows = await memberFor('kakao', '4242424242');
    expect(rows).toHaveLength(1);
    // Kakao's http CDN links are upgraded (the CSP allows https images only).
    expect(rows[0]).toMatchObject({
      name: '현우',
      email: 'hyunwoo@kakao.com',
      profileImageUrl: 'https://k.kakaocdn.net/dn/thumb.jpg',
    });
  });
});

describe('failures go back to onboarding with a short code', () => {
  it('oauth_state: the state does not match the cookie, and nothing is exchanged', async () => {
    const { location, cookie } = await start('google');
    const code = fake.approve('google', location, { sub: 'never' });
    const before = fake.tokenRequests.length;
    expectFailure(await callback('google', { code, state: 'forged-state' }, cookie.value), 'oauth_state');
    expect(fake.tokenRequests.length).toBe(before);
    expect(await memberFor('google', 'never')).toHaveLength(0);
  });

  it('oauth_state: no cookie, a tampered cookie, or the cookie of the other provider', async () => {
    const { location, cookie } = await start('google');
    const state = location.searchParams.get('state')!;
    const code = fake.approve('google', location, { sub: 'never' });
    expectFailure(await callback('google', { code, state }), 'oauth_state');

    // Same signature, different content.
    const [value, signature] = [
      cookie.value.slice(0, cookie.value.lastIndexOf('.')),
      cookie.value.split('.').at(-1),
    ];
    const tampered = `${value.replace(/"p":"google"/, '"p":"kakao"')}.${signature}`;
    expectFailure(await callback('kakao', { code, state }, tampered), 'oauth_state');

    // A valid Google cookie presented to the Kakao callback.
    expectFailure(await callback('kakao', { code, state }, cookie.value), 'oauth_state');
  });

  it('oauth_denied: the user declined at the provider', async () => {
    const { location, cookie } = await start('kakao');
    const res = await callback(
      'kakao',
      {
        error: 'access_denied',
        error_description: 'User denied access',
        state: location.searchParams.get('state')!,
      },
      cookie.value,
    );
    expectFailure(res, 'oauth_denied');
  });

  it('oauth_exchange: the provider rejects a verifier that does not match the challenge', async () => {
    const a = await start('google');
    const b = await start('google');
    // The code is bound to B's challenge but presented with A's state cookie (A's verifier).
    const code = fake.approve('google', b.location, { sub: 'never' });
    const res = await callback(
      'google',
      { code, state: a.location.searchParams.get('state')! },
      a.cookie.value,
    );
    expectFailure(res, 'oauth_exchange');
    expect(fake.tokenRequests.at(-1)!.form.code_verifier).toBeDefined();
  });

  it('oauth_userinfo: the profile cannot be read', async () => {
    const { location, cookie } = await start('kakao');
    const code = fake.approve('kakao', location, USERINFO_FAILS);
    expectFailure(
      await callback('kakao', { code, state: location.searchParams.get('state')! }, cookie.value),
      'oauth_userinfo',
    );
  });

  it('provider_not_configured: a callback for a provider without a client id', async () => {
    const res = await unconfigured.inject({ method: 'GET', url: '/login/oauth2/code/google?code=x&state=y' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/onboarding?error=provider_not_configured');
  });
});
