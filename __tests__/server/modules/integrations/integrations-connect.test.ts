import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { FAKE_SLACK_TEAM, type FakeIntegrations } from '../../../../scripts/fake-integrations';
import { auditLog, connectStateUse, githubInstallation, member, slackLink } from '../../../../server/db/schema';
import {
  CONNECT_COOKIE,
  CONNECT_COOKIE_PATH,
  browserNonceHash,
} from '../../../../server/modules/integrations/connect-binding';
import { githubAppEnv, startTestIntegrationsFake } from '../../support/integrations';
import { createTeamWith } from '../../support/items';
import { type SignedInMember, asMember } from '../../support/members';
import { TEST_PUBLIC_URL, type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Connections bound to the browser and the admin that started them (issue #23, docs/security.md "GitHub
 * installations" → "Binding to the browser and the member", "Roles"): the connect-link attack of the issue
 * refused with nothing linked, cookie mismatch, replay, non-admins, demotion before the callback, the audit
 * entries of connect and disconnect, and the disconnect routes — against the fake GitHub and Slack.
 */

let testDb: TestDatabase;
let fake: FakeIntegrations;
let app: FastifyInstance;
/** The victim organisation's Momentum workspace: owner 한지민 (admin), member 박서준. */
let victim: TestWorkspace;
/** The attacker's own Momentum workspace (they are its owner, so an admin there). */
let attacker: TestWorkspace;
let victimTeam: number;
let attackerTeam: number;

/** The victim organisation's GitHub App installation, accessible only to its admin's GitHub user. */
const VICTIM_INSTALLATION = 6161;
const VICTIM_GITHUB_USER = 'victim-org-admin';
/** The attacker's own installation and GitHub user. */
const ATTACKER_INSTALLATION = 6262;
const ATTACKER_GITHUB_USER = 'attacker';

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
  fake.addInstallation(VICTIM_INSTALLATION, 'victim-org', [VICTIM_GITHUB_USER]);
  fake.addInstallation(ATTACKER_INSTALLATION, 'attacker-org', [ATTACKER_GITHUB_USER]);
  ({ app } = await createTestApp({ database: testDb.database, env: integrationEnv(fake.url) }));
  victim = await createWorkspaceWith(app, 'Victim', '한지민', ['박서준']);
  attacker = await createWorkspaceWith(app, 'Attacker', '공격자');
  victimTeam = await createTeamWith(app, victim.owner, 'Target', [victim.members[0]!.memberId]);
  attackerTeam = await createTeamWith(app, attacker.owner, 'Hostile', [attacker.owner.memberId]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fake?.close();
  await testDb?.drop();
});

const db = () => testDb.database.db;
const get = (who: SignedInMember | null, url: string) => asMember(app, who, 'GET', url);

/** Each member's browser: the cookies the server set in it. */
const browsers = new Map<number, Map<string, string>>();
const jarOf = (who: SignedInMember) => {
  let jar = browsers.get(who.memberId);
  if (!jar) browsers.set(who.memberId, (jar = new Map()));
  return jar;
};
function keepCookies(who: SignedInMember | null, res: LightMyRequestResponse) {
  if (!who) return;
  for (const c of res.cookies) {
    const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
    if (expired) jarOf(who).delete(c.name);
    else jarOf(who).set(c.name, c.value);
  }
}
const cookieHeader = (who: SignedInMember | null) =>
  who ? [...jarOf(who)].map(([name, value]) => `${name}=${value}`).join('; ') : '';
/** A top-level GET of `url` in `who`'s browser (null: a browser with no Momentum cookies). */
async function visit(url: string, who: SignedInMember | null) {
  const cookie = cookieHeader(who);
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  keepCookies(who, res);
  return res;
}
const relative = (absolute: string) => {
  const url = new URL(absolute);
  expect(url.origin).toBe(TEST_PUBLIC_URL);
  return `${url.pathname}${url.search}`;
};

/** `who` clicks "연동하기" for GitHub in their browser → the install page URL (GitHub's, with the state). */
async function startGithubConnect(who: SignedInMember, teamId: number): Promise<string> {
  const res = await get(who, `/api/github/connect?teamId=${teamId}`);
  expect([res.statusCode, res.json().code]).toEqual([200, 'GITHUB200_0']);
  keepCookies(who, res);
  return res.json().result as string;
}

/** Whoever opens `installPage` installs the App there as `page.user` → the callback URL GitHub sends them to. */
async function installOnGithub(
  installPage: string,
  page: { installationId: number; user: string },
): Promise<string> {
  const saved = fake.state.installPage;
  fake.state.installPage = page;
  try {
    const html = await (await fetch(installPage)).text();
    const href = /id="install"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    return relative(href!.replace(/&amp;/g, '&'));
  } finally {
    fake.state.installPage = saved;
  }
}

/** `who` clicks "연동하기" for Slack → the authorize URL (Slack's, with the state). */
async function startSlackConnect(who: SignedInMember, teamId?: number): Promise<string> {
  const res = await get(who, `/slack/connect${teamId === undefined ? '' : `?teamId=${teamId}`}`);
  expect([res.statusCode, res.json().code]).toEqual([200, 'SLACK200_0']);
  keepCookies(who, res);
  return res.json().result as string;
}

/** Whoever opens `authorizeUrl` allows the app in their Slack → the callback URL Slack sends them to. */
async function allowOnSlack(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return relative(res.headers.get('location')!);
}

const githubRows = (teamId: number) =>
  db().select().from(githubInstallation).where(eq(githubInstallation.teamId, teamId));
const installationRows = (installationId: number) =>
  db().select().from(githubInstallation).where(eq(githubInstallation.installationId, installationId));
const slackRows = (workspaceId: number) =>
  db().select().from(slackLink).where(eq(slackLink.workspaceId, workspaceId));
const auditOf = (workspaceId: number, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
const setRole = (who: SignedInMember, role: 'admin' | 'member') =>
  db().update(member).set({ role }).where(eq(member.id, who.memberId));

/** Where a refused callback lands: the complete page with the code and no team (the browser may be anyone's). */
const GITHUB_REFUSED = '/workspace/github/complete?error=GITHUB403_0';
const SLACK_REFUSED = '/workspace/slack/complete?error=SLACK403_0';

describe('the connect-link attack of issue #23', () => {
  it("GitHub: an attacker's install link completed by another organisation's admin links nothing", async () => {
    // The attacker starts a connect for their own team in their own session…
    const installPage = await startGithubConnect(attacker.owner, attackerTeam);
    // …and sends the install link to the victim organisation's admin, who installs the App on their organisation.
    const callback = await installOnGithub(installPage, {
      installationId: VICTIM_INSTALLATION,
      user: VICTIM_GITHUB_USER,
    });
    const exchangesBefore = fake.state.oauthExchanges;

    // The victim's browser has never started a Momentum connect…
    const fresh = await visit(callback, null);
    expect([fresh.statusCode, fresh.headers.location]).toEqual([302, GITHUB_REFUSED]);
    // …or it is a Momentum admin's browser holding the cookie of its own connect.
    await startGithubConnect(victim.owner, victimTeam);
    const admin = await visit(callback, victim.owner);
    expect([admin.statusCode, admin.headers.location]).toEqual([302, GITHUB_REFUSED]);

    // Nothing linked anywhere; the victim's code was not even exchanged; no audit entry.
    expect(await installationRows(VICTIM_INSTALLATION)).toEqual([]);
    expect(await githubRows(attackerTeam)).toEqual([]);
    expect(fake.state.oauthExchanges).toBe(exchangesBefore);
    expect(await auditOf(attacker.workspaceId, 'integration.connected')).toEqual([]);
    const repositories = await get(attacker.owner, `/api/teams/${attackerTeam}/github/repositories`);
    expect([repositories.statusCode, repositories.json().code]).toEqual([404, 'GITHUB404_0']);
  });

  it('GitHub: the same round trip in the browser that started it links (the attack is refused for the browser, not the flow)', async () => {
    const callback = await installOnGithub(await startGithubConnect(attacker.owner, attackerTeam), {
      installationId: ATTACKER_INSTALLATION,
      user: ATTACKER_GITHUB_USER,
    });
    const res = await visit(callback, attacker.owner);
    expect(res.headers.location).toBe(`/workspace/github/complete?teamId=${attackerTeam}`);
    expect(await githubRows(attackerTeam)).toEqual([
      expect.objectContaining({ installationId: ATTACKER_INSTALLATION }),
    ]);
  });

  it("Slack: an attacker's authorize link completed by another workspace's admin links nothing", async () => {
    const callback = await allowOnSlack(await startSlackConnect(attacker.owner, attackerTeam));
    for (const browser of [null, victim.owner]) {
      if (browser) await startSlackConnect(browser);
      const res = await visit(callback, browser);
      expect([res.statusCode, res.headers.location]).toEqual([302, SLACK_REFUSED]);
    }
    expect(await slackRows(attacker.workspaceId)).toEqual([]);
    expect(await slackRows(victim.workspaceId)).toEqual([]);
    expect(await auditOf(attacker.workspaceId, 'integration.connected')).toHaveLength(1); // GitHub's, above
  });
});

describe('binding to the browser', () => {
  it('the connect cookie: HttpOnly, SameSite=Lax, only for the callback, 10 minutes; the state carries its hash only', async () => {
    const github = await get(victim.owner, `/api/github/connect?teamId=${victimTeam}`);
    const slack = await get(victim.owner, '/slack/connect');
    for (const [res, purpose] of [
      [github, 'github'],
      [slack, 'slack'],
    ] as const) {
      const cookie = res.cookies.find((c) => c.name === CONNECT_COOKIE[purpose]);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: CONNECT_COOKIE_PATH[purpose],
        maxAge: 600,
      });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const state = new URL(res.json().result as string).searchParams.get('state')!;
      expect(state).not.toContain(cookie!.value);
      expect(decodeJwt(state)).toMatchObject({
        purpose,
        memberId: victim.owner.memberId,
        browser: browserNonceHash(cookie!.value),
      });
    }
  });

  it("a newer connect in the same browser replaces the older one's cookie: the older link is refused, the newer one links", async () => {
    const older = await installOnGithub(await startGithubConnect(victim.owner, victimTeam), {
      installationId: VICTIM_INSTALLATION,
      user: VICTIM_GITHUB_USER,
    });
    const newer = await installOnGithub(await startGithubConnect(victim.owner, victimTeam), {
      installationId: VICTIM_INSTALLATION,
      user: VICTIM_GITHUB_USER,
    });
    const cookie = cookieHeader(victim.owner);
    const refused = await app.inject({ method: 'GET', url: older, headers: { cookie } });
    expect(refused.headers.location).toBe(GITHUB_REFUSED);
    expect(await githubRows(victimTeam)).toEqual([]);
    const res = await app.inject({ method: 'GET', url: newer, headers: { cookie } });
    expect(res.headers.location).toBe(`/workspace/github/complete?teamId=${victimTeam}`);
    expect(await githubRows(victimTeam)).toEqual([
      expect.objectContaining({ installationId: VICTIM_INSTALLATION, account: 'victim-org' }),
    ]);
    // The callback expired the cookie.
    const cleared = res.cookies.find((c) => c.name === CONNECT_COOKIE.github);
    expect(cleared?.value).toBe('');
  });

  it('a replayed callback (same URL, same cookie) is refused after the first use; Slack too', async () => {
    const url = await allowOnSlack(await startSlackConnect(victim.owner, victimTeam));
    const cookie = cookieHeader(victim.owner);
    const first = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(first.headers.location).toBe(`/workspace/slack/complete?teamId=${victimTeam}`);
    const linked = await slackRows(victim.workspaceId);
    expect(linked).toHaveLength(1);
    const replay = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(replay.headers.location).toBe(SLACK_REFUSED);
    // Unchanged by the replay (same row, same token).
    expect(await slackRows(victim.workspaceId)).toEqual(linked);
  });

  it('used states are remembered until they expire, then pruned', async () => {
    await db()
      .insert(connectStateUse)
      .values({ jti: 'old-state', expiresAt: new Date(Date.now() - 60_000) });
    await visit(await allowOnSlack(await startSlackConnect(victim.owner)), victim.owner);
    const rows = await db().select().from(connectStateUse);
    expect(rows.map((r) => r.jti)).not.toContain('old-state');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.expiresAt.getTime() > Date.now())).toBe(true);
  });
});

describe('only workspace admins connect and disconnect (docs/security.md "Roles")', () => {
  it('a member gets 403 ROLE403_0 from both connect routes and both disconnects; no cookie is set', async () => {
    const member = victim.members[0]!;
    for (const [method, url] of [
      ['GET', `/api/github/connect?teamId=${victimTeam}`],
      ['GET', `/slack/connect?teamId=${victimTeam}`],
      ['DELETE', `/api/teams/${victimTeam}/github/installation`],
      ['DELETE', '/slack/link'],
    ] as const) {
      const res = await asMember(app, member, method, url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'ROLE403_0']);
      expect(res.cookies).toEqual([]);
    }
    // Another workspace's team stays a 404, as for any team route.
    const foreign = await asMember(
      app,
      attacker.owner,
      'DELETE',
      `/api/teams/${victimTeam}/github/installation`,
    );
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'TEAM404_0']);
    expect(await githubRows(victimTeam)).toHaveLength(1);
    expect(await slackRows(victim.workspaceId)).toHaveLength(1);
  });

  it('an admin demoted between connect and callback links nothing (GITHUB403_0 / SLACK403_0); promoted, they can', async () => {
    const member = victim.members[0]!;
    await setRole(member, 'admin');
    const otherTeam = await createTeamWith(app, victim.owner, 'Demoted', [member.memberId]);
    try {
      const github = await installOnGithub(await startGithubConnect(member, otherTeam), {
        installationId: VICTIM_INSTALLATION,
        user: VICTIM_GITHUB_USER,
      });
      const slack = await allowOnSlack(await startSlackConnect(member, otherTeam));
      const slackBefore = await slackRows(victim.workspaceId);
      await setRole(member, 'member');
      expect((await visit(github, member)).headers.location).toBe(GITHUB_REFUSED);
      expect((await visit(slack, member)).headers.location).toBe(SLACK_REFUSED);
      expect(await githubRows(otherTeam)).toEqual([]);
      expect(await slackRows(victim.workspaceId)).toEqual(slackBefore);

      await setRole(member, 'admin');
      const again = await installOnGithub(await startGithubConnect(member, otherTeam), {
        installationId: VICTIM_INSTALLATION,
        user: VICTIM_GITHUB_USER,
      });
      expect((await visit(again, member)).headers.location).toBe(
        `/workspace/github/complete?teamId=${otherTeam}`,
      );
    } finally {
      await setRole(member, 'member');
    }
  });
});

describe('audit entries of connect and disconnect', () => {
  it('integration.connected: who, from where, the team and the GitHub account / Slack team — never a token', async () => {
    const githubEntries = await auditOf(victim.workspaceId, 'integration.connected');
    const github = githubEntries.find(
      (e) => e.targetName === 'github' && e.actorId === victim.owner.memberId,
    );
    expect(github).toMatchObject({
      actorName: '한지민',
      targetType: 'integration',
      targetName: 'github',
      ip: '127.0.0.1',
      details: {
        teamId: victimTeam,
        teamName: 'Target',
        account: 'victim-org',
        installationId: VICTIM_INSTALLATION,
      },
    });
    const slack = githubEntries.find((e) => e.targetName === 'slack');
    expect(slack).toMatchObject({
      actorId: victim.owner.memberId,
      targetType: 'integration',
      details: expect.objectContaining({
        slackTeamId: FAKE_SLACK_TEAM.id,
        slackTeamName: FAKE_SLACK_TEAM.name,
      }),
    });
    const everything = JSON.stringify(await db().select().from(auditLog));
    expect(everything).not.toMatch(/xoxb-|ghu_|ghs_|fakecode/);
  });

  it('disconnecting removes the link and writes integration.disconnected in the same change; a second time is 404', async () => {
    const github = await asMember(
      app,
      victim.owner,
      'DELETE',
      `/api/teams/${victimTeam}/github/installation`,
    );
    expect([github.statusCode, github.json().code, github.json().result]).toEqual([200, 'GITHUB200_5', null]);
    expect(await githubRows(victimTeam)).toEqual([]);
    const slack = await asMember(app, victim.owner, 'DELETE', '/slack/link');
    expect([slack.statusCode, slack.json().code]).toEqual([200, 'SLACK200_1']);
    expect(await slackRows(victim.workspaceId)).toEqual([]);

    const entries = await auditOf(victim.workspaceId, 'integration.disconnected');
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: victim.owner.memberId,
        targetName: 'github',
        details: expect.objectContaining({ teamId: victimTeam, account: 'victim-org' }),
      }),
      expect.objectContaining({
        targetName: 'slack',
        details: expect.objectContaining({ slackTeamId: FAKE_SLACK_TEAM.id }),
      }),
    ]);
    const links = await get(victim.owner, `/api/teams/${victimTeam}/externals/links`);
    expect(links.json().result).toEqual({ linkedWithGithub: false, linkedWithSlack: false });

    const again = await asMember(app, victim.owner, 'DELETE', `/api/teams/${victimTeam}/github/installation`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'GITHUB404_0']);
    const slackAgain = await asMember(app, victim.owner, 'DELETE', '/slack/link');
    expect([slackAgain.statusCode, slackAgain.json().code]).toEqual([404, 'SLACK404_0']);
    expect(await auditOf(victim.workspaceId, 'integration.disconnected')).toHaveLength(2);
  });
});
