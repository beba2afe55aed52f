import {
  TEST_JWT_SECRET,
  type TestDatabase,
  createTestApp,
  responseCookie,
  useTestApp,
} from '../../support/test-app';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { member, refreshToken, team, workspace } from '../../../../server/db/schema';
import { ROTATION_GRACE_MS, rotateRefreshToken } from '../../../../server/modules/auth/refresh-tokens';
import { REISSUE_FAMILY_LIMIT_PER_MINUTE } from '../../../../server/modules/auth/routes';
import { hashRefreshToken, signAccessToken } from '../../../../server/modules/auth/tokens';
import { asMember, signIn } from '../../support/members';

/**
 * Sign-in and session as docs/product.md "Sign-in and session" describes them: development sign-in, refresh
 * rotation with reuse detection, logout, access-token checks, and the workspace profile the loading screen reads.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let production: FastifyInstance;
let httpsApp: FastifyInstance;
/** The default rate limit (RATE_LIMIT_MAX 300): the per-IP limit of auth routes would be 30 a minute. */
let defaultLimits: FastifyInstance;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
  production = await started.another({ env: { NODE_ENV: 'production' } });
  httpsApp = await started.another({
    // A reachable https server: the development sign-in only because it is switched on explicitly.
    env: { PUBLIC_URL: 'https://momentum.example', DEV_SIGN_IN: 'true' },
  });
  defaultLimits = await started.another({ env: { RATE_LIMIT_MAX: '300' } });
});

const db = () => testDb.database.db;

/** Signs in through the development form and returns the refresh token the cookie carries. */
async function devSignIn(name: string, email: string, target = app): Promise<string> {
  const res = await target.inject({
    method: 'POST',
    url: '/oauth2/dev/google',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ name, email }).toString(),
  });
  expect(res.statusCode).toBe(302);
  const cookie = responseCookie(res, 'refreshToken');
  expect(cookie?.value).toBeTruthy();
  return cookie!.value;
}

function reissue(token?: string, target = app, remoteAddress?: string) {
  return target.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: token ? { refreshToken: token } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The family's rows: how many there are and how many are revoked. */
async function familyState(token: string) {
  const [row] = await db()
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashRefreshToken(token)));
  const rows = await db().select().from(refreshToken).where(eq(refreshToken.familyId, row!.familyId));
  return { rows: rows.length, revoked: rows.filter((r) => r.revokedAt !== null).length };
}

/** The response clears the refresh cookie (empty value, expired, same path). */
function expectCookieCleared(res: Awaited<ReturnType<typeof reissue>>) {
  const cookie = responseCookie(res, 'refreshToken');
  expect(cookie).toBeDefined();
  expect(cookie!.value).toBe('');
  expect(cookie!.path).toBe('/api/token');
  expect(cookie!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
}

describe('development sign-in', () => {
  it('shows a Korean development-only form with labelled name and email fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/oauth2/authorization/google' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain('개발 환경에서만 사용하는 로그인');
    expect(html).toMatch(/<form method="post" action="\/oauth2\/dev\/google"/);
    expect(html).toMatch(/<label for="name">이름<\/label>/);
    expect(html).toMatch(/<input id="name" name="name" type="text"/);
    expect(html).toMatch(/<label for="email">이메일<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<button type="submit">로그인<\/button>/);
    expect(html).not.toMatch(/<script/);
  });

  it('answers unknown providers with a 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/oauth2/authorization/github' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'COMMON404' });
  });

  it('creates the member, sets the refresh cookie and goes to the loading screen', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/dev/google',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=%EA%B9%80%EB%AF%BC%EC%88%98&email=Minsu%40Example.com',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/onboarding/loading');
    const cookie = responseCookie(res, 'refreshToken')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({
      path: '/api/token',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 14 * 24 * 60 * 60,
    });
    expect(cookie.secure).toBeFalsy();

    const rows = await db().select().from(member).where(eq(member.providerUserId, 'dev:minsu@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'google',
      name: '김민수',
      email: 'minsu@example.com',
      workspaceId: null,
    });

    // Only the hash is stored.
    const tokens = await db().select().from(refreshToken).where(eq(refreshToken.memberId, rows[0]!.id));
    expect(tokens.map((t) => t.tokenHash)).toContain(hashRefreshToken(cookie.value));
    expect(tokens.map((t) => t.tokenHash)).not.toContain(cookie.value);

    // Signing in again finds the same member.
    await devSignIn('김민수', 'minsu@example.com');
    expect(
      await db().select().from(member).where(eq(member.providerUserId, 'dev:minsu@example.com')),
    ).toHaveLength(1);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const res = await httpsApp.inject({
      method: 'POST',
      url: '/oauth2/dev/kakao',
      payload: { name: '이수진', email: 'sujin@example.com' },
    });
    expect(res.statusCode).toBe(302);
    expect(responseCookie(res, 'refreshToken')?.secure).toBe(true);
  });

  it('shows the form again with Korean messages and the escaped input when a field is invalid', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/dev/google',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: '   ', email: '<script>alert(1)</script>' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('이름을 입력해 주세요.');
    expect(res.body).toContain('올바른 이메일 주소를 입력해 주세요.');
    expect(res.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).not.toContain('<script>alert');
    expect(responseCookie(res, 'refreshToken')).toBeUndefined();
  });

  it('is refused in production: no dev route, and no form without a client id', async () => {
    const form = await production.inject({ method: 'GET', url: '/oauth2/authorization/google' });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe('/onboarding?error=provider_not_configured');

    const post = await production.inject({
      method: 'POST',
      url: '/oauth2/dev/google',
      payload: { name: '침입자', email: 'intruder@example.com' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ isSuccess: false, code: 'COMMON404' });
    expect(responseCookie(post, 'refreshToken')).toBeUndefined();
    expect(
      await db().select().from(member).where(eq(member.providerUserId, 'dev:intruder@example.com')),
    ).toHaveLength(0);
  });
});

describe('development sign-in and clock: loopback PUBLIC_URL or DEV_SIGN_IN (issue #23)', () => {
  /** A test app with `env`, its log lines at warn level, and whether the form, the post and the clock answer. */
  async function probe(env: Record<string, string>) {
    const lines: string[] = [];
    const { app: probed } = await createTestApp({
      database: testDb.database,
      env: { LOG_LEVEL: 'warn', ...env },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const form = await probed.inject({ method: 'GET', url: '/oauth2/authorization/google' });
      const email = `probe-${lines.length}-${Math.random().toString(36).slice(2)}@example.com`;
      const post = await probed.inject({
        method: 'POST',
        url: '/oauth2/dev/google',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: '탐색', email }).toString(),
      });
      const member = await signIn(app, '시계');
      const clock = await asMember(probed, member, 'POST', '/api/dev/clock', { payload: { reset: true } });
      const warnings = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40)
        .map((entry) => entry.msg);
      return {
        form: form.statusCode === 200 ? 'form' : form.headers.location,
        post: post.statusCode,
        clock: clock.statusCode === 200 ? 'moved' : clock.json().code,
        warnings,
      };
    } finally {
      await probed.close();
    }
  }

  it('on by default for a loopback PUBLIC_URL outside production (localhost, 127.0.0.0/8, [::1]); no warning', async () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.2:8080', 'http://[::1]:3000']) {
      const result = await probe({ PUBLIC_URL: url });
      expect([url, result]).toEqual([url, { form: 'form', post: 302, clock: 'moved', warnings: [] }]);
    }
  });

  it('off for a reachable PUBLIC_URL outside production, which also warns at start', async () => {
    for (const url of [
      'http://192.168.0.10:3000',
      'https://momentum.example',
      'http://localhost.example.com',
    ]) {
      const result = await probe({ PUBLIC_URL: url, NODE_ENV: 'development' });
      expect([url, result.form, result.post, result.clock]).toEqual([
        url,
        '/onboarding?error=provider_not_configured',
        404,
        'CLOCK403_0',
      ]);
      expect(result.warnings).toEqual([expect.stringContaining('non-loopback PUBLIC_URL')]);
    }
  });

  it('off in production, even on localhost; DEV_SIGN_IN=false turns it off on localhost too', async () => {
    for (const env of [{ NODE_ENV: 'production' }, { DEV_SIGN_IN: 'false' }] as Record<string, string>[]) {
      const result = await probe(env);
      expect([env, result.form, result.post, result.clock]).toEqual([
        env,
        '/onboarding?error=provider_not_configured',
        404,
        'CLOCK403_0',
      ]);
    }
  });

  it('DEV_SIGN_IN=true turns it on for a reachable server outside production, with warnings at start', async () => {
    const result = await probe({ PUBLIC_URL: 'https://demo.momentum.example', DEV_SIGN_IN: 'true' });
    expect([result.form, result.post, result.clock]).toEqual(['form', 302, 'moved']);
    expect(result.warnings).toContainEqual(expect.stringContaining('DEV_SIGN_IN=true'));
    // In production it cannot be switched on: the server does not start.
    await expect(
      createTestApp({ database: testDb.database, env: { NODE_ENV: 'production', DEV_SIGN_IN: 'true' } }),
    ).rejects.toThrow(/DEV_SIGN_IN: cannot be true in production/);
  });
});

describe('POST /api/token/reissue', () => {
  it('returns a 15-minute access token for the member and rotates the cookie', async () => {
    const token = await devSignIn('박지훈', 'jihoon@example.com');
    const [row] = await db().select().from(member).where(eq(member.providerUserId, 'dev:jihoon@example.com'));

    const res = await reissue(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, code: 'AUTH200_0', message: '토큰을 재발급했습니다.' });

    const { payload, protectedHeader } = await jwtVerify(
      body.result.accessToken,
      new TextEncoder().encode(TEST_JWT_SECRET),
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: String(row!.id), typ: 'access' });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);

    const next = responseCookie(res, 'refreshToken')!;
    expect(next.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.value).not.toBe(token);
    expect(next).toMatchObject({
      path: '/api/token',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 14 * 24 * 60 * 60,
    });

    // The access token opens protected routes.
    const profile = await app.inject({
      method: 'GET',
      url: '/api/workspace/setting',
      headers: { authorization: `Bearer ${body.result.accessToken}` },
    });
    expect(profile.statusCode).toBe(404);
    expect(profile.json().code).toBe('WORKSPACE404_0');
  });

  it('accepts each token once: the rotated one keeps working, the old one fails', async () => {
    const t0 = await devSignIn('최유나', 'yuna@example.com');
    const first = await reissue(t0);
    const t1 = responseCookie(first, 'refreshToken')!.value;
    const second = await reissue(t1);
    expect(second.statusCode).toBe(200);
    const t2 = responseCookie(second, 'refreshToken')!.value;
    expect(new Set([t0, t1, t2]).size).toBe(3);
    expect((await reissue(t2)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again after the grace window', async () => {
    const stolen = await devSignIn('정하늘', 'haneul@example.com');
    const legit = responseCookie(await reissue(stolen), 'refreshToken')!.value;
    const otherDevice = await devSignIn('정하늘', 'haneul@example.com');
    // The copy is replayed later than ROTATION_GRACE_MS after the rotation.
    await db()
      .update(refreshToken)
      .set({ rotatedAt: new Date(Date.now() - ROTATION_GRACE_MS - 1000) })
      .where(eq(refreshToken.tokenHash, hashRefreshToken(stolen)));

    const replay = await reissue(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      isSuccess: false,
      code: 'JWT401_5',
      message: '이미 사용된 리프레시 토큰입니다. 보안을 위해 다시 로그인해 주세요.',
      result: null,
    });
    expectCookieCleared(replay);

    // The family's newest token is dead too …
    const afterTheft = await reissue(legit);
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json().code).toBe('JWT401_5');
    // … but another sign-in (another family) is untouched.
    expect((await reissue(otherDevice)).statusCode).toBe(200);
  });

  it('answers 5 parallel reissues with one cookie (tabs restored together) without revoking the family', async () => {
    const t0 = await devSignIn('병렬탭', 'tabs@example.com');
    const responses = await Promise.all(Array.from({ length: 5 }, () => reissue(t0)));
    expect(responses.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const res of responses) {
      expect(res.json()).toMatchObject({ code: 'AUTH200_0', result: { accessToken: expect.any(String) } });
    }
    // One request won the rotation and set the new cookie; the others leave the shared cookie alone.
    const cookies = responses
      .map((res) => responseCookie(res, 'refreshToken'))
      .filter((c) => c !== undefined);
    expect(cookies).toHaveLength(1);
    const newest = cookies[0]!.value;
    expect(newest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await familyState(t0)).toEqual({ rows: 2, revoked: 0 });

    const later = await reissue(newest);
    expect(later.statusCode).toBe(200);
    expect(responseCookie(later, 'refreshToken')!.value).not.toBe(newest);
    expect(await familyState(t0)).toEqual({ rows: 3, revoked: 0 });
  });

  it('accepts a just-rotated token within ROTATION_GRACE_MS, and treats it as reuse afterwards', async () => {
    const t0 = await devSignIn('유예시간', 'grace@example.com');
    const first = await reissue(t0);
    const t1 = responseCookie(first, 'refreshToken')!.value;
    const rotatedAt = Date.now();

    const inside = await rotateRefreshToken(db(), t0, new Date(rotatedAt + ROTATION_GRACE_MS - 2000));
    expect(inside).toMatchObject({ ok: true, next: null });
    expect(await familyState(t0)).toEqual({ rows: 2, revoked: 0 });

    const outside = await rotateRefreshToken(db(), t0, new Date(rotatedAt + ROTATION_GRACE_MS + 1000));
    expect(outside).toEqual({ ok: false, code: 'JWT401_5' });
    expect(await familyState(t0)).toEqual({ rows: 2, revoked: 2 });
    const successor = await reissue(t1);
    expect(successor.statusCode).toBe(401);
    expect(successor.json().code).toBe('JWT401_5');
    // A revoked family gets no grace either, even for a token rotated a moment ago.
    expect((await reissue(t0)).json().code).toBe('JWT401_5');
  });

  it('limits reissue per session family, not per IP: 40 members behind one IP all renew', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 40; i += 1) tokens.push(await devSignIn(`사무실${i}`, `office${i}@example.com`));
    const statuses: number[] = [];
    for (const token of tokens)
      statuses.push((await reissue(token, defaultLimits, '203.0.113.7')).statusCode);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('answers 429 JWT429_0 with Retry-After when one family reissues too often, keeping the cookie', async () => {
    let token = await devSignIn('과다요청', 'hammer@example.com');
    const neighbour = await devSignIn('이웃', 'neighbour@example.com');
    for (let i = 0; i < REISSUE_FAMILY_LIMIT_PER_MINUTE; i += 1) {
      const res = await reissue(token, defaultLimits, '198.51.100.9');
      expect(res.statusCode).toBe(200);
      token = responseCookie(res, 'refreshToken')!.value;
    }
    const refused = await reissue(token, defaultLimits, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      isSuccess: false,
      code: 'JWT429_0',
      message: '토큰 재발급 요청이 너무 많습니다. 잠시 후 다시 시도합니다.',
      result: null,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(responseCookie(refused, 'refreshToken')).toBeUndefined();
    expect(await familyState(token)).toMatchObject({ revoked: 0 });
    // Another member's session from the same IP is not affected.
    expect((await reissue(neighbour, defaultLimits, '198.51.100.9')).statusCode).toBe(200);
  });

  it('answers 401 JWT401_4 for an expired refresh token and clears the cookie', async () => {
    const token = await devSignIn('한결', 'gyeol@example.com');
    await db()
      .update(refreshToken)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshToken.tokenHash, hashRefreshToken(token)));
    const res = await reissue(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'JWT401_4', result: null });
    expectCookieCleared(res);
  });

  it('answers 401 JWT401_3 without a cookie and JWT401_6 for an unknown one', async () => {
    const missing = await reissue();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'JWT401_3', message: '리프레시 토큰이 없습니다.' });
    expectCookieCleared(missing);

    for (const token of ['A'.repeat(43), 'not-a-token']) {
      const unknown = await reissue(token);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().code).toBe('JWT401_6');
      expectCookieCleared(unknown);
    }
  });

  it('ignores a bearer header and a JSON content type with an empty body', async () => {
    const token = await devSignIn('윤슬', 'seul@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/token/reissue',
      cookies: { refreshToken: token },
      headers: { 'content-type': 'application/json', authorization: 'Bearer garbage' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/token/logout', () => {
  it('revokes the family, clears the cookie and answers AUTH200_1', async () => {
    const t0 = await devSignIn('오세훈', 'sehun@example.com');
    const t1 = responseCookie(await reissue(t0), 'refreshToken')!.value;

    const res = await app.inject({ method: 'POST', url: '/api/token/logout', cookies: { refreshToken: t1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'AUTH200_1',
      message: '로그아웃되었습니다.',
      result: null,
    });
    expectCookieCleared(res);

    const after = await reissue(t1);
    expect(after.statusCode).toBe(401);
  });

  it('succeeds without a cookie or bearer token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/token/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('AUTH200_1');
  });
});

describe('access tokens on GET /api/workspace/setting', () => {
  let memberId: number;
  beforeAll(async () => {
    await devSignIn('토큰검사', 'tokens@example.com');
    const [row] = await db().select().from(member).where(eq(member.providerUserId, 'dev:tokens@example.com'));
    memberId = row!.id;
  });

  const get = (authorization?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/workspace/setting',
      headers: authorization ? { authorization } : {},
    });

  it('answers 401 COMMON401 without a bearer token', async () => {
    for (const header of [undefined, 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const res = await get(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'COMMON401',
        message: '인증이 필요합니다.',
        result: null,
      });
    }
  });

  it('answers JWT401_2 for a malformed token', async () => {
    for (const token of ['abc', 'a.b', '이상한.토큰.값', 'eyJhbGciOiJIUzI1NiJ9.bm90LWpzb24.c2ln']) {
      const res = await get(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('JWT401_2');
    }
  });

  it('answers JWT401_0 for an expired token', async () => {
    const expired = await signAccessToken(TEST_JWT_SECRET, memberId, Date.now() - 16 * 60 * 1000);
    const res = await get(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'JWT401_0', message: 'JWT 토큰이 만료되었습니다.' });
  });

  it('answers JWT401_1 for a wrong signature, a non-access token or a member that is gone', async () => {
    const forged = await signAccessToken('another-secret-another-secret-another-secret', memberId);
    const notAccess = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(memberId))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const ghost = await signAccessToken(TEST_JWT_SECRET, 987654);
    for (const token of [forged, notAccess, ghost]) {
      const res = await get(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('JWT401_1');
    }
  });
});

describe('GET /api/workspace/setting', () => {
  it('answers 404 WORKSPACE404_0 before onboarding, then the profile with the default team', async () => {
    const token = await devSignIn('워크스페이스', 'ws@example.com');
    const accessToken = (await reissue(token)).json().result.accessToken as string;
    const get = () =>
      app.inject({
        method: 'GET',
        url: '/api/workspace/setting',
        headers: { authorization: `Bearer ${accessToken}` },
      });

    const before = await get();
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({
      isSuccess: false,
      code: 'WORKSPACE404_0',
      message: '소속된 워크스페이스가 없습니다.',
      result: null,
    });

    const [ws] = await db()
      .insert(workspace)
      .values({ name: 'Momentum', slug: 'momentum', inviteToken: 'tok_A-b', invitePassword: 'a1b2c3d4' })
      .returning();
    // A non-default team with a lower id and position: defaultTeamId must still be the default team.
    await db().insert(team).values({ workspaceId: ws!.id, name: '디자인팀', position: 0 });
    const [joint] = await db()
      .insert(team)
      .values({ workspaceId: ws!.id, name: 'Momentum', isDefault: true, position: 1 })
      .returning();
    await db()
      .update(member)
      .set({ workspaceId: ws!.id, role: 'owner' }) // issue #23: the owner sees the invite
      .where(eq(member.providerUserId, 'dev:ws@example.com'));

    const after = await get();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      isSuccess: true,
      code: 'WORKSPACE200_0',
      message: '성공적으로 처리했습니다.',
      result: {
        workspaceId: ws!.id,
        workspaceName: 'Momentum',
        workspaceUrl: 'http://localhost:3000/momentum',
        workspaceImageUrl: null,
        defaultTeamId: joint!.id,
        inviteUrl: 'http://localhost:3000/momentum/invite?token=tok_A-b',
        invitePassword: 'a1b2c3d4',
        myRole: 'owner',
      },
    });
  });
});
