import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AlarmPage } from '../../../../contract';
import { alarm } from '../../../../server/db/schema';
import { type FakeClock, alarmPageOk, createAlarmApp, fakeClock, rowsOf, unreadOk } from '../../support/alarms';
import { createItemOk, createTeamWith } from '../../support/items';
import { type SignedInMember, asMember } from '../../support/members';
import { type TestDatabase, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Issue #10, server half: who gets ASSIGNED / COMMENT alarms, and the notifications endpoints (contract/alarms.ts).
 */
jest.setTimeout(120_000);

let testDb: TestDatabase;
let clock: FakeClock;
let app: FastifyInstance;
/** 'Alarms': owner 주인, then 김, 이, 박. */
let ws: TestWorkspace;
let other: TestWorkspace;
let teamId: number;
let owner: SignedInMember;
let kim: SignedInMember;
let lee: SignedInMember;
let park: SignedInMember;

beforeAll(async () => {
  testDb = await createTestDatabase();
  clock = fakeClock('2027-05-20T03:00:00Z');
  app = await createAlarmApp(testDb.database, clock);
  ws = await createWorkspaceWith(app, 'Alarms', '주인', ['김', '이', '박']);
  other = await createWorkspaceWith(app, 'Other', '남');
  [kim, lee, park] = ws.members as [SignedInMember, SignedInMember, SignedInMember];
  owner = ws.owner;
  teamId = await createTeamWith(
    app,
    owner,
    '알림 팀',
    ws.members.map((m) => m.memberId),
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

/** The member's alarms straight from the table: `reason:item` strings, sorted. */
async function alarmsOf(who: SignedInMember): Promise<string[]> {
  const rows = await testDb.database.db
    .select({ reason: alarm.reason, itemId: alarm.itemId })
    .from(alarm)
    .where(eq(alarm.memberId, who.memberId));
  return rows.map((r) => `${r.reason}:${r.itemId}`).sort();
}

const patchItem = (who: SignedInMember, segment: string, id: number, payload: object) =>
  asMember(app, who, 'PATCH', `/api/teams/${teamId}/${segment}/${id}`, { payload });

async function commentOk(who: SignedInMember, category: string, targetId: number) {
  const res = await asMember(app, who, 'POST', '/api/comments', {
    payload: { category, targetId, content: '확인 부탁드립니다' },
  });
  expect(res.statusCode).toBe(201);
}

/** Deletes every alarm (between groups of tests that count them). */
const clearAlarms = () => testDb.database.db.delete(alarm);

describe('raising ASSIGNED and COMMENT', () => {
  let issueId: number;

  it('creating an item alarms every manager but its author', async () => {
    issueId = await createItemOk(app, owner, teamId, 'issues', {
      title: '배포 준비',
      managersId: [owner.memberId, kim.memberId],
    });
    expect(await alarmsOf(kim)).toEqual([`ASSIGNED:${issueId}`]);
    expect(await alarmsOf(owner)).toEqual([]);
    expect(await unreadOk(app, kim)).toEqual({ total: 1, GOAL: 0, ISSUE: 1, EXTERNAL: 0 });
  });

  it('a PATCH alarms only the newly added managers, never the member who made it', async () => {
    // 김 adds 이 and 박; 주인 and 김 were managers already.
    const res = await patchItem(kim, 'issues', issueId, {
      managersId: [owner.memberId, kim.memberId, lee.memberId, park.memberId],
    });
    expect(res.statusCode).toBe(200);
    expect(await alarmsOf(lee)).toEqual([`ASSIGNED:${issueId}`]);
    expect(await alarmsOf(park)).toEqual([`ASSIGNED:${issueId}`]);
    expect(await alarmsOf(owner)).toEqual([]);
    expect(await alarmsOf(kim)).toEqual([`ASSIGNED:${issueId}`]);

    // 이 makes themself and 김 managers of a new goal: only 김 hears of it.
    const goalId = await createItemOk(app, owner, teamId, 'goals', { title: '분기 목표' });
    expect(
      (await patchItem(lee, 'goals', goalId, { managersId: [lee.memberId, kim.memberId] })).statusCode,
    ).toBe(200);
    expect(await alarmsOf(kim)).toEqual([`ASSIGNED:${goalId}`, `ASSIGNED:${issueId}`].sort());
    expect(await alarmsOf(lee)).toEqual([`ASSIGNED:${issueId}`]);
    // A PATCH that keeps the managers raises nothing.
    expect(
      (await patchItem(lee, 'goals', goalId, { managersId: [kim.memberId, lee.memberId] })).statusCode,
    ).toBe(200);
    expect(await alarmsOf(kim)).toHaveLength(2);
  });

  it('being assigned again the same day brings the read alarm back as unread (one row)', async () => {
    const page = await alarmPageOk(app, park, 'ISSUE');
    const [row] = rowsOf(page);
    expect(row).toMatchObject({ reason: 'ASSIGNED', read: false, typeId: issueId });
    expect((await asMember(app, park, 'PATCH', `/api/alarms/${row!.alarmId}`)).statusCode).toBe(200);
    expect((await unreadOk(app, park)).total).toBe(0);

    const managers = [owner.memberId, kim.memberId, lee.memberId];
    expect((await patchItem(owner, 'issues', issueId, { managersId: managers })).statusCode).toBe(200);
    expect(
      (await patchItem(owner, 'issues', issueId, { managersId: [...managers, park.memberId] })).statusCode,
    ).toBe(200);
    const again = rowsOf(await alarmPageOk(app, park, 'ISSUE'));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ alarmId: row!.alarmId, read: false });
    expect((await unreadOk(app, park)).ISSUE).toBe(1);
  });

  it('a comment alarms every manager of the item except the commenter', async () => {
    await clearAlarms();
    await commentOk(lee, 'ISSUE', issueId);
    expect(await alarmsOf(owner)).toEqual([`COMMENT:${issueId}`]);
    expect(await alarmsOf(kim)).toEqual([`COMMENT:${issueId}`]);
    expect(await alarmsOf(park)).toEqual([`COMMENT:${issueId}`]);
    expect(await alarmsOf(lee)).toEqual([]);
    // An item nobody manages: a comment on it alarms nobody.
    const outsider = await createItemOk(app, owner, teamId, 'externals', { title: '외부 요청' });
    await commentOk(kim, 'EXTERNAL', outsider);
    expect(await alarmsOf(kim)).toEqual([`COMMENT:${issueId}`]);
  });
});

describe('notifications endpoints', () => {
  /** 박's five issue alarms, oldest first, and the items. */
  const issues: number[] = [];
  let goalA: number;
  let goalB: number;

  beforeAll(async () => {
    await clearAlarms();
    goalA = await createItemOk(app, owner, teamId, 'goals', {
      title: '가 목표',
      managersId: [park.memberId],
    });
    goalB = await createItemOk(app, owner, teamId, 'goals', {
      title: '나 목표',
      managersId: [park.memberId],
    });
    const specs = [
      { state: 'TODO', priority: 'HIGH', goalId: goalB },
      { state: 'IN_PROGRESS', priority: 'LOW', goalId: goalA },
      { state: 'TODO', priority: 'HIGH' },
      { state: 'NONE', priority: 'URGENT', goalId: goalA },
      { state: 'TODO', priority: 'LOW', goalId: goalB },
    ];
    for (const [i, spec] of specs.entries()) {
      issues.push(
        await createItemOk(app, owner, teamId, 'issues', {
          title: `이슈 ${i + 1}`,
          managersId: [park.memberId, kim.memberId],
          deadline: { end: '2027-05-25' },
          ...spec,
        }),
      );
    }
    await createItemOk(app, owner, teamId, 'externals', { title: '슬랙 요청', managersId: [park.memberId] });
  });

  const titles = (page: AlarmPage) =>
    page.groupedList.map((g) => [g.groupTitle, g.dataCnt, g.notiList.map((r) => r.title)]);

  it('lists the tab grouped by state (list order), newest first, with the spec row fields', async () => {
    const page = await alarmPageOk(app, park, 'ISSUE');
    expect(page).toMatchObject({ type: 'ISSUE', deadline: '2027-05-20', totalSize: 5, hasNext: false });
    expect(titles(page)).toEqual([
      ['NONE', 1, ['이슈 4']],
      ['IN_PROGRESS', 1, ['이슈 2']],
      ['TODO', 3, ['이슈 5', '이슈 3', '이슈 1']],
    ]);
    const row = page.groupedList[0]!.notiList[0]!;
    expect(row).toMatchObject({
      reason: 'ASSIGNED',
      read: false,
      teamId,
      typeId: issues[3],
      title: '이슈 4',
      state: 'NONE',
      priority: 'URGENT',
      deadline: { start: null, end: '2027-05-25' },
      goal: { id: goalA, title: '가 목표' },
      extServiceType: null,
    });
    expect(row.name).toMatch(/^Alarms-i\d+$/);
    expect(row.managerList.map((m) => m.name).sort()).toEqual(['김', '박']);
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
  });

  it('groups by priority and goal (case-insensitive query); each tab offers only its groupings', async () => {
    expect(titles(await alarmPageOk(app, park, 'ISSUE', { query: 'priority' }))).toEqual([
      ['URGENT', 1, ['이슈 4']],
      ['HIGH', 2, ['이슈 3', '이슈 1']],
      ['LOW', 2, ['이슈 5', '이슈 2']],
    ]);
    expect(titles(await alarmPageOk(app, park, 'ISSUE', { query: 'Goal' }))).toEqual([
      ['없음', 1, ['이슈 3']],
      ['가 목표', 2, ['이슈 4', '이슈 2']],
      ['나 목표', 2, ['이슈 5', '이슈 1']],
    ]);
    expect(titles(await alarmPageOk(app, park, 'GOAL', { query: 'PRIORITY' }))).toEqual([
      ['NONE', 2, ['나 목표', '가 목표']],
    ]);
    const external = await alarmPageOk(app, park, 'EXTERNAL', { query: 'external' });
    expect(titles(external)).toEqual([['SLACK', 1, ['슬랙 요청']]]);
    expect(external.groupedList[0]!.notiList[0]!.extServiceType).toBe('SLACK');

    for (const [type, query] of [
      ['GOAL', 'GOAL'],
      ['GOAL', 'external'],
      ['ISSUE', 'EXTERNAL'],
      ['ISSUE', 'MANAGER'],
    ]) {
      const res = await asMember(app, park, 'GET', `/api/alarms/${type}?query=${query}`);
      expect([type, query, res.statusCode, res.json().code]).toEqual([type, query, 400, 'ALARM400_0']);
    }
    const badType = await asMember(app, park, 'GET', '/api/alarms/MANAGER');
    expect([badType.statusCode, badType.json().code]).toEqual([400, 'VALID400_1']);
  });

  it('pages 2 at a time over 5 alarms across groups, each once, in list order', async () => {
    const seen: string[] = [];
    let cursor = '-1';
    const flags: boolean[] = [];
    for (let page = 0; page < 5; page++) {
      const result = await alarmPageOk(app, park, 'ISSUE', { query: 'goal', size: 2, cursor });
      seen.push(...rowsOf(result).map((r) => r.title));
      flags.push(result.hasNext);
      // Every page lists every group with its total.
      expect(result.groupedList.map((g) => g.dataCnt)).toEqual([1, 2, 2]);
      if (!result.hasNext) {
        expect(result.nextCursor).toBeNull();
        break;
      }
      cursor = result.nextCursor!;
    }
    expect(flags).toEqual([true, true, false]);
    expect(seen).toEqual(['이슈 3', '이슈 4', '이슈 2', '이슈 5', '이슈 1']);

    const bad = await asMember(app, park, 'GET', '/api/alarms/ISSUE?cursor=garbage');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALID400_1']);
  });

  it('read and delete: own alarms only — another member’s id is a 404 and stays as it was', async () => {
    const parkRows = rowsOf(await alarmPageOk(app, park, 'ISSUE'));
    const kimRows = rowsOf(await alarmPageOk(app, kim, 'ISSUE'));
    const kimAlarm = kimRows[0]!.alarmId;
    expect((await unreadOk(app, park)).ISSUE).toBe(5);

    const read = await asMember(app, park, 'PATCH', `/api/alarms/${parkRows[0]!.alarmId}`);
    expect([read.statusCode, read.json().code, read.json().result]).toEqual([
      200,
      'ALARM200_1',
      { alarmId: parkRows[0]!.alarmId },
    ]);
    // Idempotent.
    expect((await asMember(app, park, 'PATCH', `/api/alarms/${parkRows[0]!.alarmId}`)).statusCode).toBe(200);
    expect(rowsOf(await alarmPageOk(app, park, 'ISSUE'))[0]!.read).toBe(true);
    expect(await unreadOk(app, park)).toEqual({ total: 7, GOAL: 2, ISSUE: 4, EXTERNAL: 1 });

    for (const who of [park, other.owner]) {
      const foreign = await asMember(app, who, 'PATCH', `/api/alarms/${kimAlarm}`);
      expect([foreign.statusCode, foreign.json().code, foreign.json().result]).toEqual([
        404,
        'ALARM404_0',
        null,
      ]);
    }
    expect((await asMember(app, park, 'PATCH', '/api/alarms/2147483647')).statusCode).toBe(404);
    const malformed = await asMember(app, park, 'PATCH', '/api/alarms/8e0');
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALID400_1']);
    expect(rowsOf(await alarmPageOk(app, kim, 'ISSUE')).find((r) => r.alarmId === kimAlarm)!.read).toBe(
      false,
    );

    const mixed = [parkRows[1]!.alarmId, kimAlarm, 2147483648];
    const refused = await asMember(app, park, 'DELETE', '/api/alarms', { payload: mixed });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'ALARM404_1']);
    expect(refused.json().message).toBe(`존재하지 않는 알림입니다: ${kimAlarm}, 2147483648`);
    expect(refused.json().result).toEqual({ alarmIds: refused.json().message });
    expect(rowsOf(await alarmPageOk(app, park, 'ISSUE'))).toHaveLength(5);
    expect(rowsOf(await alarmPageOk(app, kim, 'ISSUE'))).toHaveLength(kimRows.length);

    const deleted = await asMember(app, park, 'DELETE', '/api/alarms', {
      payload: [parkRows[1]!.alarmId, parkRows[2]!.alarmId],
    });
    expect([deleted.statusCode, deleted.json().code]).toEqual([200, 'ALARM200_2']);
    expect(rowsOf(await alarmPageOk(app, park, 'ISSUE')).map((r) => r.alarmId)).toEqual(
      parkRows.filter((_, i) => i !== 1 && i !== 2).map((r) => r.alarmId),
    );
    // Another workspace's member sees none of it.
    expect((await alarmPageOk(app, other.owner, 'ISSUE')).totalSize).toBe(0);
    expect(await unreadOk(app, other.owner)).toEqual({ total: 0, GOAL: 0, ISSUE: 0, EXTERNAL: 0 });
  });

  it('answers no-store and refuses without a bearer', async () => {
    const res = await asMember(app, park, 'GET', '/api/alarms/unread-count');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await asMember(app, null, 'GET', '/api/alarms/GOAL')).statusCode).toBe(401);
  });
});

describe('development clock', () => {
  it('moves the clock, runs the reminder and resets; the page shows the moved "today"', async () => {
    const moved = await asMember(app, park, 'POST', '/api/dev/clock', {
      payload: { now: '2027-05-25T09:30:00+09:00' },
    });
    expect([moved.statusCode, moved.json().code]).toEqual([200, 'CLOCK200_0']);
    expect(moved.json().result.now).toBe('2027-05-25T09:30:00+09:00');
    // 박 and 김 manage the remaining five issues due on the 25th.
    expect(moved.json().result.raised).toBe(10);
    const page = await alarmPageOk(app, park, 'ISSUE');
    expect(page.deadline).toBe('2027-05-25');
    expect(rowsOf(page).filter((r) => r.reason === 'DEADLINE')).toHaveLength(5);

    const reset = await asMember(app, park, 'POST', '/api/dev/clock', { payload: { reset: true } });
    expect(reset.statusCode).toBe(200);
    expect((await alarmPageOk(app, park, 'ISSUE')).deadline).toBe('2027-05-20');

    for (const payload of [{ now: 'tomorrow' }, { now: '1999-12-31T00:00:00Z' }, {}, { reset: false }]) {
      const bad = await asMember(app, park, 'POST', '/api/dev/clock', { payload });
      expect([JSON.stringify(payload), bad.statusCode]).toEqual([JSON.stringify(payload), 400]);
    }
  });

  it('is refused in production (NODE_ENV=production) and nothing changes', async () => {
    const production = await createAlarmApp(testDb.database, clock, { NODE_ENV: 'production' });
    try {
      const res = await asMember(production, park, 'POST', '/api/dev/clock', {
        payload: { now: '2027-06-30T09:00:00+09:00' },
      });
      expect([res.statusCode, res.json().code]).toEqual([403, 'CLOCK403_0']);
      expect((await alarmPageOk(production, park, 'ISSUE')).deadline).toBe('2027-05-20');
    } finally {
      await production.close();
    }
  });
});
