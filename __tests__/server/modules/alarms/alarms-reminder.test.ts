import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alarm, eventOutbox } from '../../../../server/db/schema';
import { runDeadlineReminder } from '../../../../server/modules/alarms/reminder';
import { type FakeClock, createAlarmApp, fakeClock } from '../../support/alarms';
import { createItemOk, createTeamWith } from '../../support/items';
import { asMember } from '../../support/members';
import { type TestDatabase, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Issue #10: the daily deadline reminder (server/modules/alarms/reminder.ts) with a fake clock. Days are Asia/Seoul
 * dates; 03:00Z is 12:00 in Seoul.
 */
jest.setTimeout(120_000);

let testDb: TestDatabase;
let clock: FakeClock;
let app: FastifyInstance;
let ws: TestWorkspace;
let teamId: number;
/** Items by name. */
const items: Record<string, number> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  clock = fakeClock('2027-03-10T03:00:00Z');
  app = await createAlarmApp(testDb.database, clock);
  ws = await createWorkspaceWith(app, 'Remind', '주인', ['김', '이']);
  const [kim, lee] = ws.members.map((m) => m.memberId) as [number, number];
  teamId = await createTeamWith(app, ws.owner, '알림 팀', [kim, lee]);
  const make = async (name: string, segment: 'goals' | 'issues' | 'externals', payload: object) => {
    items[name] = await createItemOk(app, ws.owner, teamId, segment, { title: name, ...payload });
  };
  await make('today', 'issues', { state: 'TODO', deadline: { end: '2027-03-10' }, managersId: [kim, lee] });
  await make('overdue', 'issues', {
    state: 'IN_PROGRESS',
    deadline: { end: '2027-03-08' },
    managersId: [kim],
  });
  await make('tomorrow', 'goals', {
    deadline: { start: '2027-03-01', end: '2027-03-11' },
    managersId: [kim],
  });
  await make('finished', 'issues', { state: 'FINISH', deadline: { end: '2027-03-09' }, managersId: [kim] });
  await make('canceled', 'issues', { state: 'DELETE', deadline: { end: '2027-03-09' }, managersId: [kim] });
  await make('external', 'externals', { deadline: { end: '2027-03-10' }, managersId: [lee] });
  await make('no deadline', 'issues', { managersId: [kim, lee] });
  await make('nobody', 'issues', { deadline: { end: '2027-03-01' } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

/** DEADLINE alarms of `day` as `member:item-name` pairs, sorted. */
async function deadlineAlarms(day: string): Promise<string[]> {
  const names = Object.fromEntries(Object.entries(items).map(([name, id]) => [id, name]));
  const who = Object.fromEntries(ws.members.map((m) => [m.memberId, m.name]));
  const rows = await testDb.database.db
    .select({ memberId: alarm.memberId, itemId: alarm.itemId })
    .from(alarm)
    .where(and(eq(alarm.reason, 'DEADLINE'), eq(alarm.day, day)));
  return rows.map((r) => `${who[r.memberId] ?? r.memberId}:${names[r.itemId]}`).sort();
}

describe('deadline reminder', () => {
  it('raises DEADLINE once a day for managers of items due today or overdue, not FINISH/DELETE', async () => {
    const first = await app.alarms.runReminder();
    // (`purged` counts the ASSIGNED alarms of the item creations: their day is the real date, long before 2027.)
    expect(first).toMatchObject({ raised: 4, skipped: false });
    expect(await deadlineAlarms('2027-03-10')).toEqual(['김:overdue', '김:today', '이:external', '이:today']);
    // Each new alarm is announced to its member only.
    const events = await testDb.database.db
      .select({ memberId: eventOutbox.memberId, payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(
        sql`${eventOutbox.payload}::jsonb ->> 'type' = 'alarm.raised' and ${eventOutbox.payload}::jsonb ->> 'actorId' is null`,
      );
    expect(events).toHaveLength(4);
    expect(events.map((e) => JSON.parse(e.payload).alarmType).sort()).toEqual([
      'EXTERNAL',
      'ISSUE',
      'ISSUE',
      'ISSUE',
    ]);

    // Again the same day (a restart, the 09:00 run after a start-up run): nothing new.
    clock.set('2027-03-10T14:59:00Z');
    expect(await app.alarms.runReminder()).toEqual({ raised: 0, purged: 0, skipped: false });
  });

  it('uses the Asia/Seoul date: 15:00Z is already the next day, when the goal due then is raised too', async () => {
    clock.set('2027-03-10T15:00:00Z');
    const result = await app.alarms.runReminder();
    expect(result.raised).toBe(5);
    expect(await deadlineAlarms('2027-03-11')).toEqual([
      '김:overdue',
      '김:today',
      '김:tomorrow',
      '이:external',
      '이:today',
    ]);
  });

  it('two app servers on one database scanning at once raise each alarm once', async () => {
    // The second server starts on the 11th (its start-up run finds nothing new), then the 12th comes for both.
    const second = await createAlarmApp(testDb.database, clock);
    clock.set('2027-03-12T00:00:00Z');
    try {
      const results = await Promise.all([app.alarms.runReminder(), second.alarms.runReminder()]);
      expect(results[0]!.raised + results[1]!.raised).toBe(5);
      expect(await deadlineAlarms('2027-03-12')).toHaveLength(5);
      const [dupes] = (
        (await testDb.database.db.execute(sql`
          select count(*)::int as n from (
            select 1 from alarm group by member_id, item_id, reason, day having count(*) > 1
          ) d`)) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(dupes!.n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('catches up at start-up after missed days (no 09:00 run happened)', async () => {
    // Nothing ran on the 13th and 14th; a server starting on the 15th at 10:00 raises what is due that day.
    clock.set('2027-03-15T01:00:00Z');
    const restarted = await createAlarmApp(testDb.database, clock);
    try {
      expect(await deadlineAlarms('2027-03-13')).toEqual([]);
      expect(await deadlineAlarms('2027-03-15')).toEqual([
        '김:overdue',
        '김:today',
        '김:tomorrow',
        '이:external',
        '이:today',
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('skips a manager who withdrew, and an item once it is FINISH or DELETE', async () => {
    const lee = ws.members[1]!;
    const left = await asMember(app, lee, 'DELETE', '/api/workspace/setting/my-profile');
    expect(left.statusCode).toBe(200);
    // Withdrawal removed their alarms.
    const leeAlarms = await testDb.database.db.select().from(alarm).where(eq(alarm.memberId, lee.memberId));
    expect(leeAlarms).toEqual([]);
    const finish = await asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/issues/${items.overdue}`, {
      payload: { state: 'FINISH' },
    });
    expect(finish.statusCode).toBe(200);
    clock.set('2027-03-16T03:00:00Z');
    await app.alarms.runReminder();
    expect(await deadlineAlarms('2027-03-16')).toEqual(['김:today', '김:tomorrow']);
  });

  it('skips a manager an admin removed from the workspace (their assignments stay, the alarms would reach nobody)', async () => {
    const kim = ws.members[0]!;
    await testDb.database.db.execute(
      sql`update member set workspace_id = null, removed_at = now(), removed_from_workspace_id = ${ws.workspaceId}
          where id = ${kim.memberId}`,
    );
    try {
      clock.set('2027-03-17T03:00:00Z');
      await app.alarms.runReminder();
      expect(await deadlineAlarms('2027-03-17')).toEqual([]);
    } finally {
      await testDb.database.db.execute(
        sql`update member set workspace_id = ${ws.workspaceId}, removed_at = null, removed_from_workspace_id = null
            where id = ${kim.memberId}`,
      );
    }
    // Before the removal the same scan raised 김:today and 김:tomorrow (the test above, 2027-03-16).
  });

  it('purges alarms whose day is more than 30 days ago', async () => {
    // 2027-04-12 − 30 days = 2027-03-13: the 10th, 11th and 12th go, the 15th and 16th stay.
    const before = await testDb.database.db
      .select({ day: alarm.day })
      .from(alarm)
      .where(eq(alarm.reason, 'DEADLINE'));
    const old = before.filter((a) => a.day < '2027-03-13').length;
    expect(old).toBeGreaterThan(0);
    clock.set('2027-04-12T03:00:00Z');
    const result = await runDeadlineReminder(testDb.database, clock.now());
    expect(result.purged).toBe(old);
    const days = new Set(
      (
        await testDb.database.db.select({ day: alarm.day }).from(alarm).where(eq(alarm.reason, 'DEADLINE'))
      ).map((a) => a.day),
    );
    expect([...days].sort()).toEqual(['2027-03-15', '2027-03-16', '2027-04-12']);
  });

  it('skips the scan while another server holds the lock', async () => {
    const db = testDb.database.db;
    if (testDb.database.kind !== 'postgres') {
      // PGlite has one session: transactions run one after another, so the lock is never contended there.
      return;
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x4d6f6d41})`);
      locked();
      await held;
    });
    await isLocked;
    try {
      expect(await runDeadlineReminder(testDb.database, clock.now())).toEqual({
        raised: 0,
        purged: 0,
        skipped: true,
      });
    } finally {
      release();
      await holder;
    }
  });
});
