import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  FAKE_GITHUB_ACCOUNT,
  FAKE_INSTALLATION_ID,
  type FakeIntegrations,
} from '../../../../scripts/fake-integrations';
import { githubDelivery, item } from '../../../../server/db/schema';
import { lexicalToPlainText } from '../../../../contract/lexical';
import { upsertGithubInstallation } from '../../../../server/modules/integrations/store';
import {
  type WebhookDeliveryOptions,
  deliverWebhook,
  fakeIssueUrl,
  githubAppEnv,
  issuesPayload as issuesPayloadOf,
  startTestIntegrationsFake,
  TEST_GITHUB_APP_ID,
  webhookSignature,
} from '../../support/integrations';
import { createTeamWith, listPageOk } from '../../support/items';
import { asMember } from '../../support/members';
import { TEST_PUBLIC_URL, type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * GitHub → Momentum webhooks and Momentum → GitHub issue state/title sync (docs/product.md "Integrations";
 * server/modules/github-webhook/routes.ts): signature on the raw body, duplicate
 * deliveries, never a second item for an issue we opened, title/body/FINISH in step — against the fake GitHub of
 * scripts/fake-integrations.ts.
 */
const SECRET = 'webhook-secret-for-tests-0123456789';
const REPO = 'momentum-demo';

let testDb: TestDatabase;
let fake: FakeIntegrations;
let app: FastifyInstance;
let ws: TestWorkspace;
/** Linked to the fake's installation. */
let alpha: number;

const integrationEnv = (fakeUrl: string, secret = SECRET) => ({
  ...githubAppEnv(fakeUrl),
  GITHUB_WEBHOOK_SECRET: secret,
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  fake = await startTestIntegrationsFake();
  ({ app } = await createTestApp({ database: testDb.database, env: integrationEnv(fake.url) }));
  ws = await createWorkspaceWith(app, 'Hooked', '한지민', ['박서준']);
  alpha = await createTeamWith(app, ws.owner, 'Alpha', [ws.members[0]!.memberId]);
  await upsertGithubInstallation(db(), {
    teamId: alpha,
    installationId: FAKE_INSTALLATION_ID,
    account: FAKE_GITHUB_ACCOUNT,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fake?.close();
  await testDb?.drop();
});

const db = () => testDb.database.db;
const sign = (body: string, secret = SECRET) => webhookSignature(body, secret);

/** `POST /api/github/webhook` as GitHub sends it, to this file's app (or `options.to`). */
const deliver = (
  event: string,
  payload: unknown,
  options: WebhookDeliveryOptions & { to?: FastifyInstance } = {},
) => deliverWebhook(options.to ?? app, SECRET, event, payload, options);

const issueUrl = (number: number, repo = REPO) => fakeIssueUrl(repo, number);

/** An `issues` payload of this file's repository. */
const issuesPayload = (
  action: string,
  issue: { number: number; title: string; body?: string | null },
  extra: Record<string, unknown> = {},
) => issuesPayloadOf(REPO, action, issue, extra);

const row = async (id: number) => (await db().select().from(item).where(eq(item.id, id)))[0]!;
const externalsOf = async (teamId: number) =>
  db()
    .select()
    .from(item)
    .where(and(eq(item.teamId, teamId), eq(item.kind, 'external')));

/**
 * `payload` as GitHub sends it for an issue OUR App opened (with its installation token): GitHub sets
 * `performed_via_github_app` to the App and the author to the App's bot user (`<slug>[bot]`, default slug).
 */
const byOurApp = <T extends { issue: object }>(payload: T, how: 'app' | 'bot' | 'both' = 'both'): T => ({
  ...payload,
  issue: {
    ...payload.issue,
    ...(how !== 'bot' && {
      performed_via_github_app: { id: Number(TEST_GITHUB_APP_ID), slug: 'momentum-app' },
    }),
    ...(how !== 'app' && { user: { login: 'momentum-app[bot]', type: 'Bot' } }),
  },
});

/** Creates a GITHUB external through the API (the fake opens its issue); returns its id and the fake's issue. */
async function createGithubExternal(title: string) {
  const res = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, {
    payload: {
      title,
      extServiceType: 'GITHUB',
      owner: FAKE_GITHUB_ACCOUNT,
      repo: REPO,
      installationId: FAKE_INSTALLATION_ID,
    },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().result.sync.ok).toBe(true);
  return { externalId: res.json().result.externalId as number, issue: fake.state.issues.at(-1)! };
}

describe('POST /api/github/webhook: authentication and shape', () => {
  it('503 GITHUB503_0 when GITHUB_WEBHOOK_SECRET is unset, even for a "signed" payload', async () => {
    const { app: bare } = await createTestApp({
      database: testDb.database,
      env: integrationEnv(fake.url, ''),
    });
    try {
      const before = (await externalsOf(alpha)).length;
      const res = await deliver('issues', issuesPayload('opened', { number: 8000, title: '무시' }), {
        to: bare,
      });
      expect([res.statusCode, res.json().code]).toEqual([503, 'GITHUB503_0']);
      expect((await externalsOf(alpha)).length).toBe(before);
    } finally {
      await bare.close();
    }
  });

  it('401 WEBHOOK401_0 for a missing, wrong or foreign signature; nothing is created', async () => {
    const before = (await externalsOf(alpha)).length;
    const payload = issuesPayload('opened', { number: 8001, title: '위조' });
    const body = JSON.stringify(payload);
    for (const signature of [
      null,
      'sha256=',
      sign(body, 'another-secret-0123456789'),
      sign(`${body} `),
      sign(body).replace('sha256=', 'sha1='),
      'garbage',
    ]) {
      const res = await deliver('issues', body, { signature });
      expect([String(signature), res.statusCode, res.json().code]).toEqual([
        String(signature),
        401,
        'WEBHOOK401_0',
      ]);
    }
    expect((await externalsOf(alpha)).length).toBe(before);
  });

  it('the signature covers the raw bytes (whitespace and key order as sent)', async () => {
    const payload = issuesPayload('opened', { number: 8002, title: '원문 서명' });
    const raw = JSON.stringify(payload, null, 2);
    const res = await deliver('issues', raw);
    expect([res.statusCode, res.json().code, res.json().result.outcome]).toEqual([
      200,
      'GITHUB200_3',
      'created',
    ]);
  });

  it('400 WEBHOOK400_0 for missing headers or a malformed payload — never a 500', async () => {
    const good = issuesPayload('opened', { number: 8003, title: '형식' });
    const noEvent = await deliver('issues', good, { headers: { 'x-github-event': '' } });
    expect([noEvent.statusCode, noEvent.json().code]).toEqual([400, 'WEBHOOK400_0']);
    const noDelivery = await deliver('issues', good, { delivery: '' });
    expect([noDelivery.statusCode, noDelivery.json().code]).toEqual([400, 'WEBHOOK400_0']);
    const bad: unknown[] = [
      '{"action": "opened", ',
      '[1, 2]',
      '"text"',
      { action: 42 },
      { ...good, issue: { ...good.issue, number: 'seven' } },
      { ...good, issue: { ...good.issue, title: null } },
      { ...good, repository: null },
      { action: 'closed', installation: { id: FAKE_INSTALLATION_ID } },
    ];
    for (const payload of bad) {
      const res = await deliver('issues', typeof payload === 'string' ? payload : JSON.stringify(payload));
      expect([JSON.stringify(payload), res.statusCode, res.json().code]).toEqual([
        JSON.stringify(payload),
        400,
        'WEBHOOK400_0',
      ]);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/github/webhook',
      headers: {
        'content-type': 'text/plain',
        'x-github-event': 'issues',
        'x-github-delivery': randomUUID(),
      },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(415);
  });

  it('a signed delivery carrying a NUL character is 400 WEBHOOK400_0, never a 500; nothing is created', async () => {
    const before = (await externalsOf(alpha)).length;
    for (const payload of [
      issuesPayload('opened', { number: 8010, title: 'NUL\u0000제목' }),
      issuesPayload('opened', { number: 8011, title: '본문에 NUL', body: 'a\u0000b' }),
      { ...issuesPayload('opened', { number: 8012, title: '키에 NUL' }), 'x\u0000': 1 },
    ]) {
      const body = JSON.stringify(payload);
      expect(body).toContain('\\u0000');
      const res = await deliver('issues', body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'WEBHOOK400_0']);
    }
    expect((await externalsOf(alpha)).length).toBe(before);
  });

  it('ping, other events, unused actions and unknown installations are 200 and change nothing', async () => {
    const before = (await externalsOf(alpha)).length;
    const ping = await deliver('ping', { zen: 'Keep it logically awesome.', hook_id: 1 });
    expect([ping.statusCode, ping.json().code]).toEqual([200, 'GITHUB200_3']);
    const push = await deliver('push', {
      ref: 'refs/heads/main',
      installation: { id: FAKE_INSTALLATION_ID },
    });
    expect([push.statusCode, push.json().code, push.json().result.outcome]).toEqual([
      200,
      'GITHUB200_4',
      'ignored',
    ]);
    const labeled = await deliver('issues', issuesPayload('labeled', { number: 8004, title: '라벨' }));
    expect([labeled.statusCode, labeled.json().code]).toEqual([200, 'GITHUB200_4']);
    const unknown = await deliver(
      'issues',
      issuesPayload('opened', { number: 8005, title: '모르는 설치' }, { installation: { id: 999_999 } }),
    );
    expect([unknown.statusCode, unknown.json().code, unknown.json().result]).toEqual([
      200,
      'GITHUB200_4',
      { outcome: 'ignored', externalId: null },
    ]);
    // Edits of an issue we do not know are ignored too.
    const edited = await deliver('issues', issuesPayload('edited', { number: 8006, title: '모름' }));
    expect([edited.statusCode, edited.json().code]).toEqual([200, 'GITHUB200_4']);
    expect((await externalsOf(alpha)).length).toBe(before);
  });

  it('no bearer needed, and the rest of the API still parses JSON as before', async () => {
    const res = await asMember(app, ws.owner, 'PATCH', `/api/teams/${alpha}/externals/0`, {
      payload: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('issues webhooks', () => {
  it('opened: creates a GITHUB external (listed, detail with externalLink, content as paragraphs)', async () => {
    const body = '첫 줄\r\n\r\n세 번째 줄 **그대로**';
    const res = await deliver(
      'issues',
      issuesPayload('opened', { number: 9001, title: '웹훅으로 온 이슈', body }),
    );
    expect([res.statusCode, res.json().code, res.json().result.outcome]).toEqual([
      200,
      'GITHUB200_3',
      'created',
    ]);
    const externalId = res.json().result.externalId as number;
    const stored = await row(externalId);
    expect(stored).toMatchObject({
      kind: 'external',
      teamId: alpha,
      title: '웹훅으로 온 이슈',
      state: 'NONE',
      priority: 'NONE',
      extServiceType: 'GITHUB',
      githubOwner: FAKE_GITHUB_ACCOUNT,
      githubRepo: REPO,
      githubNumber: 9001,
      githubUrl: issueUrl(9001),
      authorId: null,
      goalId: null,
    });
    expect(stored.name).toMatch(/^Hooked-e\d+$/);
    expect(lexicalToPlainText(stored.content)).toBe('첫 줄\n\n세 번째 줄 **그대로**');
    const parsed = JSON.parse(stored.content);
    expect(parsed.root.children).toHaveLength(3);
    expect(parsed.root.children[0]).toMatchObject({
      type: 'paragraph',
      children: [{ type: 'text', text: '첫 줄' }],
    });

    const page = await listPageOk(app, ws.owner, alpha, 'externals', { query: 'STATE' });
    const listed = page.data.flatMap((g) => g.items).find((i) => i.id === externalId);
    expect(listed).toMatchObject({
      title: '웹훅으로 온 이슈',
      extServiceType: 'GITHUB',
      managers: { cnt: 0 },
    });
    const detail = await asMember(app, ws.owner, 'GET', `/api/teams/${alpha}/externals/${externalId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({
      content: stored.content,
      externalLink: { url: issueUrl(9001), label: `${FAKE_GITHUB_ACCOUNT}/${REPO}#9001` },
    });
  });

  it('opened with an empty body: content is empty', async () => {
    const res = await deliver(
      'issues',
      issuesPayload('opened', { number: 9002, title: '본문 없음', body: null }),
    );
    expect((await row(res.json().result.externalId)).content).toBe('');
  });

  it('cuts a 25-character title to 20 code points without splitting a surrogate pair', async () => {
    const title = `${'가'.repeat(19)}😀abcde`;
    expect(Array.from(title)).toHaveLength(25);
    const res = await deliver('issues', issuesPayload('opened', { number: 9003, title }));
    const stored = await row(res.json().result.externalId);
    expect(stored.title).toBe(`${'가'.repeat(19)}😀`);
    expect(Array.from(stored.title)).toHaveLength(20);
    // The detail (zod-validated response) accepts it.
    const detail = await asMember(app, ws.owner, 'GET', `/api/teams/${alpha}/externals/${stored.id}`);
    expect(detail.json().result.title).toBe(stored.title);
  });

  it('a duplicate delivery (same X-GitHub-Delivery) is 200 and does nothing; a new delivery of the same issue makes no second item', async () => {
    const delivery = randomUUID();
    const payload = issuesPayload('opened', { number: 9004, title: '한 번만' });
    const first = await deliver('issues', payload, { delivery });
    expect(first.json().result.outcome).toBe('created');
    const again = await deliver('issues', payload, { delivery });
    expect([again.statusCode, again.json().code, again.json().result]).toEqual([
      200,
      'GITHUB200_4',
      { outcome: 'duplicate', externalId: null },
    ]);
    const redelivered = await deliver('issues', payload);
    expect([redelivered.statusCode, redelivered.json().result]).toEqual([
      200,
      { outcome: 'unchanged', externalId: first.json().result.externalId },
    ]);
    const closedTwice = issuesPayload('closed', { number: 9004, title: '한 번만' });
    const closeDelivery = randomUUID();
    await deliver('issues', closedTwice, { delivery: closeDelivery });
    // Reopened on GitHub, then the old "closed" delivery replayed: ignored, the item stays reopened.
    await deliver('issues', issuesPayload('reopened', { number: 9004, title: '한 번만' }));
    const replay = await deliver('issues', closedTwice, { delivery: closeDelivery });
    expect(replay.json().result.outcome).toBe('duplicate');
    expect((await row(first.json().result.externalId)).state).toBe('TODO');
    const sameIssue = (await externalsOf(alpha)).filter((r) => r.githubNumber === 9004);
    expect(sameIssue).toHaveLength(1);
  });

  it('our own issue coming back (opened after the create response stored its number) is not imported again', async () => {
    const { externalId, issue } = await createGithubExternal('우리가 만든 이슈');
    expect(issue.body).toContain(`/workspace/team/${alpha}/ext/${externalId}`);
    const before = (await externalsOf(alpha)).length;
    const res = await deliver(
      'issues',
      issuesPayload('opened', { number: issue.number, title: issue.title, body: issue.body }),
    );
    expect([res.statusCode, res.json().result]).toEqual([200, { outcome: 'unchanged', externalId }]);
    expect((await externalsOf(alpha)).length).toBe(before);
  });

  it('our own issue whose webhook beats the create response: found by the link back, number stored, no duplicate', async () => {
    const { externalId, issue } = await createGithubExternal('경주 조건');
    // As if GitHub's webhook arrived before syncExternal stored number and url.
    await db().update(item).set({ githubNumber: null, githubUrl: null }).where(eq(item.id, externalId));
    const before = (await externalsOf(alpha)).length;
    const res = await deliver(
      'issues',
      byOurApp(issuesPayload('opened', { number: issue.number, title: issue.title, body: issue.body })),
    );
    expect([res.statusCode, res.json().code, res.json().result]).toEqual([
      200,
      'GITHUB200_3',
      { outcome: 'linked', externalId },
    ]);
    expect(await row(externalId)).toMatchObject({
      githubNumber: issue.number,
      githubUrl: issueUrl(issue.number),
    });
    expect((await externalsOf(alpha)).length).toBe(before);
    // The create response then stores the same number: still one item.
    await db()
      .update(item)
      .set({ githubNumber: issue.number, githubUrl: issue.htmlUrl })
      .where(eq(item.id, externalId));
    expect((await externalsOf(alpha)).filter((r) => r.githubNumber === issue.number)).toHaveLength(1);
  });

  it('our App is recognised by performed_via_github_app alone or by its bot author alone', async () => {
    for (const how of ['app', 'bot'] as const) {
      const { externalId, issue } = await createGithubExternal(`경주 ${how}`);
      await db().update(item).set({ githubNumber: null, githubUrl: null }).where(eq(item.id, externalId));
      const res = await deliver(
        'issues',
        byOurApp(
          issuesPayload('opened', { number: issue.number, title: issue.title, body: issue.body }),
          how,
        ),
      );
      expect([how, res.json().result]).toEqual([how, { outcome: 'linked', externalId }]);
    }
  });

  it("someone else's issue carrying an external's link cannot take over an external whose GitHub issue was never created (issue #23)", async () => {
    // The external was saved but GitHub failed, so it has no issue of its own.
    fake.state.failGithub = true;
    let victim: number;
    try {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, {
        payload: {
          title: '인수 대상',
          extServiceType: 'GITHUB',
          owner: FAKE_GITHUB_ACCOUNT,
          repo: REPO,
          installationId: FAKE_INSTALLATION_ID,
        },
      });
      expect([res.statusCode, res.json().result.sync.ok]).toEqual([201, false]);
      victim = res.json().result.externalId as number;
    } finally {
      fake.state.failGithub = false;
    }
    const link = `${TEST_PUBLIC_URL}/workspace/team/${alpha}/ext/${victim}`;
    const body = `\n\n---\nMomentum에서 생성된 외부 이슈입니다: ${link}`;
    // A person (octocat, not our App) opens an issue whose body carries the link, then renames and closes it.
    const opened = await deliver(
      'issues',
      issuesPayload('opened', { number: 9100, title: '탈취 시도', body }),
    );
    expect(opened.json().result.outcome).toBe('created');
    expect(opened.json().result.externalId).not.toBe(victim);
    await deliver(
      'issues',
      issuesPayload(
        'edited',
        { number: 9100, title: '바꿔치기', body },
        { changes: { title: { from: '탈취 시도' } } },
      ),
    );
    await deliver('issues', issuesPayload('closed', { number: 9100, title: '바꿔치기', body }));
    expect(await row(victim)).toMatchObject({
      title: '인수 대상',
      state: 'NONE',
      githubNumber: null,
      githubUrl: null,
    });
    // Even a Bot of another App is not ours.
    const otherBot = await deliver('issues', {
      ...issuesPayload('opened', { number: 9101, title: '다른 앱', body }),
      issue: {
        ...issuesPayload('opened', { number: 9101, title: '다른 앱', body }).issue,
        user: { login: 'other-app[bot]', type: 'Bot' },
        performed_via_github_app: { id: 999 },
      },
    });
    expect(otherBot.json().result.outcome).toBe('created');
    expect((await row(victim)).githubNumber).toBeNull();
  });

  it("a link back to another repository's external, or to one already linked to another issue, is not ours", async () => {
    const { externalId, issue } = await createGithubExternal('다른 이슈가 인용');
    const quoting = await deliver(
      'issues',
      issuesPayload('opened', { number: 9005, title: '인용한 이슈', body: `참고: ${issue.body}` }),
    );
    expect(quoting.json().result.outcome).toBe('created');
    expect(quoting.json().result.externalId).not.toBe(externalId);
    expect((await row(externalId)).githubNumber).toBe(issue.number);
  });

  it('edited: title (cut to 20) and body follow; our own footer is dropped from the body', async () => {
    const { externalId, issue } = await createGithubExternal('편집 전');
    const edited = await deliver(
      'issues',
      issuesPayload(
        'edited',
        { number: issue.number, title: '편집 후 제목이 아주 아주 아주 깁니다 정말로', body: issue.body },
        { changes: { title: { from: '편집 전' } } },
      ),
    );
    expect([edited.statusCode, edited.json().code, edited.json().result]).toEqual([
      200,
      'GITHUB200_3',
      { outcome: 'updated', externalId },
    ]);
    const afterTitle = await row(externalId);
    expect(afterTitle.title).toBe(
      Array.from('편집 후 제목이 아주 아주 아주 깁니다 정말로').slice(0, 20).join('').trim(),
    );
    // Only the title changed: the description is left as it was.
    expect(afterTitle.content).toBe('');

    const body = `새 본문\n둘째 줄\n\n---\nMomentum에서 생성된 외부 이슈입니다: ${TEST_PUBLIC_URL}/workspace/team/${alpha}/ext/${externalId}`;
    const bodyEdit = await deliver(
      'issues',
      issuesPayload(
        'edited',
        { number: issue.number, title: afterTitle.title, body },
        { changes: { body: { from: issue.body } } },
      ),
    );
    expect(bodyEdit.json().result.outcome).toBe('updated');
    const afterBody = await row(externalId);
    expect(lexicalToPlainText(afterBody.content)).toBe('새 본문\n둘째 줄');
    expect(afterBody.updatedAt.getTime()).toBeGreaterThanOrEqual(afterTitle.updatedAt.getTime());

    const same = await deliver(
      'issues',
      issuesPayload(
        'edited',
        { number: issue.number, title: afterTitle.title, body },
        { changes: { body: { from: body } } },
      ),
    );
    expect(same.json().result.outcome).toBe('unchanged');
  });

  it('closed → FINISH, reopened → TODO (only from FINISH), updated_at bumped', async () => {
    const created = await deliver('issues', issuesPayload('opened', { number: 9006, title: '닫고 열기' }));
    const externalId = created.json().result.externalId as number;
    const initial = await row(externalId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const closed = await deliver('issues', issuesPayload('closed', { number: 9006, title: '닫고 열기' }));
    expect(closed.json().result).toEqual({ outcome: 'updated', externalId });
    const finished = await row(externalId);
    expect(finished.state).toBe('FINISH');
    expect(finished.updatedAt.getTime()).toBeGreaterThan(initial.updatedAt.getTime());
    const closedAgain = await deliver(
      'issues',
      issuesPayload('closed', { number: 9006, title: '닫고 열기' }),
    );
    expect(closedAgain.json().result.outcome).toBe('unchanged');

    const reopened = await deliver('issues', issuesPayload('reopened', { number: 9006, title: '닫고 열기' }));
    expect(reopened.json().result.outcome).toBe('updated');
    expect((await row(externalId)).state).toBe('TODO');

    // Reopening an item that is not FINISH leaves its state.
    await db().update(item).set({ state: 'IN_PROGRESS' }).where(eq(item.id, externalId));
    const reopenedAgain = await deliver(
      'issues',
      issuesPayload('reopened', { number: 9006, title: '닫고 열기' }),
    );
    expect(reopenedAgain.json().result.outcome).toBe('unchanged');
    expect((await row(externalId)).state).toBe('IN_PROGRESS');
  });

  it('deleted: the item is kept', async () => {
    const created = await deliver('issues', issuesPayload('opened', { number: 9007, title: '삭제될 이슈' }));
    const externalId = created.json().result.externalId as number;
    const deleted = await deliver('issues', issuesPayload('deleted', { number: 9007, title: '삭제될 이슈' }));
    expect([deleted.statusCode, deleted.json().code]).toEqual([200, 'GITHUB200_4']);
    expect(await row(externalId)).toMatchObject({ title: '삭제될 이슈', githubNumber: 9007 });
  });

  it('prunes deliveries older than 7 days', async () => {
    const old = `old-${randomUUID()}`;
    await db()
      .insert(githubDelivery)
      .values({ deliveryId: old, receivedAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) });
    const recent = randomUUID();
    await deliver('issues', issuesPayload('opened', { number: 9008, title: '정리' }), { delivery: recent });
    const ids = (await db().select().from(githubDelivery)).map((d) => d.deliveryId);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
  });
});

describe('Momentum → GitHub: PATCH of a GITHUB external', () => {
  const patch = (externalId: number, payload: Record<string, unknown>) =>
    asMember(app, ws.owner, 'PATCH', `/api/teams/${alpha}/externals/${externalId}`, { payload });

  it('state FINISH closes the issue, back to TODO reopens it, a new title renames it; other changes call nothing', async () => {
    const { externalId, issue } = await createGithubExternal('동기화');
    const updates = () => fake.state.issueUpdates.filter((u) => u.number === issue.number && u.repo === REPO);

    expect((await patch(externalId, { state: 'FINISH' })).statusCode).toBe(200);
    expect(updates()).toEqual([
      {
        installationId: FAKE_INSTALLATION_ID,
        owner: FAKE_GITHUB_ACCOUNT,
        repo: REPO,
        number: issue.number,
        state: 'closed',
      },
    ]);
    expect(issue.state).toBe('closed');

    // GitHub's resulting webhook finds the item already in step.
    const echo = await deliver(
      'issues',
      issuesPayload('closed', { number: issue.number, title: issue.title }),
    );
    expect(echo.json().result.outcome).toBe('unchanged');

    expect((await patch(externalId, { state: 'TODO' })).statusCode).toBe(200);
    expect(updates().at(-1)).toMatchObject({ state: 'open' });
    expect(issue.state).toBe('open');

    // Not crossing FINISH, priority only, or the same title: no call.
    const count = updates().length;
    await patch(externalId, { state: 'IN_PROGRESS' });
    await patch(externalId, { priority: 'HIGH' });
    await patch(externalId, { title: '동기화' });
    expect(updates()).toHaveLength(count);

    expect((await patch(externalId, { title: '새 이름', state: 'FINISH' })).statusCode).toBe(200);
    expect(updates().at(-1)).toMatchObject({ title: '새 이름', state: 'closed' });
    expect(issue.title).toBe('새 이름');
  });

  it('GitHub down: the PATCH still succeeds and is saved', async () => {
    const { externalId, issue } = await createGithubExternal('깃허브 장애');
    fake.state.failGithub = true;
    try {
      const res = await patch(externalId, { state: 'FINISH', title: '장애 중 수정' });
      expect([res.statusCode, res.json().code]).toEqual([200, 'EXTERNAL200_1']);
      expect(await row(externalId)).toMatchObject({ state: 'FINISH', title: '장애 중 수정' });
      expect(issue.state).toBe('open');
    } finally {
      fake.state.failGithub = false;
    }
  });

  it('externals without an issue number (GitHub failed at create) and SLACK externals call nothing', async () => {
    fake.state.failGithub = true;
    let externalId: number;
    try {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, {
        payload: {
          title: '번호 없음',
          extServiceType: 'GITHUB',
          owner: FAKE_GITHUB_ACCOUNT,
          repo: REPO,
          installationId: FAKE_INSTALLATION_ID,
        },
      });
      externalId = res.json().result.externalId;
    } finally {
      fake.state.failGithub = false;
    }
    const count = fake.state.issueUpdates.length;
    expect((await patch(externalId, { state: 'FINISH' })).statusCode).toBe(200);
    const slack = await asMember(app, ws.owner, 'POST', `/api/teams/${alpha}/externals`, {
      payload: { title: '슬랙', extServiceType: 'SLACK' },
    });
    expect((await patch(slack.json().result.externalId, { state: 'FINISH' })).statusCode).toBe(200);
    expect(fake.state.issueUpdates).toHaveLength(count);
  });
});
