import type { FastifyInstance } from 'fastify';
import { type ItemDetail, itemDetailSchema } from '../../../../contract';
import { type SignedInMember, asMember } from '../../support/members';
import { type Segment, createItemOk, createTeamWith, githubExternalFields } from '../../support/items';
import { useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Issue #6, server half: item detail and partial update.
 */
let app: FastifyInstance;
/** 'Detailed': owner 김민수, then 이영희 and Alice. */
let ws: TestWorkspace;
let other: TestWorkspace;

useTestApp({}, async (started) => {
  app = started.app;
  ws = await createWorkspaceWith(app, 'Detailed', '김민수', ['이영희', 'Alice']);
  other = await createWorkspaceWith(app, 'Elsewhere', 'Bob');
});

const owner = () => ws.owner;
const lee = () => ws.members[0]!;
const alice = () => ws.members[1]!;

let teamCounter = 0;
async function freshTeam(memberIds: number[] = [lee().memberId, alice().memberId]): Promise<number> {
  teamCounter += 1;
  return createTeamWith(app, owner(), `Team ${String.fromCharCode(64 + teamCounter)}x`, memberIds);
}

const ISO_SEOUL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
const LEXICAL = JSON.stringify({
  root: {
    type: 'root',
    version: 1,
    children: [
      { type: 'paragraph', version: 1, children: [{ type: 'text', text: '본문', version: 1 }] },
      {
        type: 'list',
        listType: 'bullet',
        version: 1,
        children: [{ type: 'listitem', indent: 0, value: 1, version: 1, children: [] }],
      },
    ],
  },
});

function detailUrl(segment: Segment, teamId: number, id: number): string {
  if (segment === 'goals') return `/api/goals/${id}`;
  if (segment === 'issues') return `/api/issues/${id}`;
  return `/api/teams/${teamId}/externals/${id}`;
}

async function detail(segment: Segment, teamId: number, id: number, who: SignedInMember = owner()) {
  const res = await asMember(app, who, 'GET', detailUrl(segment, teamId, id));
  if (res.statusCode !== 200) throw new Error(`detail failed: ${res.statusCode} ${res.body}`);
  return res.json().result as ItemDetail;
}

const patch = (
  segment: Segment,
  teamId: number,
  id: number,
  payload: object,
  who: SignedInMember = owner(),
) => asMember(app, who, 'PATCH', `/api/teams/${teamId}/${segment}/${id}`, { payload });

async function patchOk(segment: Segment, teamId: number, id: number, payload: object) {
  const res = await patch(segment, teamId, id, payload);
  if (res.statusCode !== 200) throw new Error(`patch failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The detail without the fields a PATCH always touches. */
const stable = ({ updatedAt: _u, ...rest }: ItemDetail) => rest;

describe('GET detail', () => {
  it('answers the shape of each kind', async () => {
    const teamId = await freshTeam();
    const goalId = await createItemOk(app, owner(), teamId, 'goals', {
      title: '상위 목표',
      content: LEXICAL,
      state: 'IN_PROGRESS',
      priority: 'HIGH',
      managersId: [lee().memberId],
      deadline: { start: '2026-11-01', end: '2026-11-30' },
    });
    const issueId = await createItemOk(app, owner(), teamId, 'issues', { title: '이슈 하나', goalId });
    const issue2 = await createItemOk(app, owner(), teamId, 'issues', { title: '이슈 둘', goalId });
    const extId = await createItemOk(app, owner(), teamId, 'externals', {
      title: '외부',
      extServiceType: 'SLACK',
    });

    const goal = await detail('goals', teamId, goalId);
    expect(itemDetailSchema.parse(goal)).toEqual(goal);
    expect(goal).toEqual({
      id: goalId,
      name: expect.stringMatching(/^Detailed-g\d+$/),
      title: '상위 목표',
      content: LEXICAL,
      state: 'IN_PROGRESS',
      priority: 'HIGH',
      deadline: { start: '2026-11-01', end: '2026-11-30' },
      managers: { cnt: 1, info: [{ memberId: lee().memberId, name: '이영희', profileUrl: null }] },
      goal: null,
      extServiceType: null,
      externalLink: null,
      issues: {
        cnt: 2,
        info: [
          { id: issue2, title: '이슈 둘' },
          { id: issueId, title: '이슈 하나' },
        ],
      },
      teamId,
      teamName: 'Team Ax',
      createdAt: expect.stringMatching(ISO_SEOUL),
      updatedAt: expect.stringMatching(ISO_SEOUL),
    });

    const issue = await detail('issues', teamId, issueId);
    expect(issue).toMatchObject({
      id: issueId,
      title: '이슈 하나',
      content: '',
      goal: { id: goalId, title: '상위 목표' },
      issues: null,
      extServiceType: null,
      managers: { cnt: 0, info: [] },
      deadline: { start: null, end: null },
      teamId,
    });
    const ext = await detail('externals', teamId, extId);
    expect(ext).toMatchObject({ id: extId, goal: null, extServiceType: 'SLACK', issues: null, teamId });
    // No Slack link in this workspace: nothing was posted, so nothing to link to.
    expect(ext.externalLink).toBeNull();
    expect(issue.externalLink).toBeNull();
  });

  it('404 for an unknown id, another kind or another workspace (existence is not revealed)', async () => {
    const teamId = await freshTeam();
    const goalId = await createItemOk(app, owner(), teamId, 'goals', { title: '목표' });
    const issueId = await createItemOk(app, owner(), teamId, 'issues', { title: '이슈' });
    const extId = await createItemOk(app, owner(), teamId, 'externals', { title: '외부' });

    const codeOf = async (who: SignedInMember | null, url: string) => {
      const res = await asMember(app, who, 'GET', url);
      return [res.statusCode, res.json().code];
    };
    expect(await codeOf(owner(), '/api/goals/987654')).toEqual([404, 'GOAL404_0']);
    expect(await codeOf(owner(), `/api/goals/${issueId}`)).toEqual([404, 'GOAL404_0']);
    expect(await codeOf(owner(), '/api/issues/987654')).toEqual([404, 'ISSUE404_0']);
    expect(await codeOf(owner(), `/api/teams/${teamId}/externals/987654`)).toEqual([404, 'EXTERNAL404_0']);
    // The external is not in that team (the workspace's default team).
    expect(await codeOf(owner(), `/api/teams/${ws.defaultTeamId}/externals/${extId}`)).toEqual([
      404,
      'EXTERNAL404_0',
    ]);
    expect(await codeOf(owner(), '/api/goals/abc')).toEqual([400, 'VALID400_1']);

    expect(await codeOf(other.owner, `/api/goals/${goalId}`)).toEqual([404, 'GOAL404_0']);
    expect(await codeOf(other.owner, `/api/issues/${issueId}`)).toEqual([404, 'ISSUE404_0']);
    expect(await codeOf(other.owner, `/api/teams/${teamId}/externals/${extId}`)).toEqual([404, 'TEAM404_0']);
    expect(await codeOf(null, `/api/goals/${goalId}`)).toEqual([401, 'COMMON401']);
  });
});

describe('PATCH /api/teams/{teamId}/goals|issues|externals/{id}', () => {
  let teamId: number;
  beforeAll(async () => {
    teamId = await freshTeam();
  });

  const full = () => ({
    title: '처음 제목',
    content: LEXICAL,
    state: 'TODO',
    priority: 'LOW',
    managersId: [lee().memberId, alice().memberId],
    deadline: { start: '2026-11-10', end: '2026-11-20' },
  });

  it.each(['goals', 'issues', 'externals'] as const)(
    '%s: each single field changes only that field',
    async (segment) => {
      const goalA = await createItemOk(app, owner(), teamId, 'goals', { title: '목표 A' });
      const id = await createItemOk(app, owner(), teamId, segment, full());
      const changes: [object, (d: ItemDetail) => Partial<ItemDetail>][] = [
        [{ title: '  새 제목  ' }, () => ({ title: '새 제목' })],
        [{ content: '' }, () => ({ content: '' })],
        [{ content: LEXICAL }, () => ({ content: LEXICAL })],
        [{ state: 'REVIEW' }, () => ({ state: 'REVIEW' })],
        [{ priority: 'URGENT' }, () => ({ priority: 'URGENT' })],
        [
          { managersId: [alice().memberId] },
          () => ({
            managers: { cnt: 1, info: [{ memberId: alice().memberId, name: 'Alice', profileUrl: null }] },
          }),
        ],
        [{ managersId: [] }, () => ({ managers: { cnt: 0, info: [] } })],
        [
          { deadline: { end: '2026-12-31' } },
          (d) => ({ deadline: { start: d.deadline.start, end: '2026-12-31' } }),
        ],
        [{ deadline: { start: 'null' } }, (d) => ({ deadline: { start: null, end: d.deadline.end } })],
        [
          { deadline: { start: '2026-12-01' } },
          (d) => ({ deadline: { start: '2026-12-01', end: d.deadline.end } }),
        ],
        [{ deadline: { end: 'null' } }, (d) => ({ deadline: { start: d.deadline.start, end: null } })],
        [{ deadline: {} }, () => ({})],
        [{}, () => ({})],
      ];
      if (segment !== 'goals') {
        changes.push(
          [{ goalId: goalA }, () => ({ goal: { id: goalA, title: '목표 A' } })],
          [{ goalId: -1 }, () => ({ goal: null })],
          [{ goalId: goalA }, () => ({ goal: { id: goalA, title: '목표 A' } })],
          [{ goalId: null }, () => ({ goal: null })],
        );
      }
      for (const [body, expected] of changes) {
        const before = await detail(segment, teamId, id);
        const res = await patchOk(segment, teamId, id, body);
        const key = { goals: 'goalId', issues: 'issueId', externals: 'externalId' }[segment];
        expect(res).toMatchObject({ isSuccess: true, result: { [key]: id } });
        const after = await detail(segment, teamId, id);
        expect([body, stable(after)]).toEqual([body, { ...stable(before), ...expected(before) }]);
        expect(after.updatedAt >= before.updatedAt).toBe(true);
      }
    },
  );

  it('codes: GOAL200_1, ISSUE200_1, EXTERNAL200_1; updatedAt moves', async () => {
    for (const [segment, code] of [
      ['goals', 'GOAL200_1'],
      ['issues', 'ISSUE200_1'],
      ['externals', 'EXTERNAL200_1'],
    ] as const) {
      const id = await createItemOk(app, owner(), teamId, segment, { title: '코드' });
      const before = await detail(segment, teamId, id);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await patchOk(segment, teamId, id, { state: 'FINISH' })).code).toBe(code);
      expect((await detail(segment, teamId, id)).updatedAt > before.updatedAt).toBe(true);
    }
  });

  it('goals: issuesId replaces the linked issues ([] unlinks), foreign or unknown issues → 400 ITEM400_2', async () => {
    const goalId = await createItemOk(app, owner(), teamId, 'goals', { title: '목표' });
    const otherGoal = await createItemOk(app, owner(), teamId, 'goals', { title: '다른 목표' });
    const [i1, i2, i3] = [
      await createItemOk(app, owner(), teamId, 'issues', { title: '일', goalId }),
      await createItemOk(app, owner(), teamId, 'issues', { title: '이', goalId: otherGoal }),
      await createItemOk(app, owner(), teamId, 'issues', { title: '삼' }),
    ];
    await patchOk('goals', teamId, goalId, { issuesId: [i2, i3] });
    expect((await detail('goals', teamId, goalId)).issues!.info.map((i) => i.id)).toEqual([i3, i2]);
    expect((await detail('issues', teamId, i1)).goal).toBeNull();
    expect((await detail('goals', teamId, otherGoal)).issues).toEqual({ cnt: 0, info: [] });

    const elsewhere = await freshTeam();
    const foreignIssue = await createItemOk(app, owner(), elsewhere, 'issues', { title: '남의 이슈' });
    for (const issuesId of [[i1, foreignIssue], [987654], [goalId]]) {
      const res = await patch('goals', teamId, goalId, { issuesId, title: '바뀌면 안 됨' });
      expect([res.statusCode, res.json().code]).toEqual([400, 'ITEM400_2']);
    }
    const after = await detail('goals', teamId, goalId);
    expect([after.title, after.issues!.cnt]).toEqual(['목표', 2]);

    await patchOk('goals', teamId, goalId, { issuesId: [] });
    expect((await detail('goals', teamId, goalId)).issues).toEqual({ cnt: 0, info: [] });
  });

  it('rejects foreign managers and goals with 400, changing nothing', async () => {
    const elsewhere = await freshTeam([lee().memberId]);
    const foreignGoal = await createItemOk(app, owner(), elsewhere, 'goals', { title: '남의 목표' });
    const id = await createItemOk(app, owner(), teamId, 'issues', {
      title: '그대로',
      managersId: [lee().memberId],
    });
    const cases: [object, string, string][] = [
      [{ managersId: [other.owner.memberId] }, 'ITEM400_0', 'managersId'],
      [{ managersId: [lee().memberId, 987654] }, 'ITEM400_0', 'managersId'],
      [{ goalId: foreignGoal }, 'ITEM400_1', 'goalId'],
      [{ goalId: 987654 }, 'ITEM400_1', 'goalId'],
      [{ goalId: id }, 'ITEM400_1', 'goalId'],
    ];
    const before = await detail('issues', teamId, id);
    for (const [body, code, field] of cases) {
      const res = await patch('issues', teamId, id, { ...body, title: '바뀜' });
      expect([body, res.statusCode, res.json().code]).toEqual([body, 400, code]);
      expect(res.json().result).toHaveProperty([field]);
    }
    expect(await detail('issues', teamId, id)).toEqual(before);
  });

  it('deadline: start after end against the stored side → 400; both sides in one request too', async () => {
    const id = await createItemOk(app, owner(), teamId, 'goals', {
      title: '기한',
      deadline: { start: '2026-11-10', end: '2026-11-20' },
    });
    for (const deadline of [
      { start: '2026-11-21' },
      { end: '2026-11-09' },
      { start: '2026-12-02', end: '2026-12-01' },
    ]) {
      const res = await patch('goals', teamId, id, { deadline });
      expect([res.statusCode, res.json().code, res.json().result.deadline]).toEqual([
        400,
        'VALID400_1',
        '시작일은 마감일보다 늦을 수 없습니다.',
      ]);
    }
    for (const deadline of [{ start: '2026/11/01' }, { end: 'tomorrow' }, { start: 5 }]) {
      const res = await patch('goals', teamId, id, { deadline });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALID400_1']);
    }
    expect((await detail('goals', teamId, id)).deadline).toEqual({ start: '2026-11-10', end: '2026-11-20' });
    // Clearing the end first lets the start move past it.
    await patchOk('goals', teamId, id, { deadline: { end: 'null', start: '2026-12-24' } });
    expect((await detail('goals', teamId, id)).deadline).toEqual({ start: '2026-12-24', end: null });
  });

  it('externals: extServiceType cannot change (400 EXTERNAL400_0)', async () => {
    const id = await createItemOk(app, owner(), teamId, 'externals', {
      title: '외부',
      ...(await githubExternalFields(app, teamId)),
    });
    for (const extServiceType of ['SLACK', 'GITHUB', null]) {
      const res = await patch('externals', teamId, id, { extServiceType, title: '바뀜' });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        400,
        'EXTERNAL400_0',
        '외부 툴은 생성 시에만 설정할 수 있습니다.',
      ]);
    }
    expect(await detail('externals', teamId, id)).toMatchObject({ title: '외부', extServiceType: 'GITHUB' });
  });

  it('content and title are validated like on create', async () => {
    const id = await createItemOk(app, owner(), teamId, 'issues', { title: '본문' });
    const bad: [object, string][] = [
      [{ content: 'not json' }, 'content'],
      [{ content: '[]' }, 'content'],
      [{ content: '{}' }, 'content'],
      [{ content: '{"root":{"children":"x"}}' }, 'content'],
      [{ content: JSON.stringify({ root: { children: [{ type: 'listitem', indent: -1 }] } }) }, 'content'],
      [{ content: JSON.stringify({ root: { children: [{ type: 'list', children: [7] }] } }) }, 'content'],
      [{ content: 'x'.repeat(1024 * 1024 + 1) }, 'content'],
      [{ title: '   ' }, 'title'],
      [{ title: '가'.repeat(21) }, 'title'],
      [{ state: 'DONE' }, 'state'],
      [{ managersId: 'all' }, 'managersId'],
    ];
    for (const [body, field] of bad) {
      const res = await patch('issues', teamId, id, body);
      expect([field, res.statusCode, res.json().code]).toEqual([field, 400, 'VALID400_1']);
      expect(res.json().result).toHaveProperty([field]);
    }
    // The same content rules hold on create.
    const created = await asMember(app, owner(), 'POST', `/api/teams/${teamId}/goals`, {
      payload: {
        title: '생성',
        content: JSON.stringify({ root: { children: [{ type: 'listitem', indent: -2 }] } }),
      },
    });
    expect([created.statusCode, created.json().result.content]).toEqual([
      400,
      '본문 형식이 올바르지 않습니다.',
    ]);
    expect((await detail('issues', teamId, id)).title).toBe('본문');
  });

  it('404 for an item not in the path team or for another workspace; 401 without a token', async () => {
    const id = await createItemOk(app, owner(), teamId, 'goals', { title: '팀 목표' });
    const inDefault = await patch('goals', ws.defaultTeamId, id, { title: '남의 팀' });
    expect([inDefault.statusCode, inDefault.json().code]).toEqual([404, 'GOAL404_0']);
    const asIssue = await patch('issues', teamId, id, { title: '종류 다름' });
    expect([asIssue.statusCode, asIssue.json().code]).toEqual([404, 'ISSUE404_0']);
    const missing = await patch('externals', teamId, 987654, { title: '없음' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'EXTERNAL404_0']);
    const foreign = await patch('goals', teamId, id, { title: '침입' }, other.owner);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'TEAM404_0']);
    const anonymous = await asMember(app, null, 'PATCH', `/api/teams/${teamId}/goals/${id}`, {
      payload: { title: '익명' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await detail('goals', teamId, id)).title).toBe('팀 목표');
  });
});

describe('OpenAPI', () => {
  it('documents the detail, update and comment routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string, string][] = [
      ['/api/goals/{goalId}', 'get', 'items'],
      ['/api/issues/{issueId}', 'get', 'items'],
      ['/api/teams/{teamId}/externals/{extId}', 'get', 'items'],
      ['/api/teams/{teamId}/goals/{goalId}', 'patch', 'items'],
      ['/api/teams/{teamId}/issues/{issueId}', 'patch', 'items'],
      ['/api/teams/{teamId}/externals/{extId}', 'patch', 'items'],
      ['/api/comments', 'get', 'comments'],
      ['/api/comments', 'post', 'comments'],
    ];
    for (const [path, method, tag] of expected) {
      const operation = doc.paths[path]?.[method];
      expect([path, method, operation?.tags]).toEqual([path, method, [tag]]);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '404']));
    }
  });
});
