import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ListItem, type ListPage } from '../../../../contract';
import { item, itemManager, member } from '../../../../server/db/schema';
import { type SignedInMember, asMember } from '../../support/members';
import {
  type Segment,
  createItemOk,
  createTeamWith,
  githubExternalFields,
  listPageOk,
  postItem,
  walkList,
} from '../../support/items';
import { type TestDatabase, useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Issue #5 "Goals, issues and externals", server half: create, grouped lists, delete, simple lists, links and name
 * previews (docs/product.md "Items" and "Grouped lists"). Paging invariants
 * over generated data are in items-paging.test.ts, the 2,000-issue timing in items-performance.test.ts.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
/** 'Momentum': owner 김민수, then 가나다, 이영희, Alice and a second 김민수. */
let ws: TestWorkspace;
/** Another workspace. */
let other: TestWorkspace;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
  ws = await createWorkspaceWith(app, 'Momentum', '김민수', ['가나다', '이영희', 'Alice', '김민수']);
  other = await createWorkspaceWith(app, 'Elsewhere', 'Bob');
});

const db = () => testDb.database.db;
const owner = () => ws.owner;
const [GANADA, LEE, ALICE, KIM2] = [0, 1, 2, 3];
const mate = (index: number) => ws.members[index]!;
const everyoneIds = () => [GANADA, LEE, ALICE, KIM2].map((i) => mate(i).memberId);

let teamCounter = 0;
/** A fresh team of the workspace with every member (names: 4–10 Latin letters). */
async function freshTeam(memberIds: number[] = everyoneIds()): Promise<number> {
  teamCounter += 1;
  const name = `Team ${String.fromCharCode(64 + teamCounter)}${'x'.repeat(teamCounter % 3)}`;
  return createTeamWith(app, owner(), name, memberIds);
}

const get = (who: SignedInMember | null, url: string) => asMember(app, who, 'GET', url);
const del = (who: SignedInMember | null, teamId: number, segment: Segment, payload: unknown) =>
  asMember(app, who, 'DELETE', `/api/teams/${teamId}/${segment}`, { payload: payload as object });
const idsKey = { goals: 'goalIds', issues: 'issueIds', externals: 'externalIds' } as const;
const namePath = { goals: 'goal-name', issues: 'issue-name', externals: 'externals/external-name' } as const;

const ISO_SEOUL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;

describe('access to the team routes', () => {
  const routes = (teamId: number): [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] => [
    ['POST', `/api/teams/${teamId}/goals`, { title: '목표' }],
    ['POST', `/api/teams/${teamId}/issues`, { title: '이슈' }],
    ['POST', `/api/teams/${teamId}/externals`, { title: '외부', extServiceType: 'SLACK' }],
    ['GET', `/api/teams/${teamId}/goals`],
    ['GET', `/api/teams/${teamId}/issues`],
    ['GET', `/api/teams/${teamId}/externals`],
    ['DELETE', `/api/teams/${teamId}/goals`, { goalIds: [1] }],
    ['DELETE', `/api/teams/${teamId}/issues`, { issueIds: [1] }],
    ['DELETE', `/api/teams/${teamId}/externals`, { externalIds: [1] }],
    ['GET', `/api/teams/${teamId}/goals-simple`],
    ['GET', `/api/teams/${teamId}/issues-simple`],
    ['GET', `/api/teams/${teamId}/externals/links`],
    ['GET', `/api/teams/${teamId}/goal-name`],
    ['GET', `/api/teams/${teamId}/issue-name`],
    ['GET', `/api/teams/${teamId}/externals/external-name`],
  ];

  it('needs a bearer token (401 COMMON401)', async () => {
    for (const [method, url, payload] of routes(ws.defaultTeamId)) {
      const res = await asMember(app, null, method, url, payload ? { payload } : {});
      expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'COMMON401']);
    }
  });

  it('answers 404 TEAM404_0 to a member of another workspace, before looking at the body', async () => {
    for (const [method, url, payload] of routes(ws.defaultTeamId)) {
      const res = await asMember(app, other.owner, method, url, payload ? { payload } : {});
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'TEAM404_0']);
    }
    // Even an invalid body or query does not tell them more.
    const bad = await asMember(app, other.owner, 'POST', `/api/teams/${ws.defaultTeamId}/goals`, {
      payload: { title: '' },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([404, 'TEAM404_0']);
    const badQuery = await get(other.owner, `/api/teams/${ws.defaultTeamId}/goals?query=NOPE`);
    expect(badQuery.statusCode).toBe(404);
    // Nothing was created.
    const simple = await get(owner(), `/api/teams/${ws.defaultTeamId}/goals-simple`);
    expect(simple.json().result.info.map((g: { title: string }) => g.title)).not.toContain('목표');
  });

  it('answers 404 TEAM404_0 for a team that does not exist and 400 for a malformed team id', async () => {
    for (const [method, url, payload] of routes(987_654)) {
      const res = await asMember(app, owner(), method, url, payload ? { payload } : {});
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'TEAM404_0']);
    }
    for (const teamId of ['abc', '0', '-3', '99999999999']) {
      const res = await get(owner(), `/api/teams/${teamId}/issues`);
      expect([teamId, res.statusCode, res.json().code]).toEqual([teamId, 400, 'VALID400_1']);
      expect(res.json().result).toHaveProperty('teamId');
    }
  });

  it('lets every member of the workspace read a public team, but only its members write in it (issue #23)', async () => {
    const teamId = await freshTeam([mate(GANADA).memberId]);
    // 이영희 is not in that team but is in the workspace: she reads it and is told to join before writing.
    const list = await asMember(app, mate(LEE), 'GET', `/api/teams/${teamId}/issues`);
    expect(list.statusCode).toBe(200);
    const res = await postItem(app, mate(LEE), teamId, 'issues', { title: '워크스페이스 멤버' });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      403,
      'TEAM403_1',
      '이 팀의 멤버만 할 수 있습니다. 먼저 팀에 참여해 주세요.',
    ]);
    // After joining (one click) the same request succeeds.
    const joined = await asMember(app, mate(LEE), 'POST', `/api/teams/${teamId}/membership`);
    expect(joined.statusCode).toBe(200);
    const again = await postItem(app, mate(LEE), teamId, 'issues', { title: '워크스페이스 멤버' });
    expect(again.statusCode).toBe(201);
  });
});

describe('POST /api/teams/{teamId}/goals|issues|externals', () => {
  it('creates each kind with defaults and answers 201 with its id under the kind key', async () => {
    const teamId = await freshTeam();
    const goal = await postItem(app, owner(), teamId, 'goals', { title: '런칭' });
    expect(goal.statusCode).toBe(201);
    expect(goal.json()).toEqual({
      isSuccess: true,
      code: 'GOAL201_0',
      message: '목표를 생성했습니다.',
      result: { goalId: expect.any(Number) },
    });
    const issue = await postItem(app, owner(), teamId, 'issues', { title: 'API 설계' });
    expect([issue.statusCode, issue.json().code, Object.keys(issue.json().result)]).toEqual([
      201,
      'ISSUE201_0',
      ['issueId'],
    ]);
    const external = await postItem(app, owner(), teamId, 'externals', {
      title: '로그인 버그',
      extServiceType: 'SLACK',
    });
    expect([external.statusCode, external.json().code, Object.keys(external.json().result)]).toEqual([
      201,
      'EXTERNAL201_0',
      ['externalId', 'sync'],
    ]);
    // No Slack link in this workspace: saved anyway, the sync reports why nothing was posted.
    expect(external.json().result.sync).toEqual({
      service: 'SLACK',
      ok: false,
      url: null,
      message: expect.stringMatching(/Slack/),
    });

    const [row] = await db().select().from(item).where(eq(item.id, external.json().result.externalId));
    expect(row).toMatchObject({
      kind: 'external',
      teamId,
      workspaceId: ws.workspaceId,
      title: '로그인 버그',
      content: '',
      state: 'NONE',
      priority: 'NONE',
      deadlineStart: null,
      deadlineEnd: null,
      goalId: null,
      extServiceType: 'SLACK',
      authorId: owner().memberId,
      githubUrl: null,
      slackPermalink: null,
    });

    const list = await listPageOk(app, owner(), teamId, 'issues', {});
    expect(list.data).toEqual([
      {
        groupKey: 'NONE',
        filterName: 'NONE',
        imageUrl: null,
        dataCnt: 1,
        items: [
          {
            id: issue.json().result.issueId,
            name: expect.stringMatching(/^Momentum-i\d+$/),
            title: 'API 설계',
            state: 'NONE',
            priority: 'NONE',
            deadline: { start: null, end: null },
            managers: { cnt: 0, info: [] },
            goal: null,
            extServiceType: null,
            createdAt: expect.stringMatching(ISO_SEOUL),
          },
        ],
      },
    ]);
  });

  it('stores every field: title trimmed, content, state, priority, managers, deadline, goal', async () => {
    const teamId = await freshTeam();
    const goalId = await createItemOk(app, owner(), teamId, 'goals', { title: '상위 목표' });
    const content = JSON.stringify({ root: { children: [], type: 'root', version: 1 } });
    const id = await createItemOk(app, owner(), teamId, 'externals', {
      title: '  외부 이슈 제목  ',
      content,
      state: 'IN_PROGRESS',
      priority: 'URGENT',
      managersId: [mate(LEE).memberId, mate(ALICE).memberId, mate(LEE).memberId],
      deadline: { start: '2026-11-21', end: '2026-11-30' },
      goalId,
      ...(await githubExternalFields(app, teamId, 7)),
    });
    const [row] = await db().select().from(item).where(eq(item.id, id));
    expect(row).toMatchObject({
      title: '외부 이슈 제목',
      content,
      state: 'IN_PROGRESS',
      priority: 'URGENT',
      deadlineStart: '2026-11-21',
      deadlineEnd: '2026-11-30',
      goalId,
      extServiceType: 'GITHUB',
      // The repository is stored; this test app has no GitHub App configured, so no issue number or url.
      githubOwner: 'octo',
      githubRepo: 'hello',
      githubNumber: null,
      githubUrl: null,
    });
    const page = await listPageOk(app, owner(), teamId, 'externals', { query: 'state' });
    const listed = page.data[0]!.items[0]!;
    expect(listed).toMatchObject({
      id,
      state: 'IN_PROGRESS',
      priority: 'URGENT',
      deadline: { start: '2026-11-21', end: '2026-11-30' },
      goal: { id: goalId, title: '상위 목표' },
      extServiceType: 'GITHUB',
      managers: {
        cnt: 2,
        info: [
          { memberId: mate(LEE).memberId, name: '이영희', profileUrl: null },
          { memberId: mate(ALICE).memberId, name: 'Alice', profileUrl: null },
        ],
      },
    });
  });

  it('names items <workspaceName>-g|i|e<n> with one counter per workspace and kind, never reused', async () => {
    const teamA = await freshTeam();
    const teamB = await freshTeam();
    const nameOf = async (segment: Segment) =>
      (await get(owner(), `/api/teams/${teamA}/${namePath[segment]}`)).json().result as string;
    const numberOf = (name: string) => Number(/-[gie](\d+)$/.exec(name)![1]);

    const before = {
      goals: await nameOf('goals'),
      issues: await nameOf('issues'),
      externals: await nameOf('externals'),
    };
    expect(before.goals).toMatch(/^Momentum-g\d+$/);
    expect(before.issues).toMatch(/^Momentum-i\d+$/);
    expect(before.externals).toMatch(/^Momentum-e\d+$/);
    // The preview takes nothing.
    expect(await nameOf('issues')).toBe(before.issues);

    const first = await createItemOk(app, owner(), teamA, 'issues', { title: '하나' });
    // Another team of the same workspace shares the counter.
    const second = await createItemOk(app, owner(), teamB, 'issues', { title: '둘' });
    const names = await db()
      .select({ id: item.id, name: item.name, number: item.number })
      .from(item)
      .where(inArray(item.id, [first, second]))
      .orderBy(item.id);
    expect(names.map((n) => n.name)).toEqual([before.issues, `Momentum-i${numberOf(before.issues) + 1}`]);

    // Deleting the newest does not give its number back.
    expect((await del(owner(), teamB, 'issues', { issueIds: [second] })).statusCode).toBe(200);
    const after = await nameOf('issues');
    expect(numberOf(after)).toBe(numberOf(before.issues) + 2);
    const third = await createItemOk(app, owner(), teamA, 'issues', { title: '셋' });
    const [row] = await db().select({ name: item.name }).from(item).where(eq(item.id, third));
    expect(row!.name).toBe(after);
    // Goals and externals count on their own.
    expect(await nameOf('goals')).toBe(before.goals);

    // Another workspace starts at 1.
    const otherTeam = other.defaultTeamId;
    expect((await get(other.owner, `/api/teams/${otherTeam}/goal-name`)).json()).toEqual({
      isSuccess: true,
      code: 'GOAL200_4',
      message: '다음 목표 이름을 조회했습니다.',
      result: 'Elsewhere-g1',
    });
    await createItemOk(app, other.owner, otherTeam, 'goals', { title: '첫 목표' });
    expect((await get(other.owner, `/api/teams/${otherTeam}/goal-name`)).json().result).toBe('Elsewhere-g2');
    expect((await get(other.owner, `/api/teams/${otherTeam}/externals/external-name`)).json()).toMatchObject({
      code: 'EXTERNAL200_4',
      result: 'Elsewhere-e1',
    });
    expect((await get(other.owner, `/api/teams/${otherTeam}/issue-name`)).json()).toMatchObject({
      code: 'ISSUE200_4',
      result: 'Elsewhere-i1',
    });
  });

  it('gives concurrent creations distinct numbers', async () => {
    const teamId = await freshTeam();
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createItemOk(app, owner(), teamId, 'externals', { title: `동시 ${i}` }),
      ),
    );
    const rows = await db().select({ number: item.number }).from(item).where(inArray(item.id, ids));
    expect(new Set(rows.map((r) => r.number)).size).toBe(8);
  });

  describe('validation', () => {
    let teamId: number;
    beforeAll(async () => {
      teamId = await freshTeam([mate(GANADA).memberId]);
    });

    const expect400 = async (
      segment: Segment,
      payload: Record<string, unknown>,
      code: string,
      field: string,
      message?: string | RegExp,
    ) => {
      const res = await postItem(app, owner(), teamId, segment, payload);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
      expect(res.json().result).toHaveProperty([field]);
      if (message !== undefined) {
        if (typeof message === 'string') expect(res.json().result[field]).toBe(message);
        else expect(res.json().result[field]).toMatch(message);
      }
      return res;
    };

    it('title: required, trimmed non-empty, at most 20 characters', async () => {
      for (const segment of ['goals', 'issues', 'externals'] as const) {
        await expect400(segment, {}, 'VALID400_1', 'title');
        await expect400(segment, { title: '' }, 'VALID400_1', 'title', '제목을 입력해 주세요.');
        await expect400(segment, { title: '   ' }, 'VALID400_1', 'title', '제목을 입력해 주세요.');
        await expect400(
          segment,
          { title: '가'.repeat(21) },
          'VALID400_1',
          'title',
          '최대 20자까지 작성할 수 있습니다.',
        );
        await expect400(
          segment,
          { title: 'a'.repeat(21) },
          'VALID400_1',
          'title',
          '최대 20자까지 작성할 수 있습니다.',
        );
      }
      // 20 characters (even astral ones) are fine.
      expect((await postItem(app, owner(), teamId, 'issues', { title: '가'.repeat(20) })).statusCode).toBe(
        201,
      );
      expect((await postItem(app, owner(), teamId, 'issues', { title: '🚀'.repeat(20) })).statusCode).toBe(
        201,
      );
    });

    it('deadline: real YYYY-MM-DD dates with start ≤ end', async () => {
      for (const segment of ['goals', 'issues', 'externals'] as const) {
        const res = await expect400(
          segment,
          { title: '기한', deadline: { start: '2026-12-02', end: '2026-12-01' } },
          'VALID400_1',
          'deadline',
          '시작일은 마감일보다 늦을 수 없습니다.',
        );
        expect(res.json().message).toBe('시작일은 마감일보다 늦을 수 없습니다.');
      }
      await expect400(
        'issues',
        { title: '기한', deadline: { start: '2026-02-30' } },
        'VALID400_1',
        'deadline.start',
      );
      await expect400(
        'issues',
        { title: '기한', deadline: { end: '21.11.2026' } },
        'VALID400_1',
        'deadline.end',
      );
      for (const deadline of [
        { start: '2026-12-01', end: '2026-12-01' },
        { start: '2026-12-01' },
        { end: '2026-12-01', start: null },
        {},
      ]) {
        expect((await postItem(app, owner(), teamId, 'goals', { title: '기한', deadline })).statusCode).toBe(
          201,
        );
      }
    });

    it("content: '' or Lexical-shaped JSON (an object whose root has a children array)", async () => {
      for (const content of ['not json', '{"root":', '[]', '"text"', '42', 'null']) {
        await expect400(
          'issues',
          { title: '본문', content },
          'VALID400_1',
          'content',
          '본문은 비어 있거나 JSON 객체여야 합니다.',
        );
      }
      await expect400('goals', { title: '본문', content: 7 }, 'VALID400_1', 'content');
      for (const content of ['{}', '{"root":{}}', '{"root":{"children":{}}}']) {
        await expect400(
          'goals',
          { title: '본문', content },
          'VALID400_1',
          'content',
          '본문 형식이 올바르지 않습니다.',
        );
      }
      for (const content of ['', JSON.stringify({ root: { children: [{ type: 'paragraph' }] } })]) {
        expect(
          (await postItem(app, owner(), teamId, 'externals', { title: '본문', content })).statusCode,
        ).toBe(201);
      }
    });

    it('state, priority and extServiceType: only the known codes; externals need a tool', async () => {
      await expect400('issues', { title: '상태', state: 'DONE' }, 'VALID400_1', 'state');
      await expect400('goals', { title: '우선', priority: 'MEDIUM' }, 'VALID400_1', 'priority');
      const missing = await asMember(app, owner(), 'POST', `/api/teams/${teamId}/externals`, {
        payload: { title: '도구 없음' },
      });
      expect([missing.statusCode, Object.keys(missing.json().result)]).toEqual([400, ['extServiceType']]);
      await expect400(
        'externals',
        { title: '노션', extServiceType: 'NOTION' },
        'VALID400_1',
        'extServiceType',
      );
    });

    it('managers must be members of the team (400 ITEM400_0 naming the ids)', async () => {
      // 이영희 is in the workspace but not in this team; Bob is in another workspace; 999999 does not exist.
      const res = await expect400(
        'issues',
        {
          title: '담당자',
          managersId: [mate(GANADA).memberId, mate(LEE).memberId, other.owner.memberId, 999_999],
        },
        'ITEM400_0',
        'managersId',
      );
      expect(res.json().message).toBe(
        `팀 멤버가 아닌 담당자가 있습니다: ${mate(LEE).memberId}, ${other.owner.memberId}, 999999`,
      );
      await expect400('goals', { title: '담당자', managersId: [2_147_483_648] }, 'ITEM400_0', 'managersId');
      await expect400('externals', { title: '담당자', managersId: [0] }, 'VALID400_1', 'managersId.0');
      const ok = await postItem(app, owner(), teamId, 'goals', {
        title: '담당자',
        managersId: [mate(GANADA).memberId, owner().memberId],
      });
      expect(ok.statusCode).toBe(201);
    });

    it('goalId must be a goal of the same team; -1 and null mean none (400 ITEM400_1)', async () => {
      const otherTeam = await freshTeam();
      const foreignGoal = await createItemOk(app, owner(), otherTeam, 'goals', { title: '남의 목표' });
      const otherWorkspaceGoal = await createItemOk(app, other.owner, other.defaultTeamId, 'goals', {
        title: '밖',
      });
      const anIssue = await createItemOk(app, owner(), teamId, 'issues', { title: '이슈' });
      for (const segment of ['issues', 'externals'] as const) {
        for (const goalId of [foreignGoal, otherWorkspaceGoal, anIssue, 987_654, 0, -2, 2_147_483_648]) {
          const res = await expect400(segment, { title: '목표 연결', goalId }, 'ITEM400_1', 'goalId');
          expect(res.json().message).toBe(`이 팀의 목표가 아닙니다: ${goalId}`);
        }
      }
      const own = await createItemOk(app, owner(), teamId, 'goals', { title: '내 목표' });
      for (const goalId of [-1, null, undefined, own]) {
        const id = await createItemOk(app, owner(), teamId, 'issues', { title: '목표 연결', goalId });
        const [row] = await db().select({ goalId: item.goalId }).from(item).where(eq(item.id, id));
        expect(row!.goalId).toBe(goalId === own ? own : null);
      }
    });

    it("a goal's issuesId must be issues of the same team (400 ITEM400_2); they move to the new goal", async () => {
      const otherTeam = await freshTeam();
      const foreignIssue = await createItemOk(app, owner(), otherTeam, 'issues', { title: '남의 이슈' });
      const external = await createItemOk(app, owner(), teamId, 'externals', { title: '외부' });
      const res = await expect400(
        'goals',
        { title: '묶음', issuesId: [foreignIssue, external, 987_654] },
        'ITEM400_2',
        'issuesId',
      );
      expect(res.json().message).toBe(`이 팀의 이슈가 아닙니다: ${foreignIssue}, ${external}, 987654`);

      const oldGoal = await createItemOk(app, owner(), teamId, 'goals', { title: '예전 목표' });
      const a = await createItemOk(app, owner(), teamId, 'issues', { title: '가', goalId: oldGoal });
      const b = await createItemOk(app, owner(), teamId, 'issues', { title: '나' });
      const c = await createItemOk(app, owner(), teamId, 'issues', { title: '다', goalId: oldGoal });
      const newGoal = await createItemOk(app, owner(), teamId, 'goals', {
        title: '새 목표',
        issuesId: [a, b, a],
      });
      const rows = await db()
        .select({ id: item.id, goalId: item.goalId })
        .from(item)
        .where(inArray(item.id, [a, b, c]))
        .orderBy(item.id);
      expect(rows).toEqual([
        { id: a, goalId: newGoal },
        { id: b, goalId: newGoal },
        { id: c, goalId: oldGoal },
      ]);
    });

    it('a failed creation takes no number', async () => {
      const before = (await get(owner(), `/api/teams/${teamId}/goal-name`)).json().result;
      await expect400('goals', { title: '실패', issuesId: [987_654] }, 'ITEM400_2', 'issuesId');
      expect((await get(owner(), `/api/teams/${teamId}/goal-name`)).json().result).toBe(before);
    });
  });
});

describe('GET /api/teams/{teamId}/goals|issues|externals (grouped lists)', () => {
  it('answers an empty team with no groups (a success)', async () => {
    const teamId = await freshTeam();
    for (const segment of ['goals', 'issues', 'externals'] as const) {
      const res = await get(owner(), `/api/teams/${teamId}/${segment}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        isSuccess: true,
        code: { goals: 'GOAL200_0', issues: 'ISSUE200_0', externals: 'EXTERNAL200_0' }[segment],
        message: expect.any(String),
        result: { data: [], hasNext: false, nextCursor: null },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  describe('groupings', () => {
    let teamId: number;
    /** Ids by title. */
    const ids: Record<string, number> = {};
    const keysOf = (page: ListPage) => page.data.map((g) => g.groupKey);
    const titles = (items: ListItem[]) => items.map((i) => i.title);

    beforeAll(async () => {
      teamId = await freshTeam();
      const m = (i: number) => mate(i).memberId;
      // Goals (oldest first).
      ids.g1 = await createItemOk(app, owner(), teamId, 'goals', {
        title: '이번 분기',
        state: 'TODO',
        priority: 'LOW',
        managersId: [m(LEE)],
      });
      ids.g2 = await createItemOk(app, owner(), teamId, 'goals', {
        title: 'Beta',
        state: 'DELETE',
        priority: 'URGENT',
        managersId: [m(ALICE), owner().memberId],
      });
      ids.g3 = await createItemOk(app, owner(), teamId, 'goals', { title: '가을 출시', state: 'TODO' });
      ids.g4 = await createItemOk(app, owner(), teamId, 'goals', { title: '가을 출시', priority: 'HIGH' });
      // Issues (oldest first).
      const issue = async (title: string, extra: Record<string, unknown>) => {
        ids[title] = await createItemOk(app, owner(), teamId, 'issues', { title, ...extra });
      };
      await issue('i1', { state: 'REVIEW', priority: 'NORMAL', managersId: [m(KIM2)], goalId: ids.g1 });
      await issue('i2', {
        state: 'IN_PROGRESS',
        priority: 'URGENT',
        managersId: [m(GANADA), owner().memberId],
      });
      await issue('i3', { state: 'FINISH', goalId: ids.g2, managersId: [m(ALICE)] });
      await issue('i4', { state: 'IN_PROGRESS', priority: 'LOW', goalId: ids.g3 });
      await issue('i5', { state: 'TODO', priority: 'HIGH', managersId: [m(LEE), m(KIM2)], goalId: ids.g4 });
      await issue('i6', { state: 'IN_PROGRESS', goalId: ids.g1, managersId: [owner().memberId] });
      await issue('i7', { state: 'DELETE', priority: 'URGENT' });
      // Externals.
      ids.e1 = await createItemOk(app, owner(), teamId, 'externals', {
        title: 'e1',
        extServiceType: 'SLACK',
        goalId: ids.g2,
      });
      ids.e2 = await createItemOk(app, owner(), teamId, 'externals', {
        title: 'e2',
        ...(await githubExternalFields(app, teamId)),
        managersId: [m(GANADA)],
      });
      ids.e3 = await createItemOk(app, owner(), teamId, 'externals', {
        title: 'e3',
        extServiceType: 'SLACK',
      });
    });

    it('STATE: fixed order NONE, IN_PROGRESS, TODO, FINISH, REVIEW, DELETE; only non-empty groups; newest first', async () => {
      const page = await listPageOk(app, owner(), teamId, 'issues', { query: 'STATE' });
      expect(keysOf(page)).toEqual(['IN_PROGRESS', 'TODO', 'FINISH', 'REVIEW', 'DELETE']);
      expect(page.data.map((g) => [g.filterName, g.dataCnt, g.imageUrl, titles(g.items)])).toEqual([
        ['IN_PROGRESS', 3, null, ['i6', 'i4', 'i2']],
        ['TODO', 1, null, ['i5']],
        ['FINISH', 1, null, ['i3']],
        ['REVIEW', 1, null, ['i1']],
        ['DELETE', 1, null, ['i7']],
      ]);
      expect(page.hasNext).toBe(false);
      expect(page.nextCursor).toBeNull();
      // The default grouping is STATE, case-insensitively named.
      expect(await listPageOk(app, owner(), teamId, 'issues', {})).toEqual(page);
      expect(await listPageOk(app, owner(), teamId, 'issues', { query: 'state' })).toEqual(page);
      expect(await listPageOk(app, owner(), teamId, 'issues', { query: 'State', cursor: '-1' })).toEqual(
        page,
      );

      const goals = await listPageOk(app, owner(), teamId, 'goals', { query: 'state' });
      expect(goals.data.map((g) => [g.groupKey, titles(g.items)])).toEqual([
        ['NONE', ['가을 출시']],
        ['TODO', ['가을 출시', '이번 분기']],
        ['DELETE', ['Beta']],
      ]);
    });

    it('PRIORITY: fixed order NONE, URGENT, HIGH, NORMAL, LOW', async () => {
      const page = await listPageOk(app, owner(), teamId, 'issues', { query: 'priority' });
      expect(page.data.map((g) => [g.groupKey, g.filterName, g.dataCnt, titles(g.items)])).toEqual([
        ['NONE', 'NONE', 2, ['i6', 'i3']],
        ['URGENT', 'URGENT', 2, ['i7', 'i2']],
        ['HIGH', 'HIGH', 1, ['i5']],
        ['NORMAL', 'NORMAL', 1, ['i1']],
        ['LOW', 'LOW', 1, ['i4']],
      ]);
    });

    it("MANAGER: '없음' first, then names in Korean collation; namesakes apart; an item in each of its managers' groups", async () => {
      const page = await listPageOk(app, owner(), teamId, 'issues', { query: 'MANAGER' });
      const [kim1, kim2] = [owner().memberId, mate(KIM2).memberId];
      expect(
        page.data.map((g) => [g.groupKey, g.filterName, g.imageUrl, g.dataCnt, titles(g.items)]),
      ).toEqual([
        ['NONE', '없음', null, 2, ['i7', 'i4']],
        [String(mate(GANADA).memberId), '가나다', null, 1, ['i2']],
        [String(kim1), '김민수', null, 2, ['i6', 'i2']],
        [String(kim2), '김민수', null, 2, ['i5', 'i1']],
        [String(mate(LEE).memberId), '이영희', null, 1, ['i5']],
        [String(mate(ALICE).memberId), 'Alice', null, 1, ['i3']],
      ]);
      // The item keeps all its managers in every group.
      const i5 = page.data[3]!.items[0]!;
      expect(i5.managers).toEqual({
        cnt: 2,
        info: [
          { memberId: kim2, name: '김민수', profileUrl: null },
          { memberId: mate(LEE).memberId, name: '이영희', profileUrl: null },
        ],
      });
      expect(page.data[4]!.items[0]).toEqual(i5);

      const goals = await listPageOk(app, owner(), teamId, 'goals', { query: 'manager' });
      expect(goals.data.map((g) => [g.filterName, titles(g.items)])).toEqual([
        ['없음', ['가을 출시', '가을 출시']],
        ['김민수', ['Beta']],
        ['이영희', ['이번 분기']],
        ['Alice', ['Beta']],
      ]);
    });

    it("MANAGER: imageUrl is the manager's photo", async () => {
      await db()
        .update(member)
        .set({ profileImageUrl: '/uploads/profile/alice.webp' })
        .where(eq(member.id, mate(ALICE).memberId));
      try {
        const page = await listPageOk(app, owner(), teamId, 'externals', { query: 'MANAGER' });
        expect(page.data.map((g) => [g.filterName, g.imageUrl])).toEqual([
          ['없음', null],
          ['가나다', null],
        ]);
        const issues = await listPageOk(app, owner(), teamId, 'issues', { query: 'MANAGER' });
        const alice = issues.data.find((g) => g.filterName === 'Alice')!;
        expect(alice.imageUrl).toBe('/uploads/profile/alice.webp');
        expect(alice.items[0]!.managers.info[0]!.profileUrl).toBe('/uploads/profile/alice.webp');
      } finally {
        await db()
          .update(member)
          .set({ profileImageUrl: null })
          .where(eq(member.id, mate(ALICE).memberId));
      }
    });

    it("GOAL (issues, externals): '없음' first, then goal titles in Korean collation, equal titles by id", async () => {
      const page = await listPageOk(app, owner(), teamId, 'issues', { query: 'goal' });
      expect(page.data.map((g) => [g.groupKey, g.filterName, g.dataCnt, titles(g.items)])).toEqual([
        ['NONE', '없음', 2, ['i7', 'i2']],
        [String(ids.g3), '가을 출시', 1, ['i4']],
        [String(ids.g4), '가을 출시', 1, ['i5']],
        [String(ids.g1), '이번 분기', 2, ['i6', 'i1']],
        [String(ids.g2), 'Beta', 1, ['i3']],
      ]);
      expect(page.data[3]!.items[0]!.goal).toEqual({ id: ids.g1, title: '이번 분기' });
      expect(page.data[0]!.items[0]!.goal).toBeNull();

      const externals = await listPageOk(app, owner(), teamId, 'externals', { query: 'GOAL' });
      expect(externals.data.map((g) => [g.filterName, titles(g.items)])).toEqual([
        ['없음', ['e3', 'e2']],
        ['Beta', ['e1']],
      ]);
    });

    it('EXT_TYPE (externals): tool codes as labels, in collation order', async () => {
      const page = await listPageOk(app, owner(), teamId, 'externals', { query: 'ext_type' });
      expect(page.data.map((g) => [g.groupKey, g.filterName, g.dataCnt, titles(g.items)])).toEqual([
        ['GITHUB', 'GITHUB', 1, ['e2']],
        ['SLACK', 'SLACK', 2, ['e3', 'e1']],
      ]);
      expect(page.data[1]!.items.map((i) => i.extServiceType)).toEqual(['SLACK', 'SLACK']);
    });

    it('rejects groupings the kind does not offer and unknown ones (400 VALID400_1, result.query)', async () => {
      const cases: [Segment, string][] = [
        ['goals', 'GOAL'],
        ['goals', 'EXT_TYPE'],
        ['issues', 'EXT_TYPE'],
        ['issues', 'ASSIGNEE'],
        ['externals', 'NOPE'],
        ['externals', ''],
      ];
      for (const [segment, query] of cases) {
        const res = await get(owner(), `/api/teams/${teamId}/${segment}?query=${query}`);
        expect([segment, query, res.statusCode, res.json().code]).toEqual([
          segment,
          query,
          400,
          'VALID400_1',
        ]);
        expect(res.json().result).toHaveProperty('query');
      }
      const goalOnGoals = await get(owner(), `/api/teams/${teamId}/goals?query=goal`);
      expect(goalOnGoals.json().result.query).toBe(
        '목표 목록은 STATE, PRIORITY, MANAGER 중 하나로 묶을 수 있습니다.',
      );
    });

    it('pages across groups: every page lists every group with its team-wide dataCnt, only its own items', async () => {
      const walked = await walkList(app, owner(), teamId, 'issues', 'STATE', 2);
      expect(walked.pages.map((p) => p.data.map((g) => [g.groupKey, g.dataCnt, titles(g.items)]))).toEqual([
        [
          ['IN_PROGRESS', 3, ['i6', 'i4']],
          ['TODO', 1, []],
          ['FINISH', 1, []],
          ['REVIEW', 1, []],
          ['DELETE', 1, []],
        ],
        [
          ['IN_PROGRESS', 3, ['i2']],
          ['TODO', 1, ['i5']],
          ['FINISH', 1, []],
          ['REVIEW', 1, []],
          ['DELETE', 1, []],
        ],
        [
          ['IN_PROGRESS', 3, []],
          ['TODO', 1, []],
          ['FINISH', 1, ['i3']],
          ['REVIEW', 1, ['i1']],
          ['DELETE', 1, []],
        ],
        [
          ['IN_PROGRESS', 3, []],
          ['TODO', 1, []],
          ['FINISH', 1, []],
          ['REVIEW', 1, []],
          ['DELETE', 1, ['i7']],
        ],
      ]);
      expect(walked.pages.map((p) => p.hasNext)).toEqual([true, true, true, false]);
      expect(walked.pages[3]!.nextCursor).toBeNull();
      // size 7 = everything: one page, no next.
      const all = await listPageOk(app, owner(), teamId, 'issues', { size: 7 });
      expect([all.hasNext, all.nextCursor, all.data.flatMap((g) => g.items).length]).toEqual([
        false,
        null,
        7,
      ]);
      // size 6 leaves exactly one.
      const six = await listPageOk(app, owner(), teamId, 'issues', { size: 6 });
      expect(six.hasNext).toBe(true);
      const rest = await listPageOk(app, owner(), teamId, 'issues', { size: 6, cursor: six.nextCursor! });
      expect([rest.hasNext, rest.data.flatMap((g) => g.items).map((i) => i.title)]).toEqual([false, ['i7']]);
    });

    it('pages MANAGER groups, an item with two managers once per group', async () => {
      const walked = await walkList(app, owner(), teamId, 'issues', 'MANAGER', 1);
      expect(walked.pages).toHaveLength(9);
      expect([...walked.items.entries()].map(([key, items]) => [key, titles(items)])).toEqual([
        ['NONE', ['i7', 'i4']],
        [String(mate(GANADA).memberId), ['i2']],
        [String(owner().memberId), ['i6', 'i2']],
        [String(mate(KIM2).memberId), ['i5', 'i1']],
        [String(mate(LEE).memberId), ['i5']],
        [String(mate(ALICE).memberId), ['i3']],
      ]);
    });

    it('continues after a group that emptied between pages', async () => {
      const first = await listPageOk(app, owner(), teamId, 'goals', { query: 'MANAGER', size: 1 });
      // The first page ends inside the '없음' group (goals g4, g3 have no manager) …
      expect(first.data[0]!.groupKey).toBe('NONE');
      expect(first.data[0]!.items.map((i) => i.id)).toEqual([ids.g4]);
      // … which empties before the next page: both get a manager.
      const added = [ids.g3!, ids.g4!].map((itemId) => ({ itemId, memberId: mate(GANADA).memberId }));
      await db().insert(itemManager).values(added);
      try {
        const next = await listPageOk(app, owner(), teamId, 'goals', {
          query: 'MANAGER',
          size: 10,
          cursor: first.nextCursor!,
        });
        // The cursor's group is gone; every group after its place is read from the top.
        expect(next.data.map((g) => [g.filterName, titles(g.items)])).toEqual([
          ['가나다', ['가을 출시', '가을 출시']],
          ['김민수', ['Beta']],
          ['이영희', ['이번 분기']],
          ['Alice', ['Beta']],
        ]);
        expect(next.hasNext).toBe(false);
      } finally {
        await db()
          .delete(itemManager)
          .where(
            and(
              eq(itemManager.memberId, mate(GANADA).memberId),
              inArray(itemManager.itemId, [ids.g3!, ids.g4!]),
            ),
          );
      }
    });

    it('rejects malformed cursors and cursors of another grouping (400 VALID400_1, result.cursor)', async () => {
      const page = await listPageOk(app, owner(), teamId, 'issues', { query: 'STATE', size: 1 });
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const bad = [
        'abc',
        '0',
        'IN_PROGRESS:42',
        '%%%',
        encode({ g: 'STATE', k: 'NOPE', i: 3 }),
        encode({ g: 'STATE', k: 'TODO', i: 0 }),
        encode({ g: 'STATE', k: 'TODO', i: 3, extra: true }),
        encode({ g: 'MANAGER', k: '12', i: 3 }),
        encode([1, 2]),
        'x'.repeat(3000),
      ];
      for (const cursor of bad) {
        const res = await get(
          owner(),
          `/api/teams/${teamId}/issues?query=STATE&cursor=${encodeURIComponent(cursor)}`,
        );
        expect([cursor.slice(0, 20), res.statusCode, res.json().code]).toEqual([
          cursor.slice(0, 20),
          400,
          'VALID400_1',
        ]);
        expect(res.json().result.cursor).toBe('잘못된 커서입니다. 목록을 처음부터 다시 불러와 주세요.');
      }
      // A STATE cursor with another grouping.
      const other = await get(
        owner(),
        `/api/teams/${teamId}/issues?query=PRIORITY&cursor=${encodeURIComponent(page.nextCursor!)}`,
      );
      expect([other.statusCode, Object.keys(other.json().result)]).toEqual([400, ['cursor']]);
    });

    it('rejects sizes outside 1–100', async () => {
      for (const size of ['0', '101', 'abc', '1.5']) {
        const res = await get(owner(), `/api/teams/${teamId}/issues?size=${size}`);
        expect([size, res.statusCode, Object.keys(res.json().result)]).toEqual([size, 400, ['size']]);
      }
      expect((await get(owner(), `/api/teams/${teamId}/issues?size=100`)).statusCode).toBe(200);
    });

    it('lists only the team and kind asked for', async () => {
      const elsewhere = await freshTeam();
      await createItemOk(app, owner(), elsewhere, 'issues', { title: '다른 팀' });
      const page = await listPageOk(app, owner(), teamId, 'issues', { size: 100 });
      expect(page.data.flatMap((g) => titles(g.items)).sort()).toEqual([
        'i1',
        'i2',
        'i3',
        'i4',
        'i5',
        'i6',
        'i7',
      ]);
    });
  });
});

describe('DELETE /api/teams/{teamId}/goals|issues|externals', () => {
  it('deletes permanently and answers { deletedIds } in request order without duplicates', async () => {
    const teamId = await freshTeam();
    for (const segment of ['goals', 'issues', 'externals'] as const) {
      const a = await createItemOk(app, owner(), teamId, segment, {
        title: 'a',
        managersId: [mate(LEE).memberId],
      });
      const b = await createItemOk(app, owner(), teamId, segment, { title: 'b' });
      const keep = await createItemOk(app, owner(), teamId, segment, { title: 'keep' });
      const res = await del(owner(), teamId, segment, { [idsKey[segment]]: [b, a, b] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        isSuccess: true,
        code: { goals: 'GOAL200_2', issues: 'ISSUE200_2', externals: 'EXTERNAL200_2' }[segment],
        message: expect.any(String),
        result: { deletedIds: [b, a] },
      });
      const left = await db()
        .select({ id: item.id })
        .from(item)
        .where(inArray(item.id, [a, b, keep]));
      expect(left).toEqual([{ id: keep }]);
      // Managers went with them.
      expect(await db().select().from(itemManager).where(eq(itemManager.itemId, a))).toEqual([]);
    }
  });

  it('answers 403 ITEM403_0 when any id belongs to another team, deleting nothing', async () => {
    const teamId = await freshTeam();
    const otherTeam = await freshTeam();
    const mine = await createItemOk(app, owner(), teamId, 'issues', { title: '내 것' });
    const theirs = await createItemOk(app, owner(), otherTeam, 'issues', { title: '남의 것' });
    const outside = await createItemOk(app, other.owner, other.defaultTeamId, 'issues', { title: '밖' });
    for (const ids of [[theirs], [mine, theirs], [mine, theirs, outside, 987_654]]) {
      const res = await del(owner(), teamId, 'issues', { issueIds: ids });
      expect([res.statusCode, res.json().code]).toEqual([403, 'ITEM403_0']);
      expect(res.json().result).toHaveProperty('issueIds');
    }
    // Another workspace's item is "missing", never "another team's": its existence is not revealed.
    const foreign = await del(owner(), teamId, 'issues', { issueIds: [mine, outside] });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'ITEM404_0']);
    expect(foreign.json().message).toBe(`존재하지 않는 이슈입니다: ${outside}`);
    expect((await del(owner(), teamId, 'issues', { issueIds: [mine, theirs] })).json().message).toBe(
      `다른 팀의 이슈는 삭제할 수 없습니다: ${theirs}`,
    );
    const left = await db()
      .select({ id: item.id })
      .from(item)
      .where(inArray(item.id, [mine, theirs, outside]));
    expect(left).toHaveLength(3);
  });

  it('answers 404 ITEM404_0 when any id is unknown (or of another kind), deleting nothing', async () => {
    const teamId = await freshTeam();
    const goal = await createItemOk(app, owner(), teamId, 'goals', { title: '목표' });
    const issue = await createItemOk(app, owner(), teamId, 'issues', { title: '이슈' });
    for (const ids of [[987_654], [goal, 987_654], [goal, issue], [goal, 2_147_483_648]]) {
      const res = await del(owner(), teamId, 'goals', { goalIds: ids });
      expect([res.statusCode, res.json().code]).toEqual([404, 'ITEM404_0']);
    }
    expect((await del(owner(), teamId, 'goals', { goalIds: [goal, issue] })).json()).toMatchObject({
      message: `존재하지 않는 목표입니다: ${issue}`,
      result: { goalIds: `존재하지 않는 목표입니다: ${issue}` },
    });
    expect(
      await db()
        .select({ id: item.id })
        .from(item)
        .where(inArray(item.id, [goal, issue])),
    ).toHaveLength(2);
  });

  it('rejects malformed bodies (400 VALID400_1)', async () => {
    const teamId = await freshTeam();
    for (const payload of [{}, { goalIds: [] }, { goalIds: ['a'] }, { goalIds: [0] }, { issueIds: [1] }]) {
      const res = await del(owner(), teamId, 'goals', payload);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALID400_1']);
    }
  });

  it('takes a deleted goal off its issues and externals', async () => {
    const teamId = await freshTeam();
    const goal = await createItemOk(app, owner(), teamId, 'goals', { title: '사라질 목표' });
    const issue = await createItemOk(app, owner(), teamId, 'issues', { title: '남는 이슈', goalId: goal });
    const external = await createItemOk(app, owner(), teamId, 'externals', {
      title: '남는 외부',
      goalId: goal,
    });
    expect((await del(owner(), teamId, 'goals', { goalIds: [goal] })).statusCode).toBe(200);
    const issues = await listPageOk(app, owner(), teamId, 'issues', { query: 'GOAL' });
    expect(issues.data).toEqual([expect.objectContaining({ groupKey: 'NONE', dataCnt: 1 })]);
    expect(issues.data[0]!.items[0]).toMatchObject({ id: issue, goal: null });
    const externals = await listPageOk(app, owner(), teamId, 'externals', { query: 'GOAL' });
    expect(externals.data[0]!.items[0]).toMatchObject({ id: external, goal: null });
  });
});

describe('simple lists, links and names', () => {
  it('goals-simple and issues-simple: { cnt, info: [{ id, title }] } newest first; empty is a success', async () => {
    const teamId = await freshTeam();
    const empty = await get(owner(), `/api/teams/${teamId}/goals-simple`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      isSuccess: true,
      code: 'GOAL200_3',
      message: expect.any(String),
      result: { cnt: 0, info: [] },
    });
    const g1 = await createItemOk(app, owner(), teamId, 'goals', { title: '첫째' });
    const g2 = await createItemOk(app, owner(), teamId, 'goals', { title: '둘째' });
    const i1 = await createItemOk(app, owner(), teamId, 'issues', { title: '이슈' });
    await createItemOk(app, owner(), teamId, 'externals', { title: '외부' });
    expect((await get(owner(), `/api/teams/${teamId}/goals-simple`)).json().result).toEqual({
      cnt: 2,
      info: [
        { id: g2, title: '둘째' },
        { id: g1, title: '첫째' },
      ],
    });
    const issues = await get(owner(), `/api/teams/${teamId}/issues-simple`);
    expect([issues.json().code, issues.json().result]).toEqual([
      'ISSUE200_3',
      { cnt: 1, info: [{ id: i1, title: '이슈' }] },
    ]);
  });

  it('externals/links: both false until the integrations exist', async () => {
    const res = await get(owner(), `/api/teams/${ws.defaultTeamId}/externals/links`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'EXTERNAL200_5',
      message: expect.any(String),
      result: { linkedWithGithub: false, linkedWithSlack: false },
    });
  });
});

describe('withdrawal and items', () => {
  it("removes the member's manager assignments and authorship; their items stay", async () => {
    const leaver = await createWorkspaceWith(app, 'Leaving', '남는 사람', ['떠날 사람']);
    const gone = leaver.members[0]!;
    const teamId = leaver.defaultTeamId;
    const authored = await createItemOk(app, gone, teamId, 'issues', {
      title: '떠난 사람이 씀',
      managersId: [gone.memberId, leaver.owner.memberId],
    });
    expect((await asMember(app, gone, 'DELETE', '/api/workspace/setting/my-profile')).statusCode).toBe(200);

    const page = await listPageOk(app, leaver.owner, teamId, 'issues', { query: 'MANAGER' });
    expect(page.data.map((g) => [g.filterName, g.items.map((i) => i.id)])).toEqual([
      ['남는 사람', [authored]],
    ]);
    expect(page.data[0]!.items[0]!.managers.info.map((m) => m.name)).toEqual(['남는 사람']);
    const [row] = await db().select({ authorId: item.authorId }).from(item).where(eq(item.id, authored));
    expect(row!.authorId).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every item route with its response schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string][] = [
      ['/api/teams/{teamId}/goals', 'post'],
      ['/api/teams/{teamId}/goals', 'get'],
      ['/api/teams/{teamId}/goals', 'delete'],
      ['/api/teams/{teamId}/issues', 'post'],
      ['/api/teams/{teamId}/issues', 'get'],
      ['/api/teams/{teamId}/issues', 'delete'],
      ['/api/teams/{teamId}/externals', 'post'],
      ['/api/teams/{teamId}/externals', 'get'],
      ['/api/teams/{teamId}/externals', 'delete'],
      ['/api/teams/{teamId}/goals-simple', 'get'],
      ['/api/teams/{teamId}/issues-simple', 'get'],
      ['/api/teams/{teamId}/externals/links', 'get'],
      ['/api/teams/{teamId}/goal-name', 'get'],
      ['/api/teams/{teamId}/issue-name', 'get'],
      ['/api/teams/{teamId}/externals/external-name', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect([path, method, operation?.tags]).toEqual([path, method, ['items']]);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '404']));
    }
    const list = doc.paths['/api/teams/{teamId}/issues'].get;
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'cursor',
      'query',
      'size',
      'teamId',
    ]);
  });
});
