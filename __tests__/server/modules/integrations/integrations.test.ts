import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import {
  FAKE_GITHUB_ACCOUNT,
  FAKE_GITHUB_USER,
  FAKE_INSTALLATION_ID,
  FAKE_SLACK_CHANNEL,
  FAKE_SLACK_TEAM,
  type FakeIntegrations,
} from '../../../../scripts/fake-integrations';
import type { AppConfig } from '../../../../server/config';
import { githubInstallation, item, slackLink, team } from '../../../../server/db/schema';
import type { LightMyRequestResponse } from 'fastify';
import { deriveIntegrationKeys, openSecret } from '../../../../server/modules/integrations/crypto';
import { SYNC_MESSAGES } from '../../../../server/modules/integrations/integrations';
import { lexicalToPlainText } from '../../../../contract/lexical';
import { CONNECT_COOKIE, browserNonceHash } from '../../../../server/modules/integrations/connect-binding';
import { STATE_TTL_SECONDS, type IntegrationState, signState } from '../../../../server/modules/integrations/state';
import { githubAppEnv, startTestIntegrationsFake } from '../../support/integrations';
import { createTeamWith } from '../../support/items';
import { type SignedInMember, asMember } from '../../support/members';
import { TEST_PUBLIC_URL, type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * GitHub App and Slack integrations, server half (docs/product.md "Integrations";
 * contract/integrations.ts): connect URLs with a signed state, the provider callbacks, the installation and
 * repository endpoints, the link flags, and creating GITHUB / SLACK externals — against the fake GitHub and Slack of
 * scripts/fake-integrations.ts on a free local port.
 */

let testDb: TestDatabase;
let fake: FakeIntegrations;
let app: FastifyInstance;
let config: AppConfig;
/** 'Linked': owner 한지민 and 박서준; teams Alpha, Beta (both members) and the default team. */
let ws: TestWorkspace;
/** Another workspace (its teams answer 404, like missing ones). */
let other: TestWorkspace;
let alpha: number;
let beta: number;

const integrationEnv = (fakeUrl: string) => ({
  ...githubAppEnv(fakeUrl),
  GITHUB_APP_SLUG: 'momentum-test',
  SLACK_CLIENT_ID: 'fake-client-id',
  SLACK_CLIENT_SECRET: 'fake-client-secret',
  SLACK_API_URL: `${fakeUrl}/api/`,
  SLACK_AUTHORIZE_URL: `${fakeUrl}/oauth/v2/authorize`,
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  fake = await startTestIntegrationsFake();
  ({ app, config } = await createTestApp({ database: testDb.database, env: integrationEnv(fake.url) }));
  ws = await createWorkspaceWith(app, 'Linked', '한지민', ['박서준']);
  other = await createWorkspaceWith(app, 'Unlinked', '최우식');
  const everyone = [ws.members[0]!.memberId];
  alpha = await createTeamWith(app, ws.owner, 'Alpha', everyone);
  beta = await createTeamWith(app, ws.owner, 'Beta', everyone);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fake?.close();
  await testDb?.drop();
});

const db = () => testDb.database.db;
const get = (who: SignedInMember | null, url: string) => asMember(app, who, 'GET', url);
/** The callback as the browser reaches it: path and query of an absolute URL on PUBLIC_URL. */
const relative = (absolute: string) => {
  const url = new URL(absolute);
  expect(url.origin).toBe(TEST_PUBLIC_URL);
  return `${url.pathname}${url.search}`;
};

/**
 * Each member's browser: the cookies the connect routes set in it (name → value). A callback visited in `who`'s
 * browser sends them, as a browser does for a top-level navigation with SameSite=Lax cookies (issue #23).
 */
const browsers = new Map<number, Map<string, string>>();
const jarOf = (who: SignedInMember) => {
  let jar = browsers.get(who.memberId);
  if (!jar) browsers.set(who.memberId, (jar = new Map()));
  return jar;
};
/** Keeps (or drops, when expired) the cookies `res` set in `who`'s browser. */
function keepCookies(who: SignedInMember | null, res: LightMyRequestResponse) {
  if (!who) return;
  for (const c of res.cookies) {
    const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
    if (expired) jarOf(who).delete(c.name);
    else jarOf(who).set(c.name, c.value);
  }
}
/** The `Cookie` header of `who`'s browser ('' for none). */
const cookieHeader = (who: SignedInMember | null) =>
  who ? [...jarOf(who)].map(([name, value]) => `${name}=${value}`).join('; ') : '';
/** GET of a callback `url` in `who`'s browser (null: a browser that never started a connect); keeps its cookies. */
async function visit(url: string, who: SignedInMember | null, target: FastifyInstance = app) {
  const cookie = cookieHeader(who);
  const res = await target.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  keepCookies(who, res);
  return res;
}
/** GET of a callback `url` with exactly this `Cookie` header (a replay by whoever holds it). */
const visitWithCookie = (url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/**
 * A state signed with the server's key as if `/api/github/connect` (or `/slack/connect`) had made it for a browser
 * holding a known nonce; → the state and that browser's `Cookie` header.
 */
async function handSigned(claims: Omit<IntegrationState, 'browser'>, now?: number) {
  const stateKey = deriveIntegrationKeys(config.integrationSecret).stateKey;
  const nonce = 'n'.repeat(43);
  const state = await signState(stateKey, { ...claims, browser: browserNonceHash(nonce) }, now);
  return { state, cookie: `${CONNECT_COOKIE[claims.purpose]}=${nonce}` };
}

/** `GET /api/github/connect`, the fake's install page, its "Install" link → the callback URL (not yet called). */
async function githubCallbackUrl(who: SignedInMember, teamId: number): Promise<string> {
  const connect = await get(who, `/api/github/connect?teamId=${teamId}`);
  expect([connect.statusCode, connect.json().code]).toEqual([200, 'GITHUB200_0']);
  keepCookies(who, connect);
  const page = await fetch(connect.json().result as string);
  expect(page.status).toBe(200);
  const html = await page.text();
  const href = /id="install"[^>]*href="([^"]+)"/.exec(html)?.[1];
  expect(href).toBeDefined();
  return relative(href!.replace(/&amp;/g, '&'));
}

/**
 * As `githubCallbackUrl`, with the fake's install page installing `installationId` as GitHub user `user` (the
 * callback URL then carries that user's one-time OAuth code).
 */
async function githubCallbackUrlAs(
  who: SignedInMember,
  teamId: number,
  installPage: { installationId: number; user: string },
): Promise<string> {
  const saved = fake.state.installPage;
  fake.state.installPage = installPage;
  try {
    return await githubCallbackUrl(who, teamId);
  } finally {
    fake.state.installPage = saved;
  }
}

/** `url` (path and query) with query parameters set, or removed when null. */
function withQuery(url: string, changes: Record<string, string | null>): string {
  const parsed = new URL(url, TEST_PUBLIC_URL);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) parsed.searchParams.delete(key);
    else parsed.searchParams.set(key, value);
  }
  return `${parsed.pathname}${parsed.search}`;
}

/** The whole GitHub install round trip for `teamId`; returns the callback response. */
async function linkGithub(who: SignedInMember, teamId: number) {
  return visit(await githubCallbackUrl(who, teamId), who);
}

/** `GET /slack/connect`, the fake's authorize page (302) → the callback URL (not yet called). */
async function slackCallbackUrl(who: SignedInMember, teamId?: number): Promise<string> {
  const connect = await get(who, `/slack/connect${teamId === undefined ? '' : `?teamId=${teamId}`}`);
  expect([connect.statusCode, connect.json().code]).toEqual([200, 'SLACK200_0']);
  keepCookies(who, connect);
  const authorize = await fetch(connect.json().result as string, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  return relative(authorize.headers.get('location')!);
}

const LEXICAL = JSON.stringify({
  root: {
    type: 'root',
    children: [
      { type: 'heading', tag: 'h2', children: [{ type: 'text', text: '재현 방법' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '로그인 후 ' },
          { type: 'text', text: '새로고침', format: 1 },
          { type: 'linebreak' },
          { type: 'text', text: '두 번째 줄' },
        ],
      },
      {
        type: 'list',
        listType: 'bullet',
        children: [
          { type: 'listitem', children: [{ type: 'text', text: '첫째' }] },
          {
            type: 'listitem',
            children: [
              { type: 'text', text: '둘째' },
              {
                type: 'list',
                listType: 'number',
                children: [{ type: 'listitem', children: [{ type: 'text', text: '하위' }] }],
              },
            ],
          },
        ],
      },
      { type: 'paragraph', children: [] },
      { type: 'quote', children: [{ type: 'text', text: '끝' }] },
    ],
  },
});

describe('Lexical description → plain text', () => {
  it('one line per block, list markers with nesting, line breaks kept; malformed or empty → empty', () => {
    expect(lexicalToPlainText(LEXICAL)).toBe(
      ['재현 방법', '로그인 후 새로고침', '두 번째 줄', '- 첫째', '- 둘째', '  1. 하위', '', '끝'].join('\n'),
    );
    expect(lexicalToPlainText('')).toBe('');
    expect(lexicalToPlainText('not json')).toBe('');
    expect(lexicalToPlainText('{"root":{"children":[]}}')).toBe('');
  });
});

describe('GET /api/github/connect', () => {
  it('returns the install URL with a signed 10-minute state for the team', async () => {
    const res = await get(ws.owner, `/api/github/connect?teamId=${alpha}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.json().result);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/apps/momentum-test/installations/new`);
    const state = url.searchParams.get('state')!;
    const claims = decodeJwt(state);
    expect(claims).toMatchObject({ purpose: 'github', memberId: ws.owner.memberId, teamId: alpha });
    expect(claims.exp! - claims.iat!).toBe(STATE_TTL_SECONDS);
    expect(STATE_TTL_SECONDS).toBe(600);
  });

  it('checks the bearer, the query and the team (401, 400, 404; another workspace 404 too)', async () => {
    expect((await get(null, `/api/github/connect?teamId=${alpha}`)).json().code).toBe('COMMON401');
    const noTeam = await get(ws.owner, '/api/github/connect');
    expect([noTeam.statusCode, noTeam.json().code]).toEqual([400, 'VALID400_1']);
    const missing = await get(ws.owner, '/api/github/connect?teamId=987654');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'TEAM404_0']);
    const foreign = await get(other.owner, `/api/github/connect?teamId=${alpha}`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'TEAM404_0']);
  });

  it('answers 503 GITHUB503_0 / SLACK503_0 on a server without the integrations configured', async () => {
    const { app: bare } = await createTestApp({ database: testDb.database });
    try {
      const github = await asMember(bare, ws.owner, 'GET', `/api/github/connect?teamId=${alpha}`);
      expect([github.statusCode, github.json().code]).toEqual([503, 'GITHUB503_0']);
      const slack = await asMember(bare, ws.owner, 'GET', '/slack/connect');
      expect([slack.statusCode, slack.json().code]).toEqual([503, 'SLACK503_0']);
    } finally {
      await bare.close();
    }
  });
});

describe('GitHub installation callback', () => {
  it('verifies the state, exchanges the code, reads the installation with the App JWT, stores it and redirects', async () => {
    const jwtsBefore = fake.state.appJwtCount;
    const exchangesBefore = fake.state.oauthExchanges;
    const url = await githubCallbackUrl(ws.owner, alpha);
    const code = new URL(url, TEST_PUBLIC_URL).searchParams.get('code')!;
    expect(code).toMatch(/^fakecode/);
    const browserCookie = cookieHeader(ws.owner);
    expect(browserCookie).toMatch(/^momentum_connect_github=[A-Za-z0-9_-]{43}$/);
    const res = await visit(url, ws.owner);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/workspace/github/complete?teamId=${alpha}`);
    expect(res.headers['cache-control']).toBe('no-store');
    // The fake verified the RS256 signature against the public key of the configured private key.
    expect(fake.state.appJwtCount).toBeGreaterThan(jwtsBefore);
    // The installer's code was exchanged (with the App's client id and secret) for a user token, once.
    expect(fake.state.oauthExchanges).toBe(exchangesBefore + 1);
    expect(fake.state.oauthCodes.has(code)).toBe(false);
    const rows = await db().select().from(githubInstallation).where(eq(githubInstallation.teamId, alpha));
    expect(rows).toEqual([
      expect.objectContaining({
        teamId: alpha,
        installationId: FAKE_INSTALLATION_ID,
        account: FAKE_GITHUB_ACCOUNT,
      }),
    ]);

    // The callback expired the browser's connect cookie.
    expect(cookieHeader(ws.owner)).toBe('');
    // The state works once: replaying the redirect, even with the same cookie, is refused before GitHub is asked.
    const replay = await visitWithCookie(url, browserCookie);
    expect(replay.headers.location).toBe('/workspace/github/complete?error=GITHUB403_0');
    expect(fake.state.oauthExchanges).toBe(exchangesBefore + 1);

    // Installing again replaces the link (one per team).
    expect((await linkGithub(ws.owner, alpha)).headers.location).toBe(
      `/workspace/github/complete?teamId=${alpha}`,
    );
    expect(
      await db().select().from(githubInstallation).where(eq(githubInstallation.teamId, alpha)),
    ).toHaveLength(1);
  });

  it('redirects with error=GITHUB400_1 for a forged, expired, foreign-purpose or missing state', async () => {
    const claims = {
      purpose: 'github',
      memberId: ws.owner.memberId,
      teamId: beta,
      workspaceId: ws.workspaceId,
    };

    const forged = await new SignJWT({ typ: 'integration-state', ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const expired = await handSigned(
      { purpose: 'github', memberId: ws.owner.memberId, teamId: beta, workspaceId: ws.workspaceId },
      Date.now() - (STATE_TTL_SECONDS + 60) * 1000,
    );
    const slackPurpose = await handSigned({
      purpose: 'slack',
      memberId: ws.owner.memberId,
      teamId: beta,
      workspaceId: ws.workspaceId,
    });
    const cases: [string, string][] = [
      [`installation_id=4242&state=${forged}`, '/workspace/github/complete?error=GITHUB400_1'],
      // Expired but authentic: the team is known, so the page can return to it.
      [
        `installation_id=4242&state=${expired.state}`,
        `/workspace/github/complete?teamId=${beta}&error=GITHUB400_1`,
      ],
      [`installation_id=4242&state=${slackPurpose.state}`, '/workspace/github/complete?error=GITHUB400_1'],
      ['installation_id=4242', '/workspace/github/complete?error=GITHUB400_1'],
      ['installation_id=4242&state=garbage', '/workspace/github/complete?error=GITHUB400_1'],
      ['installation_id=4242&state=a&state=b', '/workspace/github/complete?error=GITHUB400_1'],
    ];
    for (const [query, location] of cases) {
      // Even with the cookie of the browser the state names: the signature and expiry come first.
      const res = await visitWithCookie(
        `/api/github/installation/callback?${query}`,
        query.includes(expired.state) ? expired.cookie : slackPurpose.cookie,
      );
      expect([query, res.statusCode, res.headers.location]).toEqual([query, 302, location]);
    }

    // Missing or unknown installation (GitHub answers 404), in the browser that started the connect.
    const validClaims = {
      purpose: 'github' as const,
      memberId: ws.owner.memberId,
      teamId: beta,
      workspaceId: ws.workspaceId,
    };
    for (const query of ['setup_action=request', 'installation_id=99999', 'installation_id=-3']) {
      const { state, cookie } = await handSigned(validClaims);
      const res = await visitWithCookie(`/api/github/installation/callback?${query}&state=${state}`, cookie);
      expect([query, res.statusCode, res.headers.location]).toEqual([
        query,
        302,
        `/workspace/github/complete?teamId=${beta}&error=GITHUB400_1`,
      ]);
    }
    // A state naming someone who is not an admin of the team's workspace.
    const outsider = await handSigned({ ...validClaims, memberId: other.owner.memberId });
    const res = await visitWithCookie(
      `/api/github/installation/callback?installation_id=4242&state=${outsider.state}`,
      outsider.cookie,
    );
    expect(res.headers.location).toBe('/workspace/github/complete?error=GITHUB403_0');
    expect(await db().select().from(githubInstallation).where(eq(githubInstallation.teamId, beta))).toEqual(
      [],
    );
  });

  it('redirects with error=GITHUB502_0 when GitHub fails', async () => {
    const url = await githubCallbackUrl(ws.owner, beta);
    fake.state.failGithub = true;
    try {
      const res = await visit(url, ws.owner);
      expect(res.headers.location).toBe(`/workspace/github/complete?teamId=${beta}&error=GITHUB502_0`);
    } finally {
      fake.state.failGithub = false;
    }
  });
});

describe("GitHub installation callback: the installation must be the installer's (docs/security.md)", () => {
  /** An installation of another GitHub account, accessible only to that account's user. */
  const THEIR_INSTALLATION = 5151;
  const THEIR_USER = 'their-github-user';
  /** A GitHub user who can access both 4242 and `SHARED_INSTALLATION` (an admin of both accounts). */
  const SHARED_USER = 'shared-github-user';
  const SHARED_INSTALLATION = 7373;
  /** A team of the other workspace (its default team stays unlinked for the tests below). */
  let elsewhere: number;
  /** A third team of ws. */
  let gamma: number;

  const rowsOf = (teamId: number) =>
    db().select().from(githubInstallation).where(eq(githubInstallation.teamId, teamId));

  beforeAll(async () => {
    fake.addInstallation(THEIR_INSTALLATION, 'their-org', [THEIR_USER]);
    fake.addInstallation(FAKE_INSTALLATION_ID, FAKE_GITHUB_ACCOUNT, [SHARED_USER]);
    fake.addInstallation(SHARED_INSTALLATION, 'shared-org', [SHARED_USER]);
    // Alpha holds 4242 (linked by the happy path above; linked here when this block runs alone).
    if ((await rowsOf(alpha)).length === 0) await linkGithub(ws.owner, alpha);
    elsewhere = await createTeamWith(app, other.owner, 'Elsewhere', [other.owner.memberId]);
    gamma = await createTeamWith(app, ws.owner, 'Gamma', [ws.members[0]!.memberId]);
  });

  const failedAt = (teamId: number, code: string) =>
    `/workspace/github/complete?teamId=${teamId}&error=${code}`;

  it("a member of another workspace cannot attach this workspace's installation with their own valid code", async () => {
    const alphaBefore = await rowsOf(alpha);
    expect(alphaBefore).toEqual([expect.objectContaining({ installationId: FAKE_INSTALLATION_ID })]);
    // Their GitHub user really installs the App on their own account; the redirect is edited to name 4242.
    const own = await githubCallbackUrlAs(other.owner, elsewhere, {
      installationId: THEIR_INSTALLATION,
      user: THEIR_USER,
    });
    const exchangesBefore = fake.state.oauthExchanges;
    const res = await visit(withQuery(own, { installation_id: String(FAKE_INSTALLATION_ID) }), other.owner);
    expect([res.statusCode, res.headers.location]).toEqual([302, failedAt(elsewhere, 'GITHUB400_1')]);
    expect(fake.state.oauthExchanges).toBe(exchangesBefore + 1);
    expect(await rowsOf(elsewhere)).toEqual([]);
    expect(await rowsOf(alpha)).toEqual(alphaBefore);
    const listed = await get(other.owner, `/api/teams/${elsewhere}/github/repositories`);
    expect([listed.statusCode, listed.json().code]).toEqual([404, 'GITHUB404_0']);
  });

  it('an unknown installation id gets the identical answer and log shape as a foreign one', async () => {
    const lines: string[] = [];
    const { app: logged } = await createTestApp({
      database: testDb.database,
      env: { ...integrationEnv(fake.url), LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const attempt = async (installationId: number) => {
        const url = await githubCallbackUrlAs(other.owner, elsewhere, {
          installationId: THEIR_INSTALLATION,
          user: THEIR_USER,
        });
        lines.length = 0;
        const res = await visit(
          withQuery(url, { installation_id: String(installationId) }),
          other.owner,
          logged,
        );
        const warnings = lines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((entry) => entry.msg === 'integration callback failed');
        expect(warnings).toHaveLength(1);
        const { time: _time, pid: _pid, hostname: _hostname, reqId: _reqId, ...entry } = warnings[0]!;
        return {
          status: res.statusCode,
          location: res.headers.location,
          cacheControl: res.headers['cache-control'],
          setCookie: res.headers['set-cookie'],
          body: res.body,
          log: JSON.parse(JSON.stringify(entry).replaceAll(String(installationId), '<id>')) as unknown,
        };
      };
      const foreign = await attempt(FAKE_INSTALLATION_ID);
      const unknown = await attempt(987_654);
      expect(foreign).toMatchObject({ status: 302, location: failedAt(elsewhere, 'GITHUB400_1') });
      expect(unknown).toEqual(foreign);
    } finally {
      await logged.close();
    }
    expect(await rowsOf(elsewhere)).toEqual([]);
  });

  it('a missing, malformed, refused or used code, or a refused client, → GITHUB400_1; nothing stored', async () => {
    for (const code of [null, '', 'not a code!', 'fakecode-never-issued']) {
      const url = await githubCallbackUrl(ws.owner, beta);
      const res = await visit(withQuery(url, { code }), ws.owner);
      expect([code, res.statusCode, res.headers.location]).toEqual([
        code,
        302,
        failedAt(beta, 'GITHUB400_1'),
      ]);
    }
    // The App's OAuth client refused (wrong secret): the code is refused the same way.
    const { app: misconfigured } = await createTestApp({
      database: testDb.database,
      env: { ...integrationEnv(fake.url), GITHUB_APP_CLIENT_SECRET: 'not-the-secret' },
    });
    try {
      const res = await visit(await githubCallbackUrl(ws.owner, beta), ws.owner, misconfigured);
      expect(res.headers.location).toBe(failedAt(beta, 'GITHUB400_1'));
    } finally {
      await misconfigured.close();
    }
    expect(await rowsOf(beta)).toEqual([]);
    fake.state.oauthCodes.clear();
  });

  it('an installation linked in another workspace → GITHUB409_0 even for a user who can access it; nothing changes', async () => {
    const alphaBefore = await rowsOf(alpha);
    const res = await visit(
      await githubCallbackUrlAs(other.owner, elsewhere, {
        installationId: FAKE_INSTALLATION_ID,
        user: SHARED_USER,
      }),
      other.owner,
    );
    expect([res.statusCode, res.headers.location]).toEqual([302, failedAt(elsewhere, 'GITHUB409_0')]);
    expect(await rowsOf(elsewhere)).toEqual([]);
    expect(await rowsOf(alpha)).toEqual(alphaBefore);
  });

  it('two workspaces linking one installation at once: exactly one wins, the other gets GITHUB409_0', async () => {
    const page = { installationId: SHARED_INSTALLATION, user: SHARED_USER };
    const [ours, theirs] = [
      await githubCallbackUrlAs(ws.owner, gamma, page),
      await githubCallbackUrlAs(other.owner, elsewhere, page),
    ];
    const [a, b] = await Promise.all([visit(ours, ws.owner), visit(theirs, other.owner)]);
    const outcomes = [a.headers.location, b.headers.location].sort();
    const expected = [
      [`/workspace/github/complete?teamId=${gamma}`, failedAt(elsewhere, 'GITHUB409_0')],
      [failedAt(gamma, 'GITHUB409_0'), `/workspace/github/complete?teamId=${elsewhere}`],
    ].map((pair) => pair.sort());
    expect(expected).toContainEqual(outcomes);
    const owners = await db()
      .select({ teamId: githubInstallation.teamId })
      .from(githubInstallation)
      .where(eq(githubInstallation.installationId, SHARED_INSTALLATION));
    expect(owners).toHaveLength(1);
  });

  it("another team of the same workspace may link the same installation (relinking replaces the team's link)", async () => {
    const alphaBefore = await rowsOf(alpha);
    const exchangesBefore = fake.state.oauthExchanges;
    const res = await visit(
      await githubCallbackUrlAs(ws.owner, gamma, {
        installationId: FAKE_INSTALLATION_ID,
        user: FAKE_GITHUB_USER,
      }),
      ws.owner,
    );
    expect(res.headers.location).toBe(`/workspace/github/complete?teamId=${gamma}`);
    // Authorized by the installing user like any link (their code exchanged once).
    expect(fake.state.oauthExchanges).toBe(exchangesBefore + 1);
    expect(await rowsOf(gamma)).toEqual([
      expect.objectContaining({ installationId: FAKE_INSTALLATION_ID, account: FAKE_GITHUB_ACCOUNT }),
    ]);
    expect(await rowsOf(alpha)).toEqual(alphaBefore);
  });
});

describe('GitHub installation and repositories of a team', () => {
  it('GET …/github/installation: the link; 404 GITHUB404_0 for an unlinked team; 404 for another workspace', async () => {
    const res = await get(ws.members[0]!, `/api/teams/${alpha}/github/installation`);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'GITHUB200_1',
      message: expect.any(String),
      result: { teamId: alpha, installationId: FAKE_INSTALLATION_ID, account: FAKE_GITHUB_ACCOUNT },
    });
    const unlinked = await get(ws.owner, `/api/teams/${ws.defaultTeamId}/github/installation`);
    expect([unlinked.statusCode, unlinked.json().code]).toEqual([404, 'GITHUB404_0']);
    const foreign = await get(other.owner, `/api/teams/${alpha}/github/installation`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'TEAM404_0']);
  });

  it('GET …/github/repositories: the installation’s first page, mapped; 404 (also another workspace); 502 when GitHub is down', async () => {
    const res = await get(ws.owner, `/api/teams/${alpha}/github/repositories`);
    expect([res.statusCode, res.json().code]).toEqual([200, 'GITHUB200_2']);
    expect(res.json().result).toEqual([
      {
        id: 1000,
        name: 'momentum-demo',
        fullName: `${FAKE_GITHUB_ACCOUNT}/momentum-demo`,
        owner: FAKE_GITHUB_ACCOUNT,
        private: false,
        htmlUrl: `${fake.url}/${FAKE_GITHUB_ACCOUNT}/momentum-demo`,
        defaultBranch: 'main',
        description: 'Momentum 연동 테스트 저장소',
      },
      expect.objectContaining({ name: 'docs', private: true, description: null }),
    ]);
    const unlinked = await get(ws.owner, `/api/teams/${ws.defaultTeamId}/github/repositories`);
    expect([unlinked.statusCode, unlinked.json().code]).toEqual([404, 'GITHUB404_0']);
    const foreign = await get(other.owner, `/api/teams/${alpha}/github/repositories`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'TEAM404_0']);

    // A server whose GitHub is unreachable (a port nothing listens on).
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { app: down } = await createTestApp({
      database: testDb.database,
      env: { ...integrationEnv(fake.url), GITHUB_API_URL: deadUrl },
    });
    try {
      const failed = await asMember(down, ws.owner, 'GET', `/api/teams/${alpha}/github/repositories`);
      expect([failed.statusCode, failed.json().code]).toEqual([502, 'GITHUB502_0']);
    } finally {
      await down.close();
    }
  });
});

describe('creating GITHUB externals', () => {
  const countExternals = async (teamId: number) =>
    (
      await db()
        .select({ id: item.id })
        .from(item)
        .where(and(eq(item.teamId, teamId), eq(item.kind, 'external')))
    ).length;

  it('400 GITHUB400_0 without owner, repo and installationId, or with another installation — nothing saved', async () => {
    const before = await countExternals(alpha);
    const bodies: object[] = [
      { title: '깃허브', extServiceType: 'GITHUB' },
      { title: '깃허브', extServiceType: 'GITHUB', owner: FAKE_GITHUB_ACCOUNT, repo: 'momentum-demo' },
      {
        title: '깃허브',
        extServiceType: 'GITHUB',
        repo: 'momentum-demo',
        installationId: FAKE_INSTALLATION_ID,
      },
      { title: '깃허브', extServiceType: 'GITHUB', owner: ' ', repo: 'momentum-demo', installationId: 4242 },
      { title: '깃허브', extServiceType: 'GITHUB', owner: 'a/b', repo: '..', installationId: 4242 },
      // Not this team's installation.
      { title: '깃허브', extServiceType: 'GITHUB', owner: 'octo', repo: 'hello', installationId: 777 },
    ];
    for (const payload of bodies) {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, { payload });
      expect([JSON.stringify(payload), res.statusCode, res.json().code]).toEqual([
        JSON.stringify(payload),
        400,
        'GITHUB400_0',
      ]);
    }
    // A team without an installation cannot borrow another team's.
    const borrowed = await asMember(app, ws.owner, 'POST', `/api/teams/${beta}/externals`, {
      payload: { title: '빌림', extServiceType: 'GITHUB', owner: 'o', repo: 'r', installationId: 4242 },
    });
    expect([borrowed.statusCode, borrowed.json().code]).toEqual([400, 'GITHUB400_0']);
    expect(await countExternals(alpha)).toBe(before);
    expect(await countExternals(beta)).toBe(0);
  });

  it('opens a GitHub issue with the title and a plain-text body linking back, and stores its number and url', async () => {
    const issuesBefore = fake.state.issues.length;
    const res = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, {
      payload: {
        title: '로그인 버그',
        content: LEXICAL,
        extServiceType: 'GITHUB',
        owner: FAKE_GITHUB_ACCOUNT,
        repo: 'momentum-demo',
        installationId: FAKE_INSTALLATION_ID,
      },
    });
    expect([res.statusCode, res.json().code]).toEqual([201, 'EXTERNAL201_0']);
    const { externalId, sync } = res.json().result;
    expect(fake.state.issues).toHaveLength(issuesBefore + 1);
    const issue = fake.state.issues.at(-1)!;
    const link = `${TEST_PUBLIC_URL}/workspace/team/${alpha}/ext/${externalId}`;
    expect(issue).toMatchObject({
      installationId: FAKE_INSTALLATION_ID,
      owner: FAKE_GITHUB_ACCOUNT,
      repo: 'momentum-demo',
      title: '로그인 버그',
    });
    expect(issue.body).toBe(
      `${lexicalToPlainText(LEXICAL)}\n\n---\nMomentum에서 생성된 외부 이슈입니다: ${link}`,
    );
    expect(issue.body).toContain('로그인 후 새로고침\n두 번째 줄');
    expect(sync).toEqual({ service: 'GITHUB', ok: true, url: issue.htmlUrl, message: null });
    const [row] = await db().select().from(item).where(eq(item.id, externalId));
    expect(row).toMatchObject({
      extServiceType: 'GITHUB',
      githubOwner: FAKE_GITHUB_ACCOUNT,
      githubRepo: 'momentum-demo',
      githubNumber: issue.number,
      githubUrl: issue.htmlUrl,
    });
    // The detail links to the GitHub issue.
    const shown = await asMember(app, ws.owner, 'GET', `/api/teams/${alpha}/externals/${externalId}`);
    expect(shown.json().result.externalLink).toEqual({
      url: issue.htmlUrl,
      label: `${FAKE_GITHUB_ACCOUNT}/momentum-demo#${issue.number}`,
    });
  });

  it('keeps the external when GitHub fails (sync.ok false, Korean message)', async () => {
    fake.state.failGithub = true;
    try {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, {
        payload: {
          title: '실패해도 저장',
          extServiceType: 'GITHUB',
          owner: FAKE_GITHUB_ACCOUNT,
          repo: 'momentum-demo',
          installationId: FAKE_INSTALLATION_ID,
        },
      });
      expect(res.statusCode).toBe(201);
      const { externalId, sync } = res.json().result;
      expect(sync).toEqual({ service: 'GITHUB', ok: false, url: null, message: SYNC_MESSAGES.githubFailed });
      const [row] = await db().select().from(item).where(eq(item.id, externalId));
      expect(row).toMatchObject({ title: '실패해도 저장', githubRepo: 'momentum-demo', githubUrl: null });
      const shown = await asMember(app, ws.owner, 'GET', `/api/teams/${alpha}/externals/${externalId}`);
      expect(shown.json().result.externalLink).toBeNull();
    } finally {
      fake.state.failGithub = false;
    }
  });
});

describe('Slack', () => {
  it('GET /slack/connect: the authorize URL with client id, scopes, signed state and redirect_uri', async () => {
    const res = await get(ws.owner, `/slack/connect?teamId=${beta}`);
    expect([res.statusCode, res.json().code]).toEqual([200, 'SLACK200_0']);
    const url = new URL(res.json().result);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/v2/authorize`);
    expect(url.searchParams.get('client_id')).toBe('fake-client-id');
    expect(url.searchParams.get('scope')).toBe('chat:write,chat:write.public,incoming-webhook');
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/slack/callback`);
    expect(decodeJwt(url.searchParams.get('state')!)).toMatchObject({
      purpose: 'slack',
      memberId: ws.owner.memberId,
      teamId: beta,
      workspaceId: ws.workspaceId,
    });
    expect((await get(null, '/slack/connect')).json().code).toBe('COMMON401');
    const foreign = await get(other.owner, `/slack/connect?teamId=${beta}`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'TEAM404_0']);
  });

  it('GET /slack/connect: 404 WORKSPACE404_0 for a member without a workspace', async () => {
    const { signIn } = await import('../../support/members');
    const loner = await signIn(app, '외톨이');
    const res = await get(loner, '/slack/connect');
    expect([res.statusCode, res.json().code]).toEqual([404, 'WORKSPACE404_0']);
  });

  it('unknown /slack/* paths get the JSON envelope, never the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/slack/nothing-here' });
    expect([res.statusCode, res.json().code]).toEqual([404, 'COMMON404']);
  });

  it('SLACK externals without a Slack link are saved with sync.ok false', async () => {
    const res = await asMember(app, ws.owner, 'POST', `/api/teams/${beta}/externals`, {
      payload: { title: '미연동', extServiceType: 'SLACK' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.sync).toEqual({
      service: 'SLACK',
      ok: false,
      url: null,
      message: SYNC_MESSAGES.slackNotLinked,
    });
  });

  it('links flags: GitHub per team, Slack per workspace', async () => {
    const links = async (teamId: number) =>
      (await get(ws.owner, `/api/teams/${teamId}/externals/links`)).json();
    expect(await links(alpha)).toMatchObject({
      code: 'EXTERNAL200_5',
      result: { linkedWithGithub: true, linkedWithSlack: false },
    });
    expect((await links(beta)).result).toEqual({ linkedWithGithub: false, linkedWithSlack: false });
  });

  it('callback: exchanges the code, stores the bot token encrypted with the chosen channel, redirects', async () => {
    const res = await visit(await slackCallbackUrl(ws.owner, beta), ws.owner);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/workspace/slack/complete?teamId=${beta}`);
    const rows = await db().select().from(slackLink).where(eq(slackLink.workspaceId, ws.workspaceId));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      teamIdExternal: FAKE_SLACK_TEAM.id,
      channelId: FAKE_SLACK_CHANNEL.id,
      channelName: FAKE_SLACK_CHANNEL.name,
    });
    const [token] = [...fake.state.slackTokens];
    expect(token).toMatch(/^xoxb-/);
    expect(row.botTokenEncrypted).not.toContain(token);
    expect(row.botTokenEncrypted).not.toContain(token!.slice(5));
    expect(row.botTokenEncrypted).toMatch(/^v1\./);
    const tokenKey = deriveIntegrationKeys(config.integrationSecret).tokenKey;
    expect(openSecret(tokenKey, row.botTokenEncrypted, `slack_link:${ws.workspaceId}`)).toBe(token);
    // Bound to its row: the sealed value does not open for another workspace.
    expect(openSecret(tokenKey, row.botTokenEncrypted, `slack_link:${other.workspaceId}`)).toBeNull();

    // Without teamId the complete page returns to the workspace's default team.
    const again = await visit(await slackCallbackUrl(ws.owner), ws.owner);
    expect(again.headers.location).toBe(`/workspace/slack/complete?teamId=${ws.defaultTeamId}`);
    expect(await db().select().from(slackLink).where(eq(slackLink.workspaceId, ws.workspaceId))).toHaveLength(
      1,
    );

    const links = await get(ws.owner, `/api/teams/${beta}/externals/links`);
    expect(links.json().result).toEqual({ linkedWithGithub: false, linkedWithSlack: true });
    expect((await get(ws.owner, `/api/teams/${alpha}/externals/links`)).json().result).toEqual({
      linkedWithGithub: true,
      linkedWithSlack: true,
    });
    expect(
      (await get(other.owner, `/api/teams/${other.defaultTeamId}/externals/links`)).json().result,
    ).toEqual({
      linkedWithGithub: false,
      linkedWithSlack: false,
    });
  });

  it('callback errors: bad state, cancelled, refused code → error=SLACK400_0; Slack down → SLACK502_0', async () => {
    const callback = (query: string) => app.inject({ method: 'GET', url: `/slack/callback?${query}` });
    expect((await callback('code=fake-code&state=forged')).headers.location).toBe(
      '/workspace/slack/complete?error=SLACK400_0',
    );
    const withError = `/workspace/slack/complete?teamId=${alpha}&error=SLACK400_0`;
    for (const query of ['error=access_denied', 'code=wrong-code', '']) {
      // A fresh connect each time: a state is used once.
      const url = await slackCallbackUrl(ws.owner, alpha);
      const state = new URLSearchParams(url.split('?')[1]).get('state')!;
      const res = await visit(`/slack/callback?${query}&state=${state}`, ws.owner);
      expect([query, res.headers.location]).toEqual([query, withError]);
    }
    // A member of another workspace cannot use a state naming ws's workspace, even from their own browser.
    const foreign = await handSigned({
      purpose: 'slack',
      memberId: other.owner.memberId,
      teamId: alpha,
      workspaceId: ws.workspaceId,
    });
    expect(
      (await visitWithCookie(`/slack/callback?code=fake-code&state=${foreign.state}`, foreign.cookie)).headers
        .location,
    ).toBe('/workspace/slack/complete?error=SLACK403_0');

    const url = await slackCallbackUrl(ws.owner, alpha);
    const { app: down } = await createTestApp({
      database: testDb.database,
      env: { ...integrationEnv(fake.url), SLACK_API_URL: 'http://127.0.0.1:9/api/' },
    });
    try {
      const res = await visit(url, ws.owner, down);
      expect(res.headers.location).toBe(`/workspace/slack/complete?teamId=${alpha}&error=SLACK502_0`);
    } finally {
      await down.close();
    }
  });

  it('SLACK externals post "<팀>에서 <제목>을(를) 생성했습니다. <link>" and store the message', async () => {
    const before = fake.state.messages.length;
    const res = await asMember(app, ws.owner, 'POST', `/api/teams/${beta}/externals`, {
      payload: { title: '배포 <준비> & 점검', extServiceType: 'SLACK' },
    });
    expect(res.statusCode).toBe(201);
    const { externalId, sync } = res.json().result;
    expect(fake.state.messages).toHaveLength(before + 1);
    const message = fake.state.messages.at(-1)!;
    const [teamRow] = await db().select({ name: team.name }).from(team).where(eq(team.id, beta));
    expect(message.channel).toBe(FAKE_SLACK_CHANNEL.id);
    expect(message.text).toBe(
      `${teamRow!.name}에서 배포 &lt;준비&gt; &amp; 점검을(를) 생성했습니다. ` +
        `${TEST_PUBLIC_URL}/workspace/team/${beta}/ext/${externalId}`,
    );
    const permalink = `${fake.url}/archives/${FAKE_SLACK_CHANNEL.id}/p${message.ts.replace('.', '')}`;
    expect(sync).toEqual({ service: 'SLACK', ok: true, url: permalink, message: null });
    const [row] = await db().select().from(item).where(eq(item.id, externalId));
    expect(row).toMatchObject({
      slackChannel: FAKE_SLACK_CHANNEL.id,
      slackTs: message.ts,
      slackPermalink: permalink,
    });
    const shown = await asMember(app, ws.owner, 'GET', `/api/teams/${beta}/externals/${externalId}`);
    expect(shown.json().result.externalLink).toEqual({ url: permalink, label: 'Slack' });

    // The default team's externals link to the default-team route.
    const onDefault = await asMember(app, ws.owner, 'POST', `/api/teams/${ws.defaultTeamId}/externals`, {
      payload: { title: '공동', extServiceType: 'SLACK' },
    });
    expect(fake.state.messages.at(-1)!.text).toMatch(
      new RegExp(`/workspace/default/team/${ws.defaultTeamId}/ext/${onDefault.json().result.externalId}$`),
    );
  });

  it('keeps the external when Slack fails (sync.ok false, Korean message)', async () => {
    fake.state.failSlackPosting = true;
    try {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${beta}/externals`, {
        payload: { title: '슬랙 실패', extServiceType: 'SLACK' },
      });
      expect([res.statusCode, res.json().code]).toEqual([201, 'EXTERNAL201_0']);
      const { externalId, sync } = res.json().result;
      expect(sync).toEqual({ service: 'SLACK', ok: false, url: null, message: SYNC_MESSAGES.slackFailed });
      expect(sync.message).toMatch(/[가-힣]/);
      const [row] = await db().select().from(item).where(eq(item.id, externalId));
      expect(row).toMatchObject({ title: '슬랙 실패', extServiceType: 'SLACK', slackTs: null });
    } finally {
      fake.state.failSlackPosting = false;
    }
  });
});

describe('OpenAPI', () => {
  it('documents the integration routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string, boolean][] = [
      ['/api/github/connect', 'get', true],
      ['/api/github/installation/callback', 'get', false],
      ['/api/teams/{teamId}/github/installation', 'get', true],
      ['/api/teams/{teamId}/github/repositories', 'get', true],
      ['/api/teams/{teamId}/integrations', 'get', true],
      ['/slack/connect', 'get', true],
      ['/slack/callback', 'get', false],
      ['/api/teams/{teamId}/github/installation', 'delete', true],
      ['/slack/link', 'delete', true],
    ];
    for (const [path, method, bearer] of expected) {
      const operation = doc.paths[path]?.[method];
      expect([path, operation?.tags]).toEqual([path, ['integrations']]);
      expect([path, operation.security]).toEqual([path, bearer ? [{ bearerAuth: [] }] : undefined]);
    }
  });
});
