import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { eventHubOf } from '../../../../server/modules/events';
import { type SseClient, baseUrl, openStream, ticketOf } from '../../support/events';
import { createItemOk, createTeamWith } from '../../support/items';
import { asMember } from '../../support/members';
import { testEnv } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Live updates across app servers (issue #10 "Two app servers on the machine's PostgreSQL in one test"): two apps
 * on one fresh PostgreSQL database, both listening; an edit through server 1 reaches a stream on server 2 through
 * LISTEN/NOTIFY, a ticket is single-use across servers, and a dropped listener catches up after reconnecting.
 * PostgreSQL: `DATABASE_URL` if set, else postgres://postgres@127.0.0.1:5432/postgres. Without `DATABASE_URL` and
 * with no server answering there, the file is skipped (with a note); with `DATABASE_URL` set it must run.
 */
jest.setTimeout(60_000);

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `momentum_events_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

async function admin(statement: string): Promise<void> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let available = true;
let server1: FastifyInstance;
let server2: FastifyInstance;
let ws: TestWorkspace;
let teamId: number;
const clients: SseClient[] = [];

beforeAll(async () => {
  try {
    await admin(`CREATE DATABASE "${name}"`);
  } catch (error) {
    if (process.env.DATABASE_URL) throw error;
    available = false;
    console.warn(`events-postgres: no PostgreSQL at ${serverUrl}; skipped (${String(error)})`);
    return;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = testEnv({ DATABASE_URL: url.toString() });
  // Each app opens (and the first migrates) its own pool, as two processes would.
  server1 = await buildApp(loadConfig(env));
  server2 = await buildApp(loadConfig(env));
  await server1.listen({ port: 0, host: '127.0.0.1' });
  await server2.listen({ port: 0, host: '127.0.0.1' });
  ws = await createWorkspaceWith(server1, 'Cluster', '김민수', ['이영희']);
  teamId = await createTeamWith(server1, ws.owner, '서버 팀', [ws.members[0]!.memberId]);
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await server1?.close();
  await server2?.close();
  if (available) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const maybe = (title: string, fn: () => Promise<void>) =>
  it(title, async () => {
    if (!available) return;
    await fn();
  });

maybe('an edit through server 1 reaches a stream on server 2', async () => {
  const onTwo = await openStream(server1, ws.members[0]!, { server: server2 });
  clients.push(onTwo);
  const issueId = await createItemOk(server1, ws.owner, teamId, 'issues', { title: '서버 일' });
  await onTwo.next((e) => e.type === 'item.created' && e.id === issueId, 'item.created on server 2');
  const started = Date.now();
  await asMember(server1, ws.owner, 'PATCH', `/api/teams/${teamId}/issues/${issueId}`, {
    payload: { state: 'IN_PROGRESS' },
  });
  const updated = await onTwo.next((e) => e.type === 'item.updated', 'item.updated on server 2');
  expect(updated).toMatchObject({ fields: ['state'], item: { state: 'IN_PROGRESS' } });
  expect(Date.now() - started).toBeLessThan(1000);
});

maybe('a ticket opens one stream on any server', async () => {
  const ticket = await ticketOf(server1, ws.owner);
  const first = await fetch(`${baseUrl(server2)}/api/events?ticket=${ticket}`);
  expect(first.status).toBe(200);
  const second = await fetch(`${baseUrl(server1)}/api/events?ticket=${ticket}`);
  expect([second.status, (await second.json()).code]).toEqual([401, 'EVENTS401_0']);
  await first.body?.cancel();
});

maybe(
  'after its listener connection drops, server 2 reconnects and delivers what was published meanwhile',
  async () => {
    const onTwo = await openStream(server1, ws.members[0]!, { server: server2 });
    clients.push(onTwo);
    await eventHubOf(server2)!.dropListenerForTest();
    const goalId = await createItemOk(server1, ws.owner, teamId, 'goals', { title: '끊긴 동안' });
    await onTwo.next((e) => e.type === 'item.created' && e.id === goalId, 'the missed event', 15_000);
    // And live delivery works again afterwards.
    await asMember(server1, ws.owner, 'PATCH', `/api/teams/${teamId}/goals/${goalId}`, {
      payload: { title: '다시' },
    });
    await onTwo.next((e) => e.type === 'item.updated' && e.id === goalId, 'a live event after reconnecting');
    expect(onTwo.events.filter((e) => e.type === 'item.created' && e.id === goalId)).toHaveLength(1);
  },
);
