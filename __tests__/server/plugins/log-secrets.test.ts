import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { SseClient, baseUrl } from '../support/events';
import { type FakeProvider, fakeProviderEnv, startFakeProvider } from '../support/fake-oauth-provider';
import { type TestOidcProvider, startOidcProvider } from '../support/oidc-provider';
import { deliverWebhook } from '../support/integrations';
import { createItemOk } from '../support/items';
import { type SignedInMember, asMember } from '../support/members';
import { serializeError } from '../../../server/plugins/logging';
import { responseCookie, useTestApp } from '../support/test-app';
import { freshIp } from '../support/workspaces';

/**
 * No secret in any log line (docs/observability.md "What is never logged"): a whole journey at `debug` level — a
 * company (OpenID Connect) sign-in, two OAuth sign-ins with code and state, refresh-cookie reissues, a workspace with
 * its invite link and password, a join (and a wrong password), items and a comment, the live stream's ticket (used
 * twice), the GitHub webhook with its secret, metrics scrapes with the token and a wrong one, and a server error on a
 * request whose body carries a password — then every line the server wrote is searched for every secret it saw.
 */

const GOOGLE = { id: 'momentum-web.apps.googleusercontent.com', secret: 'google-client-secret-log-test' };
const WEBHOOK_SECRET = 'webhook-secret-for-the-log-test-0123';
const METRICS_TOKEN = 'metrics-token-for-the-log-test-0123';
const BODY_PASSWORD = 'pw-in-a-failing-body-7f3a9c';

const lines: string[] = [];
const OIDC_CLIENT = {
  client_id: 'momentum-log-test',
  client_secret: 'oidc-client-secret-for-the-log-test-0123',
  redirect_uris: ['http://localhost:3000/login/oauth2/code/oidc'],
};
let fake: FakeProvider;
let company: TestOidcProvider;

beforeAll(async () => {
  fake = await startFakeProvider({ google: GOOGLE, kakao: { id: 'unused', secret: 'unused-secret' } });
  company = await startOidcProvider({
    clients: [OIDC_CLIENT],
    accounts: { jiho: { email: 'jiho@acme.co.kr', email_verified: true, name: '이지호' } },
  });
}, 30_000);
afterAll(async () => {
  await fake?.close();
  await company?.close();
});

const run = useTestApp(() => ({
  env: {
    LOG_LEVEL: 'debug',
    ...fakeProviderEnv(fake, { google: GOOGLE }),
    OIDC_ISSUER: company.url,
    OIDC_CLIENT_ID: OIDC_CLIENT.client_id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.client_secret,
    GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    METRICS_TOKEN,
  },
  logStream: { write: (line: string) => void lines.push(line) },
  beforeReady: (app: FastifyInstance) => {
    // A handler bug on a request whose body carries a password: the query fails with the password as a parameter
    // (and PostgreSQL quotes the value in its message), so the 500's error log would carry it.
    app.post('/api/test/failing-login', async (request) => {
      const { password } = request.body as { password: string };
      await app.database.db.execute(sql`select ${password}::integer as n`);
      return { ok: true };
    });
  },
}));

/** Every secret the journey saw (with what it is, for the failure message). */
const secrets = new Map<string, string>();
const keep = (what: string, value: string | undefined | null) => {
  if (!value) throw new Error(`the journey saw no ${what}`);
  secrets.set(value, what);
  // A secret URL-encoded in a log line is still the secret.
  if (encodeURIComponent(value) !== value) secrets.set(encodeURIComponent(value), `${what} (URL-encoded)`);
};
const keepMember = (label: string, who: SignedInMember) => {
  keep(`${label}'s access token`, who.accessToken);
  keep(`${label}'s refresh cookie`, who.refreshToken);
};

async function oauthSignIn(app: FastifyInstance, sub: string, name: string): Promise<SignedInMember> {
  const started = await app.inject({ method: 'GET', url: '/oauth2/authorization/google' });
  expect(started.statusCode).toBe(302);
  const location = new URL(started.headers.location as string);
  const stateCookie = responseCookie(started, 'oauth_state')!.value;
  const state = location.searchParams.get('state')!;
  keep('OAuth state', state);
  keep('OAuth state cookie', stateCookie);
  const code = fake.approve('google', location, { sub, email: `${sub}@example.com`, name });
  keep('OAuth code', code);
  const back = await app.inject({
    method: 'GET',
    url: `/login/oauth2/code/google?${new URLSearchParams({ code, state })}`,
    cookies: { oauth_state: stateCookie },
  });
  expect(back.headers.location).toBe('/onboarding/loading');
  const first = responseCookie(back, 'refreshToken')!.value;
  keep('refresh cookie from the OAuth callback', first);
  const reissued = await app.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: { refreshToken: first },
  });
  expect(reissued.statusCode).toBe(200);
  const accessToken = reissued.json().result.accessToken as string;
  const refreshToken = responseCookie(reissued, 'refreshToken')!.value;
  return {
    memberId: Number(decodeJwt(accessToken).sub),
    name,
    email: `${sub}@example.com`,
    accessToken,
    refreshToken,
  };
}

/** A company sign-in (OpenID Connect: code, state, nonce, PKCE) through the local provider. */
async function companySignIn(app: FastifyInstance): Promise<void> {
  const started = await app.inject({ method: 'GET', url: '/oauth2/authorization/oidc' });
  expect(started.statusCode).toBe(302);
  const location = new URL(started.headers.location as string);
  const stateCookie = responseCookie(started, 'oauth_state')!.value;
  keep('OIDC state', location.searchParams.get('state'));
  keep('OIDC nonce', location.searchParams.get('nonce'));
  keep('OIDC state cookie', stateCookie);
  const back = await company.authorize(location, 'jiho');
  keep('OIDC code', back.searchParams.get('code'));
  const res = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { oauth_state: stateCookie },
  });
  expect(res.headers.location).toBe('/onboarding/loading');
  keep('refresh cookie from the OIDC callback', responseCookie(res, 'refreshToken')?.value);
}

it('writes no token, password, invite secret, ticket, code or webhook secret into any log line', async () => {
  const { app } = run;
  keep('webhook secret', WEBHOOK_SECRET);
  keep('metrics token', METRICS_TOKEN);
  keep('Google client secret', GOOGLE.secret);
  keep('OIDC client secret', OIDC_CLIENT.client_secret);
  keep('password in a failing request body', BODY_PASSWORD);

  // Two OAuth sign-ins (code, state, state cookie); reissues rotate the refresh cookie.
  await companySignIn(app);
  const owner = await oauthSignIn(app, 'log-owner', '소유자');
  keepMember('owner', owner);
  const joiner = await oauthSignIn(app, 'log-joiner', '합류자');
  keepMember('joiner', joiner);
  const again = await app.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: { refreshToken: joiner.refreshToken },
  });
  expect(again.statusCode).toBe(200);
  joiner.accessToken = again.json().result.accessToken;
  joiner.refreshToken = responseCookie(again, 'refreshToken')!.value;
  keepMember('joiner (reissued)', joiner);
  const replayed = await app.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: { refreshToken: owner.refreshToken },
  });
  expect(replayed.statusCode).toBe(200);
  owner.accessToken = replayed.json().result.accessToken;
  owner.refreshToken = responseCookie(replayed, 'refreshToken')!.value;
  keepMember('owner (reissued)', owner);

  // A workspace with its invite link and password; the joiner previews the link, tries a wrong password, joins.
  const created = await asMember(app, owner, 'POST', '/api/workspace', {
    payload: { workspaceName: 'logscan1' },
  });
  expect(created.statusCode).toBe(201);
  const { inviteUrl, invitePassword, defaultTeamId } = created.json().result as {
    inviteUrl: string;
    invitePassword: string;
    defaultTeamId: number;
  };
  const inviteToken = new URL(inviteUrl).searchParams.get('token')!;
  keep('invite link', inviteUrl);
  keep('invite token', inviteToken);
  keep('invite password', invitePassword);
  const preview = await asMember(
    app,
    joiner,
    'GET',
    `/api/workspace/invite-preview?token=${encodeURIComponent(inviteToken)}`,
  );
  expect(preview.statusCode).toBe(200);
  const wrongPassword = `${invitePassword}-wrong`;
  keep('wrong invite password', wrongPassword);
  const refused = await asMember(app, joiner, 'POST', '/api/workspace/join', {
    payload: { token: inviteToken, password: wrongPassword },
    ip: freshIp(),
  });
  expect(refused.statusCode).toBeGreaterThanOrEqual(400);
  const joined = await asMember(app, joiner, 'POST', '/api/workspace/join', {
    payload: { token: inviteToken, password: invitePassword },
    ip: freshIp(),
  });
  expect(joined.statusCode).toBe(200);

  // Work: a goal, an issue, a comment.
  await createItemOk(app, owner, defaultTeamId, 'goals', { title: '분기 목표' });
  const issueId = await createItemOk(app, joiner, defaultTeamId, 'issues', { title: '로그 점검' });
  const comment = await asMember(app, owner, 'POST', '/api/comments', {
    payload: { category: 'ISSUE', targetId: issueId, content: '확인했습니다' },
  });
  expect(comment.statusCode).toBe(201);

  // The live stream: a ticket, the stream opened with it, then the used ticket again (refused).
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ticketRes = await asMember(app, joiner, 'POST', '/api/events/ticket');
  const ticket = ticketRes.json().result.ticket as string;
  keep('event stream ticket', ticket);
  const stream = await SseClient.open(`${baseUrl(app)}/api/events?ticket=${encodeURIComponent(ticket)}`, {});
  expect(stream.response.status).toBe(200);
  await stream.waitFor((c) => c.retry !== null, 'retry line');
  stream.close();
  const reused = await app.inject({ method: 'GET', url: `/api/events?ticket=${encodeURIComponent(ticket)}` });
  expect(reused.statusCode).toBe(401);

  // GitHub: a signed ping and a forged delivery; metrics scraped with the token and with a wrong one.
  expect((await deliverWebhook(app, WEBHOOK_SECRET, 'ping', { zen: 'hi' })).statusCode).toBe(200);
  expect((await deliverWebhook(app, 'not-the-secret-0123456789', 'issues', {})).statusCode).toBe(401);
  const scraped = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(scraped.statusCode).toBe(200);
  const badToken = `${METRICS_TOKEN}-guess`;
  keep('wrong metrics token', badToken);
  await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${badToken}` } });

  // A server error on a request with a password in its body (and a token in its query string).
  const failed = await app.inject({
    method: 'POST',
    url: `/api/test/failing-login?access_token=${owner.accessToken}`,
    payload: { password: BODY_PASSWORD },
  });
  expect(failed.statusCode).toBe(500);

  // A malformed URL whose error message quotes it, with a token in its query string.
  const badUrl = await app.inject({ method: 'GET', url: `/api/goals/%E0%A4%A?access_token=${owner.accessToken}` });
  expect(badUrl.statusCode).toBe(400);

  // Signing out.
  const out = await app.inject({
    method: 'POST',
    url: '/api/token/logout',
    headers: { authorization: `Bearer ${owner.accessToken}` },
    cookies: { refreshToken: owner.refreshToken },
  });
  expect(out.statusCode).toBeLessThan(500);

  // The journey was logged at debug level (a request line per request, the 500 with its error)…
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(parsed.filter((line) => line.msg === 'incoming request').length).toBeGreaterThan(20);
  const errorLine = parsed.find((line) => line.level === 50 && line.msg === 'unhandled error');
  // The error stays useful: the query text, the database's error code and message, without the value.
  expect(errorLine).toMatchObject({
    err: {
      type: 'DrizzleQueryError',
      message: 'Failed query: select $1::integer as n\nparams: [redacted]',
      params: '[1 redacted]',
      cause: { code: '22P02', message: 'invalid input syntax for type integer: "[redacted]"' },
    },
  });
  // …and no secret is in any line.
  const leaks: string[] = [];
  for (const line of lines) {
    for (const [secret, what] of secrets) {
      if (line.includes(secret)) leaks.push(`${what}: ${line.slice(0, 400)}`);
    }
  }
  expect(leaks).toEqual([]);
});

describe('serializeError', () => {
  it('keeps what explains a database error and drops the values it quotes', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "member_email_key"'),
      {
        code: '23505',
        detail: 'Key (email)=(kim@example.com) already exists.',
        where: "unnamed portal parameter $1 = 'hunter2-password'",
        constraint: 'member_email_key',
      },
    );
    const error = Object.assign(
      new Error('Failed query: insert into member (email) values ($1)\nparams: kim@example.com'),
      {
        query: 'insert into member (email) values ($1)',
        params: ['kim@example.com'],
        cause,
      },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('kim@example.com');
    expect(logged).not.toContain('hunter2-password');
    expect(serializeError(error)).toMatchObject({
      message: 'Failed query: insert into member (email) values ($1)\nparams: [redacted]',
      query: 'insert into member (email) values ($1)',
      params: '[1 redacted]',
      cause: {
        code: '23505',
        constraint: 'member_email_key',
        message: 'duplicate key value violates unique constraint "member_email_key"',
        detail: 'Key (email)=([redacted]) already exists.',
        where: "unnamed portal parameter $1 = '[redacted]'",
      },
    });
  });
});
