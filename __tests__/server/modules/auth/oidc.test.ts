import { type TestDatabase, responseCookie, useTestApp } from '../../support/test-app';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { member } from '../../../../server/db/schema';
import { type TestOidcProvider, startOidcProvider } from '../../support/oidc-provider';

/**
 * Single sign-on with the company's OpenID Connect provider (docs/setup.md "Single sign-on (OpenID Connect)") against
 * a real provider (oidc-provider, started here): discovery, code flow with PKCE, state and nonce, ID token
 * validation, and `SIGN_IN_ALLOWED_DOMAINS`.
 */
const REDIRECT_URI = 'http://localhost:3000/login/oauth2/code/oidc';
const CLIENT = {
  client_id: 'momentum-web',
  client_secret: 'momentum-oidc-client-secret-0123456789',
  redirect_uris: [REDIRECT_URI],
};
const ACCOUNTS = {
  minji: { email: 'minji@acme.co.kr', email_verified: true, name: '김민지' },
  outsider: { email: 'eve@gmail.com', email_verified: true, name: 'Eve' },
  unverified: { email: 'bob@acme.co.kr', email_verified: false, name: 'Bob' },
  'no-email': { name: '이메일없음' },
};

let provider: TestOidcProvider;
let app: FastifyInstance;
let restricted: FastifyInstance;
let issuerDown: FastifyInstance;
let testDb: TestDatabase;
/** The main app's log lines (warn and above): why a sign-in was refused. */
const logLines: Array<{ level: number; msg: string; code?: string; reason?: string }> = [];
const lastRefusal = () => logLines.filter((line) => line.msg === 'sign-in failed').at(-1);

beforeAll(async () => {
  provider = await startOidcProvider({ clients: [CLIENT], accounts: ACCOUNTS });
}, 30_000);

const oidcEnv = () => ({
  OIDC_ISSUER: provider.url,
  OIDC_CLIENT_ID: CLIENT.client_id,
  OIDC_CLIENT_SECRET: CLIENT.client_secret,
  OIDC_DISPLAY_NAME: '에이크미 계정',
});

useTestApp(
  () => ({
    env: { ...oidcEnv(), LOG_LEVEL: 'warn' },
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  }),
  async (started) => {
    ({ app, testDb } = started);
    restricted = await started.another({ env: { ...oidcEnv(), SIGN_IN_ALLOWED_DOMAINS: 'acme.co.kr' } });
    // Nothing listens on port 9 of this machine: the issuer is down when the server starts and stays down.
    issuerDown = await started.another({
      env: { ...oidcEnv(), OIDC_ISSUER: 'http://127.0.0.1:9/realms/acme' },
    });
  },
);

afterAll(async () => {
  await provider?.close();
});

/** Momentum's redirect to the provider and its signed state cookie. */
async function start(target = app) {
  const res = await target.inject({ method: 'GET', url: '/oauth2/authorization/oidc' });
  expect(res.statusCode).toBe(302);
  const cookie = responseCookie(res, 'oauth_state');
  expect(cookie).toBeDefined();
  return { location: new URL(res.headers.location as string), cookie: cookie!.value };
}

/** The browser coming back to Momentum from `url` (the redirect URI with the provider's query). */
function callback(target: FastifyInstance, url: URL, stateCookie: string) {
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  return target.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    cookies: { oauth_state: stateCookie },
  });
}

/** A whole sign-in as `account`; `tamper` may change the authorization URL before the browser follows it. */
async function signIn(account: string, target = app, tamper: (url: URL) => void = () => {}) {
  const { location, cookie } = await start(target);
  tamper(location);
  const back = await provider.authorize(location, account);
  return callback(target, back, cookie);
}

const oidcMembers = () => testDb.database.db.select().from(member).where(eq(member.provider, 'oidc'));
const memberOf = async (sub: string) => (await oidcMembers()).filter((m) => m.providerUserId === sub);

/** The session the callback started works: a reissued access token reaches a signed-in route. */
async function expectSignedIn(res: Awaited<ReturnType<typeof callback>>, target = app) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/onboarding/loading');
  const refresh = responseCookie(res, 'refreshToken');
  expect(refresh).toMatchObject({ path: '/api/token', httpOnly: true });
  const reissued = await target.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: { refreshToken: refresh!.value },
  });
  expect(reissued.statusCode).toBe(200);
  const profile = await target.inject({
    method: 'GET',
    url: '/api/workspace/setting',
    headers: { authorization: `Bearer ${reissued.json().result.accessToken}` },
  });
  expect(profile.json().code).toBe('WORKSPACE404_0');
}

function expectRefused(res: Awaited<ReturnType<typeof callback>>, code: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/onboarding?error=${code}`);
  expect(responseCookie(res, 'refreshToken')).toBeUndefined();
}

describe('OpenID Connect sign-in', () => {
  it('tells the login screen about the company button (display name) and the allowed domains', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isSuccess: true,
      result: { oidc: { displayName: '에이크미 계정' }, allowedDomains: [] },
    });
    const limited = await restricted.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(limited.json().result.allowedDomains).toEqual(['acme.co.kr']);
  });

  it('sends the browser to the discovered authorization endpoint with PKCE S256, state, nonce and scopes', async () => {
    const { location, cookie } = await start();
    expect(location.origin).toBe(provider.url);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.client_id,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state!.length).toBeGreaterThanOrEqual(32);
    expect(params.nonce!.length).toBeGreaterThanOrEqual(32);
    // The signed cookie carries state, verifier and nonce; the URL never carries the verifier.
    expect(cookie).not.toContain(params.code_challenge);
  });

  it('creates the member from the ID token and userinfo claims, and finds the same member next time', async () => {
    const first = await signIn('minji');
    await expectSignedIn(first);
    const rows = await memberOf('minji');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '김민지', email: 'minji@acme.co.kr', provider: 'oidc' });

    const second = await signIn('minji');
    await expectSignedIn(second);
    const again = await memberOf('minji');
    expect(again).toHaveLength(1);
    expect(again[0]!.id).toBe(rows[0]!.id);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const before = (await oidcMembers()).length;
    const res = await signIn('outsider', app, (url) =>
      url.searchParams.set('nonce', 'a-nonce-of-another-sign-in'),
    );
    expectRefused(res, 'oauth_id_token');
    expect(lastRefusal()).toMatchObject({ code: 'oauth_id_token' });
    expect(lastRefusal()!.reason).toContain('OAUTH_JWT_CLAIM_COMPARISON_FAILED');
    expect(await oidcMembers()).toHaveLength(before);
  });

  it('refuses an expired ID token', async () => {
    await provider.setClock(-2 * 60 * 60);
    try {
      const res = await signIn('outsider');
      expectRefused(res, 'oauth_id_token');
      expect(lastRefusal()!.reason).toContain('OAUTH_JWT_TIMESTAMP_CHECK_FAILED');
    } finally {
      await provider.setClock(0);
    }
    expect(await memberOf('outsider')).toHaveLength(0);
  });

  it('refuses a state that is not the one in the signed cookie', async () => {
    const { location, cookie } = await start();
    const back = await provider.authorize(location, 'minji');
    back.searchParams.set('state', 'someone-elses-state-0123456789abcdef');
    expectRefused(await callback(app, back, cookie), 'oauth_state');

    // A cookie from another sign-in attempt does not fit either.
    const other = await start();
    const back2 = await provider.authorize(location, 'minji');
    expectRefused(await callback(app, back2, other.cookie), 'oauth_state');
  });

  it('reports the provider declining as oauth_denied', async () => {
    const { cookie } = await start();
    const res = await app.inject({
      method: 'GET',
      url: '/login/oauth2/code/oidc?error=access_denied&state=x',
      cookies: { oauth_state: cookie },
    });
    expectRefused(res, 'oauth_denied');
  });
});

describe('SIGN_IN_ALLOWED_DOMAINS with OpenID Connect', () => {
  it('signs in a verified e-mail of a listed domain', async () => {
    await expectSignedIn(await signIn('minji', restricted), restricted);
  });

  it('refuses another domain, an unverified e-mail and no e-mail, creating no member', async () => {
    expectRefused(await signIn('outsider', restricted), 'domain_not_allowed');
    expectRefused(await signIn('unverified', restricted), 'domain_not_allowed');
    expectRefused(await signIn('no-email', restricted), 'domain_not_allowed');
    expect(await memberOf('outsider')).toHaveLength(0);
    expect(await memberOf('unverified')).toHaveLength(0);
    expect(await memberOf('no-email')).toHaveLength(0);
  });

  it('refuses an existing member of another domain at their next sign-in', async () => {
    await expectSignedIn(await signIn('outsider', app));
    expect(await memberOf('outsider')).toHaveLength(1);
    expectRefused(await signIn('outsider', restricted), 'domain_not_allowed');
  });
});

describe('issuer unreachable', () => {
  it('the server started; sign-in ends on the login screen with oidc_unavailable', async () => {
    const providers = await issuerDown.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json().result.oidc).toEqual({ displayName: '에이크미 계정' });
    const res = await issuerDown.inject({ method: 'GET', url: '/oauth2/authorization/oidc' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/onboarding?error=oidc_unavailable');
    expect(responseCookie(res, 'oauth_state')).toBeUndefined();
  });
});

describe('issuer down at start, up later', () => {
  it('discovers the issuer at a sign-in after it came up (failures are not cached)', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const { createTestApp } = await import('../../support/test-app');
    const { app: late } = await createTestApp({
      database: testDb.database,
      env: { ...oidcEnv(), OIDC_ISSUER: `http://127.0.0.1:${port}` },
    });
    let lateProvider: TestOidcProvider | undefined;
    try {
      const down = await late.inject({ method: 'GET', url: '/oauth2/authorization/oidc' });
      expect(down.headers.location).toBe('/onboarding?error=oidc_unavailable');

      lateProvider = await startOidcProvider({ clients: [CLIENT], accounts: ACCOUNTS, port });
      // The next attempt after the retry delay (OIDC_DISCOVERY_RETRY_MS, 5 s) discovers it.
      const realNow = Date.now;
      const now = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 6_000);
      let started;
      try {
        started = await late.inject({ method: 'GET', url: '/oauth2/authorization/oidc' });
      } finally {
        now.mockRestore();
      }
      expect(new URL(started.headers.location as string).origin).toBe(lateProvider.url);
      const back = await lateProvider.authorize(new URL(started.headers.location as string), 'minji');
      const res = await callback(late, back, responseCookie(started, 'oauth_state')!.value);
      await expectSignedIn(res, late);
    } finally {
      await lateProvider?.close();
      await late.close();
    }
  }, 30_000);
});
