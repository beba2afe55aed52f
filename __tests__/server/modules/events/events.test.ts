import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { eventHubOf } from '../../../../server/modules/events';
import { publishEvent } from '../../../../server/modules/events/outbox';
import { signTicket, ticketKey } from '../../../../server/modules/events/ticket';
import { upsertGithubInstallation } from '../../../../server/modules/integrations/store';
import { SseClient, baseUrl, openStream, ticketOf } from '../../support/events';
import { createItemOk, createTeamWith } from '../../support/items';
import { asMember, signIn } from '../../support/members';
import { TEST_JWT_SECRET, type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith, joinWith } from '../../support/workspaces';

/**
 * Live updates, server half (issue #10; docs/live-updates.md): the one-time ticket, the SSE stream over a real HTTP
 * listener, events from the write routes, workspace and member isolation, `Last-Event-ID` replay, resync,
 * heartbeat, the per-member cap and shutdown.
 */
jest.setTimeout(60_000);

let testDb: TestDatabase;
let app: FastifyInstance;
/** 'Live': owner 김민수 and 이영희. */
let ws: TestWorkspace;
let other: TestWorkspace;
let teamId: number;
const open: SseClient[] = [];

const track = (client: SseClient) => {
  open.push(client);
  return client;
};
const stream = async (...args: Parameters<typeof openStream>) => track(await openStream(...args));

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await createTestApp({ database: testDb.database }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  ws = await createWorkspaceWith(app, 'Live', '김민수', ['이영희']);
  other = await createWorkspaceWith(app, 'Elsewhere', 'Bob');
  teamId = await createTeamWith(app, ws.owner, '실시간 팀', [ws.members[0]!.memberId]);
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest id in the event outbox. */
async function newestOutboxId(): Promise<number> {
  const result = await app.database.db.execute(sql`select coalesce(max(id), 0)::int as id from event_outbox`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
}

const rawStream = (query: string, headers: Record<string, string> = {}) =>
  SseClient.open(`${baseUrl(app)}/api/events?${query}`, headers).then(track);

describe('ticket', () => {
  it('is issued to a signed-in member of a workspace, valid 30 seconds', async () => {
    const res = await asMember(app, ws.owner, 'POST', '/api/events/ticket');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, code: 'EVENTS200_0', result: { expiresIn: 30 } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await asMember(app, null, 'POST', '/api/events/ticket')).statusCode).toBe(401);
    const loner = await signIn(app, '무소속');
    const none = await asMember(app, loner, 'POST', '/api/events/ticket');
    expect([none.statusCode, none.json().code]).toEqual([404, 'WORKSPACE404_0']);
  });

  it('opens one stream only: a used (stolen) ticket is refused with the JSON envelope', async () => {
    const ticket = await ticketOf(app, ws.owner);
    const first = await rawStream(`ticket=${ticket}`);
    expect(first.response.status).toBe(200);
    const again = await fetch(`${baseUrl(app)}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ isSuccess: false, code: 'EVENTS401_0', result: null });
  });

  it('is refused when missing, expired, forged, an access token, or its member withdrew', async () => {
    const expect401 = async (query: string) => {
      const res = await fetch(`${baseUrl(app)}/api/events?${query}`);
      expect([query.slice(0, 30), res.status, (await res.json()).code]).toEqual([
        query.slice(0, 30),
        401,
        'EVENTS401_0',
      ]);
    };
    await expect401('');
    await expect401('ticket=garbage');
    const key = ticketKey(TEST_JWT_SECRET);
    await expect401(
      `ticket=${await signTicket(key, ws.owner.memberId, ws.workspaceId, Date.now() - 31_000)}`,
    );
    const forged = await new SignJWT({ typ: 'event-ticket', ws: ws.workspaceId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ws.owner.memberId))
      .setJti('forged')
      .setExpirationTime('30s')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    await expect401(`ticket=${forged}`);
    await expect401(`ticket=${ws.owner.accessToken}`);
    // A ticket naming another workspace than the member's.
    await expect401(`ticket=${await signTicket(key, ws.owner.memberId, other.workspaceId)}`);

    const leaver = await signIn(app, '떠날 사람');
    await joinWith(app, leaver, ws.token, ws.password);
    const ticket = await ticketOf(app, leaver);
    expect((await asMember(app, leaver, 'DELETE', '/api/workspace/setting/my-profile')).statusCode).toBe(200);
    await expect401(`ticket=${ticket}`);
  });

  it('rejects a malformed lastEventId with 400 before streaming', async () => {
    const res = await fetch(
      `${baseUrl(app)}/api/events?ticket=${await ticketOf(app, ws.owner)}&lastEventId=abc`,
    );
    expect([res.status, (await res.json()).code]).toEqual([400, 'VALID400_1']);
  });
});

describe('stream', () => {
  it('is text/event-stream, unbuffered, with retry and helmet headers', async () => {
    const client = await stream(app, ws.owner);
    const headers = client.response.headers;
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-request-id')).toBeTruthy();
    expect(client.retry).toBe(3000);
  });

  it('carries item create, update, delete and comments to teammates — and nothing to another workspace', async () => {
    const mate = await stream(app, ws.members[0]!);
    const outsider = await stream(app, other.owner);

    const issueId = await createItemOk(app, ws.owner, teamId, 'issues', { title: '새 이슈' });
    const created = await mate.next((e) => e.type === 'item.created' && e.id === issueId, 'item.created');
    expect(created).toMatchObject({
      type: 'item.created',
      actorId: ws.owner.memberId,
      kind: 'issue',
      teamId,
      item: { id: issueId, title: '새 이슈', state: 'NONE', managers: { cnt: 0 } },
    });

    const patch = await asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/issues/${issueId}`, {
      payload: { title: '고친 이슈', managersId: [ws.members[0]!.memberId] },
    });
    expect(patch.statusCode).toBe(200);
    const updated = await mate.next((e) => e.type === 'item.updated' && e.id === issueId, 'item.updated');
    expect(updated).toMatchObject({
      fields: ['title', 'managers'],
      item: { title: '고친 이슈', managers: { cnt: 1, info: [{ memberId: ws.members[0]!.memberId }] } },
    });

    const comment = await asMember(app, ws.owner, 'POST', '/api/comments', {
      payload: { category: 'ISSUE', targetId: issueId, content: '확인 부탁해요' },
    });
    expect(comment.statusCode).toBe(201);
    const added = await mate.next((e) => e.type === 'comment.added', 'comment.added');
    expect(added).toMatchObject({
      kind: 'issue',
      teamId,
      itemId: issueId,
      commentId: comment.json().result.commentId,
      actorId: ws.owner.memberId,
    });

    const removed = await asMember(app, ws.owner, 'DELETE', `/api/teams/${teamId}/issues`, {
      payload: { issueIds: [issueId] },
    });
    expect(removed.statusCode).toBe(200);
    const deleted = await mate.next((e) => e.type === 'item.deleted', 'item.deleted');
    expect(deleted).toMatchObject({ kind: 'issue', teamId, ids: [issueId] });
    // Ids ascend in the order of the writes.
    const ids = [created, updated, added, deleted].map((e) => e.eventId);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // A marker in the other workspace: once it arrived, everything published before it was routed.
    await publishEvent(app.database.db, other.workspaceId, { type: 'team.reordered', actorId: null });
    await outsider.next((e) => e.type === 'team.reordered', 'the marker');
    expect(outsider.events.map((e) => e.type)).toEqual(['team.reordered']);
  });

  it('team and member events reach the workspace', async () => {
    const owner = await stream(app, ws.owner);
    const newTeam = await createTeamWith(app, ws.members[0]!, '두번째 팀', [ws.owner.memberId]);
    await owner.next((e) => e.type === 'team.created' && e.teamId === newTeam, 'team.created');
    // "나의 팀" order is the member's own (issue #23): only their own tabs hear of a reorder.
    const mate = await stream(app, ws.members[0]!);
    const mine = await asMember(app, ws.members[0]!, 'GET', '/api/workspace/setting/teams?scope=mine');
    const [first, ...rest] = mine.json().result.teamList.map((t: { teamId: number }) => t.teamId);
    const reordered = await asMember(app, ws.members[0]!, 'PATCH', '/api/workspace/setting/teams', {
      payload: { teamIdList: [first, ...rest.reverse()] },
    });
    expect(reordered.statusCode).toBe(200);
    const order = await mate.next((e) => e.type === 'team.reordered', 'team.reordered');
    expect(order).toMatchObject({ actorId: ws.members[0]!.memberId });
    const joiner = await signIn(app, '새 식구');
    await joinWith(app, joiner, ws.token, ws.password);
    await owner.next((e) => e.type === 'member.joined' && e.memberId === joiner.memberId, 'member.joined');
    expect((await asMember(app, joiner, 'DELETE', '/api/workspace/setting/my-profile')).statusCode).toBe(200);
    await owner.next(
      (e) => e.type === 'member.withdrew' && e.memberId === joiner.memberId,
      'member.withdrew',
    );
    expect(owner.events.map((e) => e.type)).not.toContain('team.reordered');
  });

  it('member-only events reach only that member', async () => {
    const owner = await stream(app, ws.owner);
    const mate = await stream(app, ws.members[0]!);
    await publishEvent(
      app.database.db,
      ws.workspaceId,
      { type: 'alarm.changed', actorId: null, alarmIds: [7], change: 'read' },
      ws.members[0]!.memberId,
    );
    await publishEvent(app.database.db, ws.workspaceId, { type: 'team.reordered', actorId: null });
    await mate.next((e) => e.type === 'team.reordered', 'the marker');
    await owner.next((e) => e.type === 'team.reordered', 'the marker');
    expect(mate.events.map((e) => e.type)).toEqual(['alarm.changed', 'team.reordered']);
    expect(owner.events.map((e) => e.type)).toEqual(['team.reordered']);
  });

  it('Last-Event-ID replays what was missed while disconnected, in order, once', async () => {
    const first = await stream(app, ws.members[0]!);
    const a = await createItemOk(app, ws.owner, teamId, 'goals', { title: '목표 A' });
    const seen = await first.next((e) => e.type === 'item.created' && e.id === a, 'goal A');
    first.close();

    const b = await createItemOk(app, ws.owner, teamId, 'goals', { title: '목표 B' });
    await asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/goals/${a}`, { payload: { state: 'TODO' } });
    // Another member's alarm in between must not be replayed to this one.
    await publishEvent(
      app.database.db,
      ws.workspaceId,
      { type: 'alarm.raised', actorId: null, alarmId: 1, alarmType: 'GOAL' },
      ws.owner.memberId,
    );

    const resumed = await stream(app, ws.members[0]!, { lastEventId: String(seen.eventId), header: true });
    await resumed.waitFor((c) => c.events.length >= 2, 'two replayed events');
    expect(resumed.events.map((e) => [e.type, 'id' in e ? e.id : null])).toEqual([
      ['item.created', b],
      ['item.updated', a],
    ]);
    // Live events follow the replay on the same stream.
    await asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/goals/${b}`, {
      payload: { priority: 'HIGH' },
    });
    const live = await resumed.next((e) => e.type === 'item.updated' && e.id === b, 'live update');
    expect(live).toMatchObject({ fields: ['priority'], item: { priority: 'HIGH' } });
    expect(resumed.events).toHaveLength(3);
    expect(resumed.events.filter((e) => e.type === 'alarm.raised')).toEqual([]);
  });

  it('every authenticated answer carries the event mark; a stream resuming from it gets what came after the read', async () => {
    const mate = ws.members[0]!;
    const before = await createItemOk(app, ws.owner, teamId, 'goals', { title: '읽기 전 목표' });
    // Notifications may reach the hub after the write's answer: wait until its mark includes the event.
    const hub = eventHubOf(app)!;
    const newest = await newestOutboxId();
    for (let tries = 0; hub.mark < newest && tries < 100; tries++) await sleep(10);
    expect(hub.mark).toBe(newest);
    const list = await asMember(app, mate, 'GET', `/api/teams/${teamId}/goals`);
    expect(list.statusCode).toBe(200);
    const mark = list.headers['x-event-mark'];
    expect(mark).toMatch(/^\d+$/);
    expect(list.body).toContain('읽기 전 목표');
    // Signed-out requests learn nothing about the event sequence.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['x-event-mark']).toBeUndefined();

    // A teammate's change after that read, before this member's stream opens.
    const after = await createItemOk(app, ws.owner, teamId, 'goals', { title: '읽은 뒤 목표' });
    const resumed = await stream(app, mate, { lastEventId: String(mark) });
    const created = await resumed.next((e) => e.type === 'item.created' && e.id === after, 'the later goal');
    expect(created.eventId).toBeGreaterThan(Number(mark));
    // What the read already showed is not sent again.
    expect(resumed.events.some((e) => e.type === 'item.created' && e.id === before)).toBe(false);
  });

  it('sends resync when the resume point is older than the outbox (or unknown)', async () => {
    const hub = eventHubOf(app)!;
    await publishEvent(app.database.db, ws.workspaceId, { type: 'team.reordered', actorId: null });
    const window = hub.tuning.replayWindowMs;
    hub.tuning.replayWindowMs = -60_000;
    try {
      await hub.pruneNow();
    } finally {
      hub.tuning.replayWindowMs = window;
    }
    const old = await stream(app, ws.owner, { lastEventId: '1' });
    const resync = await old.next((e) => e.type === 'resync', 'resync');
    expect(old.events).toHaveLength(1);
    expect(resync.eventId).toBeGreaterThan(1);

    const future = await stream(app, ws.owner, { lastEventId: '999999999' });
    await future.next((e) => e.type === 'resync', 'resync for an unknown id');
  });

  it('writes a heartbeat comment every heartbeat interval', async () => {
    const hub = eventHubOf(app)!;
    const interval = hub.tuning.heartbeatMs;
    hub.tuning.heartbeatMs = 50;
    try {
      const client = await stream(app, ws.owner);
      await client.waitFor(
        (c) => c.comments.filter((x) => x === 'heartbeat').length >= 3,
        'three heartbeats',
      );
    } finally {
      hub.tuning.heartbeatMs = interval;
    }
  });

  it('keeps at most the per-member number of streams, closing the oldest', async () => {
    const hub = eventHubOf(app)!;
    const cap = hub.tuning.streamsPerMember;
    hub.tuning.streamsPerMember = 2;
    try {
      const first = await stream(app, ws.owner);
      const second = await stream(app, ws.owner);
      const third = await stream(app, ws.owner);
      await first.waitFor((c) => c.ended, 'the oldest stream to end');
      await publishEvent(app.database.db, ws.workspaceId, { type: 'team.reordered', actorId: null });
      await second.next((e) => e.type === 'team.reordered', 'event on the second');
      await third.next((e) => e.type === 'team.reordered', 'event on the third');
      expect(second.ended || third.ended).toBe(false);
    } finally {
      hub.tuning.streamsPerMember = cap;
    }
  });

  it('app.close() ends open streams promptly', async () => {
    const { app: second } = await createTestApp({ database: testDb.database });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const client = await stream(second, ws.owner);
    const started = Date.now();
    await second.close();
    await client.waitFor((c) => c.ended, 'the stream to end', 3000);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('GitHub webhook', () => {
  it('imports and updates reach the stream, with no actor', async () => {
    const secret = 'webhook-secret-for-events-0123456789';
    const { app: hooked } = await createTestApp({
      database: testDb.database,
      env: { GITHUB_WEBHOOK_SECRET: secret },
    });
    try {
      await upsertGithubInstallation(app.database.db, { teamId, installationId: 4242, account: 'octo' });
      const mate = await stream(app, ws.members[0]!);
      const deliver = (payload: Record<string, unknown>) => {
        const body = JSON.stringify({
          repository: { name: 'hello', owner: { login: 'octo' } },
          installation: { id: 4242 },
          ...payload,
        });
        return hooked.inject({
          method: 'POST',
          url: '/api/github/webhook',
          headers: {
            'content-type': 'application/json',
            'x-github-event': 'issues',
            'x-github-delivery': randomUUID(),
            'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
          },
          payload: body,
        });
      };
      const issue = {
        number: 5,
        title: '깃허브 이슈',
        body: null,
        html_url: 'https://github.com/octo/hello/issues/5',
      };
      const opened = await deliver({ action: 'opened', issue });
      expect(opened.json().result.outcome).toBe('created');
      const externalId = opened.json().result.externalId as number;
      const created = await mate.next((e) => e.type === 'item.created' && e.id === externalId, 'import');
      expect(created).toMatchObject({
        actorId: null,
        kind: 'external',
        teamId,
        item: { title: '깃허브 이슈' },
      });

      await deliver({ action: 'closed', issue });
      const closed = await mate.next((e) => e.type === 'item.updated' && e.id === externalId, 'close');
      expect(closed).toMatchObject({ actorId: null, fields: ['state'], item: { state: 'FINISH' } });
    } finally {
      await hooked.close();
    }
  });
});
