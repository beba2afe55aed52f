import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { alarmPageSchema, commentListSchema, listPageSchema, searchResultSchema } from '../../../contract';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import {
  type Database,
  MEMORY_DATABASE_URL,
  createDatabase,
  migrate,
  migrationsFolder,
  pgliteOptions,
  schema,
} from '../../../server/db';
import { asMember, signIn } from '../support/members';
import { tempDir, testEnv } from '../support/test-app';

/**
 * Upgrades (docs/backup-and-upgrade.md "Upgrades"). A database made by the previous release — migrations 0000–0011,
 * the state before drizzle/0012_grouping_registry.sql — holding a workspace's data written at that schema is opened
 * by the current code, which migrates it at start; everything a member reads is there: grouped lists of goals and
 * issues, an issue's details, its comments, alarms, search. On in-memory PGlite by default; with DATABASE_URL on a
 * fresh PostgreSQL database, started the way an app server starts (buildApp migrates it, under the advisory lock).
 * With PostgreSQL also: three app servers migrating one fresh database at once apply every migration exactly once.
 */

// A PGlite `initdb` (no migrated template can serve: it would be the current release) takes seconds on a loaded machine.
jest.setTimeout(120_000);

/** The release before this one: its last migration. */
const PREVIOUS_RELEASE_LAST = '0011_teams_roles_audit';

interface Journal {
  entries: { idx: number; tag: string }[];
}
const journal = (): Journal =>
  JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as Journal;

/** A migrations folder cut at `lastTag`: its SQL files and a journal that ends there. */
function migrationsUpTo(lastTag: string): string {
  const full = journal();
  const cut = full.entries.findIndex((e) => e.tag === lastTag);
  expect(cut).toBeGreaterThan(0);
  expect(cut).toBeLessThan(full.entries.length - 1);
  const dir = tempDir('momentum-h3-migrations-');
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = full.entries.slice(0, cut + 1);
  for (const entry of entries) {
    fs.copyFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...full, entries }));
  return dir;
}

const pgServerUrl =
  process.env.DATABASE_URL && process.env.DATABASE_URL !== MEMORY_DATABASE_URL
    ? process.env.DATABASE_URL
    : undefined;

/** Runs `statement` on the PostgreSQL server's `postgres` database. */
async function admin(statement: string): Promise<void> {
  const url = new URL(pgServerUrl!);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database: its URL and how to drop it. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `backup_upgrade_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(pgServerUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Runs several statements at once (simple protocol) on the database's driver. */
async function execScript(database: Database, script: string): Promise<void> {
  if (database.driver.kind === 'pglite') await database.driver.client.exec(script);
  else await database.driver.client.query(script);
}

/** A day in Seoul, `days` from today, as `YYYY-MM-DD` (alarms list recent days). */
const seoulDay = (days = 0) =>
  new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What the previous release had written for a small team: two members of workspace `acme` (the owner signs in as
 * `owner@example.com` through the development sign-in), the default team and `개발팀`, a goal, two issues (one with
 * a Lexical description, managers, a deadline, under the goal), comments, and today's ASSIGNED / COMMENT alarms for
 * the second member. Plain SQL valid at migration 0011 (the group-size triggers of that release fill
 * `item_group_count`).
 */
const PREVIOUS_RELEASE_DATA = `
insert into member (id, provider, provider_user_id, name, email, role)
  values (1, 'google', 'dev:owner@example.com', '김민수', 'owner@example.com', 'owner'),
         (2, 'google', 'dev:mate@example.com', '박지현', 'mate@example.com', 'member');
insert into workspace (id, name, slug, invite_token, invite_password, created_by)
  values (1, 'acme', 'acme', 'invite-token-0011', 'pw0011', 1);
update member set workspace_id = 1;
insert into team (id, workspace_id, name, is_default, position) values (1, 1, 'acme', true, 0), (2, 1, '개발팀', false, 1);
insert into team_member (team_id, member_id, position) values (1, 1, 0), (1, 2, 1), (2, 1, 0), (2, 2, 1);
insert into item (id, kind, team_id, workspace_id, number, name, title, state, priority, author_id)
  values (1, 'goal', 2, 1, 1, 'acme-g1', '가을 출시', 'IN_PROGRESS', 'HIGH', 1);
insert into item (id, kind, team_id, workspace_id, number, name, title, content, state, priority, deadline_start,
                  deadline_end, goal_id, author_id)
  values (2, 'issue', 2, 1, 1, 'acme-i1', '로그인 오류 수정',
          '{"root":{"type":"root","version":1,"children":[{"type":"paragraph","version":1,"children":[{"type":"text","version":1,"text":"세션 만료 후 재로그인 실패"}]}]}}',
          'TODO', 'URGENT', '${seoulDay(1)}', '${seoulDay(5)}', 1, 1),
         (3, 'issue', 2, 1, 2, 'acme-i2', '배포 문서 정리', '', 'FINISH', 'LOW', null, null, null, 2);
insert into item_manager (item_id, member_id) values (2, 2), (2, 1), (3, 2);
insert into item_counter (workspace_id, kind, next) values (1, 'goal', 2), (1, 'issue', 3);
insert into comment (item_id, author_id, content) values (2, 1, '재현 방법을 적어 주세요'), (2, 2, '내일 확인하겠습니다');
insert into alarm (member_id, item_id, reason, day) values (2, 2, 'ASSIGNED', '${seoulDay()}'), (2, 2, 'COMMENT', '${seoulDay()}');
select setval(pg_get_serial_sequence('member', 'id'), 2);
select setval(pg_get_serial_sequence('workspace', 'id'), 1);
select setval(pg_get_serial_sequence('team', 'id'), 2);
select setval(pg_get_serial_sequence('item', 'id'), 3);
`;

async function appliedMigrations(database: Database): Promise<string[]> {
  const text = 'select hash from drizzle.__drizzle_migrations order by id';
  const { rows } =
    database.driver.kind === 'pglite'
      ? await database.driver.client.query<{ hash: string }>(text)
      : await database.driver.client.query<{ hash: string }>(text);
  return rows.map((r) => r.hash);
}

describe('upgrade from the previous release (migrations up to 0011)', () => {
  let app: FastifyInstance;
  let database: Database;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const previous = migrationsUpTo(PREVIOUS_RELEASE_LAST);
    if (pgServerUrl) {
      const fresh = await freshPostgres();
      const old = await createDatabase({ databaseUrl: fresh.url, dataDir: tempDir() });
      await migrate(old, previous);
      expect(await appliedMigrations(old)).toHaveLength(
        journal().entries.findIndex((e) => e.tag === PREVIOUS_RELEASE_LAST) + 1,
      );
      await execScript(old, PREVIOUS_RELEASE_DATA);
      await old.close();
      // The current code starts on it the way an app server does: buildApp opens and migrates the database.
      app = await buildApp(loadConfig(testEnv({ DATABASE_URL: fresh.url })));
      database = app.database;
      cleanUp = async () => {
        await app.close();
        await fresh.drop();
      };
    } else {
      // An empty in-memory cluster (initdb), not the migrated template: that one is the current release.
      const client = new PGlite(pgliteOptions());
      await client.waitReady;
      database = {
        db: drizzlePglite({ client, schema }),
        kind: 'pglite',
        driver: { kind: 'pglite', client },
        close: () => client.close(),
      };
      await migrate(database, previous);
      await execScript(database, PREVIOUS_RELEASE_DATA);
      // What buildApp does at start with a database it opens: migrate, then serve.
      await migrate(database);
      app = await buildApp(loadConfig(testEnv()), { database });
      cleanUp = async () => {
        await app.close();
        await database.close();
      };
    }
    await app.ready();
    fs.rmSync(previous, { recursive: true, force: true });
  });

  afterAll(async () => {
    await cleanUp?.();
  });

  it('applies the newer migrations once, at start', async () => {
    expect(await appliedMigrations(database)).toHaveLength(journal().entries.length);
    expect(new Set(await appliedMigrations(database)).size).toBe(journal().entries.length);
  });

  it('a member reads everything the previous release stored: lists with their groupings, details, comments, alarms, search', async () => {
    const owner = await signIn(app, '김민수', 'owner@example.com');
    const mate = await signIn(app, '박지현', 'mate@example.com');
    expect([owner.memberId, mate.memberId]).toEqual([1, 2]);

    const list = async (segment: 'goals' | 'issues', query: string) => {
      const res = await asMember(app, owner, 'GET', `/api/teams/2/${segment}?query=${query}`);
      expect(res.statusCode).toBe(200);
      return listPageSchema.parse(res.json().result);
    };
    const byState = await list('issues', 'STATE');
    expect(byState.data.map((g) => [g.groupKey, g.dataCnt, g.items.map((i) => i.title)])).toEqual([
      ['TODO', 1, ['로그인 오류 수정']],
      ['FINISH', 1, ['배포 문서 정리']],
    ]);
    const byPriority = await list('issues', 'PRIORITY');
    expect(byPriority.data.map((g) => [g.groupKey, g.dataCnt])).toEqual([
      ['URGENT', 1],
      ['LOW', 1],
    ]);
    const byManager = await list('issues', 'MANAGER');
    expect(byManager.data.map((g) => [g.groupKey, g.dataCnt]).sort()).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    const byGoal = await list('issues', 'GOAL');
    expect(byGoal.data.map((g) => [g.groupKey, g.dataCnt]).sort()).toEqual([
      ['1', 1],
      ['NONE', 1],
    ]);
    const goals = await list('goals', 'STATE');
    expect(goals.data.map((g) => [g.groupKey, g.items.map((i) => i.title)])).toEqual([
      ['IN_PROGRESS', ['가을 출시']],
    ]);

    const detail = await asMember(app, mate, 'GET', '/api/issues/2');
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('세션 만료 후 재로그인 실패');
    expect(detail.json().result).toMatchObject({
      title: '로그인 오류 수정',
      state: 'TODO',
      priority: 'URGENT',
    });

    const comments = await asMember(app, mate, 'GET', '/api/comments?category=ISSUE&targetId=2');
    expect(comments.statusCode).toBe(200);
    expect(JSON.stringify(commentListSchema.parse(comments.json().result))).toMatch(
      /재현 방법을 적어 주세요.*내일 확인하겠습니다|내일 확인하겠습니다.*재현 방법을 적어 주세요/,
    );

    const alarms = await asMember(app, mate, 'GET', '/api/alarms/ISSUE');
    expect(alarms.statusCode).toBe(200);
    const rows = alarmPageSchema.parse(alarms.json().result).groupedList.flatMap((g) => g.notiList);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).toContain('로그인 오류 수정');

    const search = await asMember(app, mate, 'GET', `/api/search?q=${encodeURIComponent('로그인')}`);
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(searchResultSchema.parse(search.json().result))).toContain('로그인 오류 수정');
    // Choseong search (a derived column the app fills for rows written before it existed).
    const choseong = await asMember(app, mate, 'GET', `/api/search?q=${encodeURIComponent('ㅂㅍ')}`);
    expect(JSON.stringify(choseong.json().result)).toContain('배포 문서 정리');

    // And the upgraded database takes new writes: the next issue number follows the previous release's.
    const created = await asMember(app, owner, 'POST', '/api/teams/2/issues', {
      payload: { title: '업그레이드 후' },
    });
    expect(created.statusCode).toBe(201);
    const after = await list('issues', 'STATE');
    expect(after.data.find((g) => g.groupKey === 'NONE')?.items.map((i) => [i.title, i.name])).toEqual([
      ['업그레이드 후', 'acme-i3'],
    ]);
  });
});

(pgServerUrl ? describe : describe.skip)('several app servers starting together on PostgreSQL', () => {
  it('apply every migration exactly once, without an error', async () => {
    const fresh = await freshPostgres();
    const servers: Database[] = [];
    try {
      for (let i = 0; i < 3; i++)
        servers.push(await createDatabase({ databaseUrl: fresh.url, dataDir: tempDir() }));
      const results = await Promise.allSettled(servers.map((s) => migrate(s)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const hashes = await appliedMigrations(servers[0]!);
      expect(hashes).toHaveLength(journal().entries.length);
      expect(new Set(hashes).size).toBe(hashes.length);
      // The lock is released: another start takes it at once and finds nothing to do.
      await migrate(servers[1]!);
      expect(await appliedMigrations(servers[2]!)).toEqual(hashes);
    } finally {
      for (const s of servers) await s.close();
      await fresh.drop();
    }
  });
});
