import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEAM_NAME_MESSAGE } from '../../../../contract';
import { team, teamMember } from '../../../../server/db/schema';
import { type SignedInMember, asMember, signIn } from '../../support/members';
import { type TestDatabase, useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith, joinWith } from '../../support/workspaces';

/**
 * Issue #4 "Workspace shell … and the settings area", server half — teams, members and my profile (docs/product.md
 * "Teams and members"). Profile
 * pictures and withdrawal have their own files.
 */
let testDb: TestDatabase;
let app: FastifyInstance;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
});

const db = () => testDb.database.db;
const ISO_SEOUL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;

interface TeamRow {
  teamId: number;
  teamName: string;
  teamImageUrl: string | null;
  memberCount: number;
  createdAt: string;
  isDefault: boolean;
}

const teamsPage = (who: SignedInMember | null, query = '') =>
  asMember(app, who, 'GET', `/api/workspace/setting/teams${query}`);
const createTeam = (who: SignedInMember | null, teamName: unknown, memberId: unknown) =>
  asMember(app, who, 'POST', '/api/workspace/setting/teams', { payload: { teamName, memberId } });
const reorder = (who: SignedInMember | null, teamIdList: unknown) =>
  asMember(app, who, 'PATCH', '/api/workspace/setting/teams', { payload: { teamIdList } });
const members = (who: SignedInMember | null) => asMember(app, who, 'GET', '/api/workspace/setting/members');

/** Every team the member sees (one big page). */
async function allTeams(who: SignedInMember): Promise<TeamRow[]> {
  const res = await teamsPage(who, '?page=0&size=100');
  expect(res.statusCode).toBe(200);
  expect(res.json().result.isLast).toBe(true);
  return res.json().result.teamList;
}

/** Creates `teamName` as `who` with `memberIds` and returns the new team id. */
async function newTeam(who: SignedInMember, teamName: string, memberIds: number[]): Promise<number> {
  const res = await createTeam(who, teamName, memberIds);
  expect(res.statusCode).toBe(201);
  return res.json().result.teamId;
}

describe('every settings route', () => {
  const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string][] = [
    ['GET', '/api/workspace/setting/teams'],
    ['POST', '/api/workspace/setting/teams'],
    ['PATCH', '/api/workspace/setting/teams'],
    ['GET', '/api/workspace/setting/members'],
    ['GET', '/api/workspace/setting/my-profile'],
    ['PATCH', '/api/workspace/setting/my-profile/profile-image'],
    ['DELETE', '/api/workspace/setting/my-profile/profile-image'],
    ['DELETE', '/api/workspace/setting/my-profile'],
  ];

  it.each(routes)('%s %s needs a bearer token (401 COMMON401)', async (method, url) => {
    const res = await asMember(app, null, method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'COMMON401', result: null });
  });

  it.each(routes.filter(([method, url]) => !(method === 'DELETE' && url.endsWith('/my-profile'))))(
    '%s %s answers 404 WORKSPACE404_0 before the member has a workspace',
    async (method, url) => {
      const loner = await signIn(app, '외톨이');
      const payload = method === 'POST' ? { teamName: '새로운 팀', memberId: [loner.memberId] } : undefined;
      const res = await asMember(app, loner, method, url, {
        ...(payload ? { payload } : {}),
        ...(method === 'PATCH' && url.endsWith('/teams') ? { payload: { teamIdList: [1] } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'WORKSPACE404_0', result: null });
    },
  );

  it('is documented in the OpenAPI document with the bearer scheme and its response shapes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [method, url] of routes) {
      const operation = doc.paths[url]?.[method.toLowerCase()];
      expect([url, operation?.tags]).toEqual([url, ['settings']]);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401']));
    }
    const teamList = doc.paths['/api/workspace/setting/teams'].get.responses['200'];
    expect(JSON.stringify(teamList)).toContain('memberCount');
  });

  it('sends Cache-Control: no-store (member data)', async () => {
    const ws = await createWorkspaceWith(app, 'Cache Chk', '캐시');
    for (const url of ['/api/workspace/setting/teams', '/api/workspace/setting/members']) {
      expect((await asMember(app, ws.owner, 'GET', url)).headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/workspace/setting/teams', () => {
  let ws: TestWorkspace;
  let ids: { frontend: number; backend: number };

  beforeAll(async () => {
    ws = await createWorkspaceWith(app, 'Paging', '페이지', ['김하나', '이두리']);
    const [one, two] = ws.members;
    ids = {
      frontend: await newTeam(ws.owner, 'Frontend', [one!.memberId]),
      backend: await newTeam(ws.owner, '백엔드 팀', [one!.memberId, two!.memberId]),
    };
  });

  it('lists the default team first, then the workspace order, with counts and timestamps', async () => {
    const res = await teamsPage(ws.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, code: 'TEAM200_0' });
    const { teamList, isLast } = res.json().result as { teamList: TeamRow[]; isLast: boolean };
    expect(isLast).toBe(true);
    expect(teamList).toEqual([
      {
        teamId: ws.defaultTeamId,
        teamName: 'Paging',
        teamImageUrl: null,
        memberCount: 3,
        createdAt: expect.stringMatching(ISO_SEOUL),
        isDefault: true,
        visibility: 'public',
        isMember: true,
      },
      {
        teamId: ids.frontend,
        teamName: 'Frontend',
        teamImageUrl: null,
        memberCount: 2,
        createdAt: expect.stringMatching(ISO_SEOUL),
        isDefault: false,
        visibility: 'public',
        isMember: true,
      },
      {
        teamId: ids.backend,
        teamName: '백엔드 팀',
        teamImageUrl: null,
        memberCount: 3,
        createdAt: expect.stringMatching(ISO_SEOUL),
        isDefault: false,
        visibility: 'public',
        isMember: true,
      },
    ]);
  });

  it('pages with size=1: one team per page, isLast only on the last one, empty past the end', async () => {
    const page = async (n: number) => (await teamsPage(ws.owner, `?page=${n}&size=1`)).json().result;
    expect(await page(0)).toEqual({
      teamList: [expect.objectContaining({ teamId: ws.defaultTeamId })],
      isLast: false,
    });
    expect(await page(1)).toEqual({
      teamList: [expect.objectContaining({ teamId: ids.frontend })],
      isLast: false,
    });
    expect(await page(2)).toEqual({
      teamList: [expect.objectContaining({ teamId: ids.backend })],
      isLast: true,
    });
    expect(await page(3)).toEqual({ teamList: [], isLast: true });
    const two = (await teamsPage(ws.owner, '?page=0&size=2')).json().result;
    expect(two.teamList.map((t: TeamRow) => t.teamId)).toEqual([ws.defaultTeamId, ids.frontend]);
    expect(two.isLast).toBe(false);
  });

  it.each([
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
    ['?size=0', 'size'],
    ['?size=101', 'size'],
    ['?size=ten', 'size'],
  ])('answers 400 VALID400_1 for %s', async (query, field) => {
    const res = await teamsPage(ws.owner, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'VALID400_1' });
    expect(Object.keys(res.json().result)).toEqual([field]);
  });

  it("shows another workspace's member only their own teams", async () => {
    const other = await createWorkspaceWith(app, 'Others', '남의 팀');
    const seen = await allTeams(other.owner);
    expect(seen.map((t) => t.teamId)).toEqual([other.defaultTeamId]);
  });
});

describe('POST /api/workspace/setting/teams', () => {
  let ws: TestWorkspace;

  beforeAll(async () => {
    ws = await createWorkspaceWith(app, 'Creators', '만드는 이', ['같이 할', '또 같이']);
  });

  it('creates the team with the caller and the chosen members, last in the order (201)', async () => {
    const [one] = ws.members;
    const res = await createTeam(ws.members[1]!, 'Design', [one!.memberId]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, code: 'TEAM201_0', message: '팀을 생성했습니다.' });
    expect(body.result).toEqual({
      teamId: expect.any(Number),
      teamName: 'Design',
      members: [
        { memberId: ws.members[1]!.memberId, name: '또 같이' },
        { memberId: one!.memberId, name: '같이 할' },
      ],
    });

    const teams = await allTeams(ws.owner);
    expect(teams.at(-1)).toMatchObject({ teamId: body.result.teamId, memberCount: 2, isDefault: false });
    const rows = await db().select().from(teamMember).where(eq(teamMember.teamId, body.result.teamId));
    expect(rows.map((r) => r.memberId).sort((a, b) => a - b)).toEqual(
      [one!.memberId, ws.members[1]!.memberId].sort((a, b) => a - b),
    );
  });

  it('counts the caller once when they list themselves (and ignores repeated ids)', async () => {
    const res = await createTeam(ws.owner, '운영 팀', [ws.owner.memberId, ws.owner.memberId]);
    expect(res.statusCode).toBe(201);
    expect(res.json().result.members).toEqual([{ memberId: ws.owner.memberId, name: '만드는 이' }]);
    const teams = await allTeams(ws.owner);
    expect(teams.find((t) => t.teamId === res.json().result.teamId)?.memberCount).toBe(1);
  });

  it.each(['abc', '가나다라마바사아자차카', 'Team_One', '팀 2023', '    ', '팀이름!'])(
    'refuses the name %j with 400 TEAM400_0 and the rule message',
    async (teamName) => {
      const res = await createTeam(ws.owner, teamName, [ws.members[0]!.memberId]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'TEAM400_0',
        message: TEAM_NAME_MESSAGE,
        result: { teamName: TEAM_NAME_MESSAGE },
      });
      expect(await db().select().from(team).where(eq(team.name, teamName))).toHaveLength(0);
    },
  );

  it('refuses a name the workspace already has with 409 (the default team’s name too)', async () => {
    expect((await createTeam(ws.owner, 'Marketing', [ws.members[0]!.memberId])).statusCode).toBe(201);
    for (const name of ['Marketing', 'Creators']) {
      const res = await createTeam(ws.members[0]!, name, [ws.owner.memberId]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'TEAM409_0',
        message: '이미 같은 이름의 팀이 있습니다.',
        result: null,
      });
    }
    // Another workspace may use the name.
    const other = await createWorkspaceWith(app, 'Second', '다른 곳');
    expect((await createTeam(other.owner, 'Marketing', [other.owner.memberId])).statusCode).toBe(201);
  });

  it('refuses members of another workspace, unknown and out-of-range ids with 400 naming them', async () => {
    const other = await createWorkspaceWith(app, 'Foreign', '외부인');
    const before = (await allTeams(ws.owner)).length;
    for (const foreign of [other.owner.memberId, 987654, 3_000_000_000]) {
      const res = await createTeam(ws.owner, 'Mixed Team', [ws.members[0]!.memberId, foreign]);
      expect(res.statusCode).toBe(400);
      const message = `워크스페이스 멤버가 아닙니다: ${foreign}`;
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'TEAM400_1',
        message,
        result: { memberId: message },
      });
    }
    expect(await allTeams(ws.owner)).toHaveLength(before);
  });

  it('creates one team when the same name is sent N times at once (the others 409), and distinct names line up', async () => {
    const race = await createWorkspaceWith(app, 'Racers', '경주', ['경주 동료']);
    const mate = race.members[0]!;
    const same = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createTeam(i % 2 ? mate : race.owner, 'Same Name', [mate.memberId]),
      ),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);

    const names = ['Team One', 'Team Two', 'Team Three', 'Team Four', 'Team Five'];
    const created = await Promise.all(names.map((name) => createTeam(race.owner, name, [mate.memberId])));
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const positions = await db()
      .select({ position: team.position })
      .from(team)
      .where(eq(team.workspaceId, race.workspaceId));
    // Every team its own position: the workspace lock serialises the "highest + 1".
    expect(new Set(positions.map((p) => p.position)).size).toBe(positions.length);
    expect(await allTeams(race.owner)).toHaveLength(7);
  });

  it('refuses an empty member list and a malformed body with 400 VALID400_1', async () => {
    const empty = await createTeam(ws.owner, 'Empty Team', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALID400_1',
      result: { memberId: '팀원을 한 명 이상 선택해 주세요.' },
    });
    const missing = await asMember(app, ws.owner, 'POST', '/api/workspace/setting/teams', {
      payload: { memberId: [ws.owner.memberId] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALID400_1', result: { teamName: '필수 항목입니다.' } });
    const strings = await createTeam(ws.owner, 'Some Team', ['1']);
    expect(strings.statusCode).toBe(400);
    expect(strings.json().code).toBe('VALID400_1');
  });
});

describe('PATCH /api/workspace/setting/teams', () => {
  let ws: TestWorkspace;
  let t: { a: number; b: number; c: number };

  const order = async (who: SignedInMember) => (await allTeams(who)).map((x) => x.teamId);
  const myOrder = async (who: SignedInMember) =>
    (await asMember(app, who, 'GET', '/api/workspace/setting/teams?scope=mine&size=100'))
      .json()
      .result.teamList.map((x: { teamId: number }) => x.teamId);

  beforeAll(async () => {
    ws = await createWorkspaceWith(app, 'Ordering', '정렬', ['순서 동료']);
    const mate = ws.members[0]!.memberId;
    t = {
      a: await newTeam(ws.owner, 'Alpha Team', [mate]),
      b: await newTeam(ws.owner, 'Bravo Team', [mate]),
      c: await newTeam(ws.owner, 'Charlie', [mate]),
    };
  });

  it("stores the caller's own order of 나의 팀 (issue #23); others keep theirs; a new team goes last", async () => {
    const res = await reorder(ws.owner, [ws.defaultTeamId, t.c, t.a, t.b]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'TEAM200_1',
      message: '팀 순서를 변경했습니다.',
      result: null,
    });
    expect(await myOrder(ws.owner)).toEqual([ws.defaultTeamId, t.c, t.a, t.b]);
    // The order is the caller's: the other member still sees the workspace order, and so do the settings lists.
    expect(await myOrder(ws.members[0]!)).toEqual([ws.defaultTeamId, t.a, t.b, t.c]);
    expect(await order(ws.owner)).toEqual([ws.defaultTeamId, t.a, t.b, t.c]);

    const d = await newTeam(ws.members[0]!, 'Delta Team', [ws.members[0]!.memberId, ws.owner.memberId]);
    expect(await myOrder(ws.owner)).toEqual([ws.defaultTeamId, t.c, t.a, t.b, d]);
  });

  it.each<[string, (ids: number[]) => number[], string]>([
    ['the default team not first', ([def, ...rest]) => [...rest, def!], '기본 팀이 맨 앞에 있어야 합니다.'],
    ['a team left out', (ids) => ids.slice(0, -1), '내가 속한 모든 팀을 한 번씩 보내야 합니다. 빠진 팀: '],
    ['a duplicate id', (ids) => [...ids, ids[1]!], '같은 팀이 두 번 이상 들어 있습니다: '],
    ['an unknown id', (ids) => [...ids, 999_999], '내가 속한 팀이 아닙니다: 999999'],
    ['an id beyond integer range', (ids) => [...ids, 3_000_000_000], '내가 속한 팀이 아닙니다: '],
  ])('refuses %s with 400 TEAM400_2 naming the rule, changing nothing', async (_name, mutate, message) => {
    const before = await myOrder(ws.owner);
    const res = await reorder(ws.owner, mutate(before));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'TEAM400_2' });
    expect(res.json().message).toContain(message);
    expect(res.json().result).toEqual({ teamIdList: res.json().message });
    expect(await myOrder(ws.owner)).toEqual(before);
  });

  it('refuses an empty or malformed list with 400 VALID400_1', async () => {
    for (const teamIdList of [[], 'abc', [0], ['1']]) {
      const res = await reorder(ws.owner, teamIdList);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALID400_1');
    }
  });

  it("lets no member of another workspace read or reorder this workspace's teams", async () => {
    const outsider = await createWorkspaceWith(app, 'Outsiders', '외부 정렬');
    const ours = await order(ws.owner);

    // Reading: the outsider's list is their own workspace only.
    expect(await order(outsider.owner)).toEqual([outsider.defaultTeamId]);

    // Reordering ours (with or without their own default team first) is a 400, and ours is unchanged.
    for (const list of [ours, [outsider.defaultTeamId, ...ours.slice(1)], [...ours].reverse()]) {
      const res = await reorder(outsider.owner, list);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TEAM400_2');
    }
    expect(await order(ws.owner)).toEqual(ours);

    // Neither can they put our members on their team.
    const res = await createTeam(outsider.owner, 'Poachers', [ws.owner.memberId]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TEAM400_1');
  });
});

describe('GET /api/workspace/setting/members', () => {
  it('lists the caller first, then by joinedAt, each with their teams (default first, then workspace order)', async () => {
    const owner = await signIn(app, '대표');
    const created = await asMember(app, owner, 'POST', '/api/workspace', {
      payload: { workspaceName: 'Members' },
    });
    const { workspaceId, defaultTeamId, inviteUrl, invitePassword } = created.json().result;
    const token = new URL(inviteUrl).searchParams.get('token')!;
    const first = await signIn(app, '첫째');
    const firstJoin = await joinWith(app, first, token, invitePassword);
    const second = await signIn(app, '둘째');
    const secondJoin = await joinWith(app, second, token, invitePassword);
    expect(firstJoin.workspaceId).toBe(workspaceId);

    // Workspace order: Build Team before Design (creation order; reordering is per member since issue #23).
    const build = await newTeam(second, 'Build Team', [first.memberId]);
    const design = await newTeam(owner, 'Design', [second.memberId]);

    // Someone in another workspace never shows up.
    const stranger = await createWorkspaceWith(app, 'Strangers', '낯선 이');

    const res = await members(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, code: 'MEMBER200_0' });
    const list = res.json().result as {
      memberId: number;
      joinedAt: string;
      teams: { teamId: number; teamName: string; teamImageUrl: string | null }[];
    }[];
    expect(list).toEqual([
      {
        memberId: first.memberId,
        name: '첫째',
        role: 'member',
        email: first.email,
        profileImageUrl: null,
        joinedAt: firstJoin.joinedAt,
        teams: [
          { teamId: defaultTeamId, teamName: 'Members', teamImageUrl: null },
          { teamId: build, teamName: 'Build Team', teamImageUrl: null },
        ],
      },
      {
        memberId: owner.memberId,
        name: '대표',
        role: 'owner',
        email: owner.email,
        profileImageUrl: null,
        joinedAt: expect.stringMatching(ISO_SEOUL),
        teams: [
          { teamId: defaultTeamId, teamName: 'Members', teamImageUrl: null },
          { teamId: design, teamName: 'Design', teamImageUrl: null },
        ],
      },
      {
        memberId: second.memberId,
        name: '둘째',
        role: 'member',
        email: second.email,
        profileImageUrl: null,
        joinedAt: secondJoin.joinedAt,
        teams: [
          { teamId: defaultTeamId, teamName: 'Members', teamImageUrl: null },
          { teamId: build, teamName: 'Build Team', teamImageUrl: null },
          { teamId: design, teamName: 'Design', teamImageUrl: null },
        ],
      },
    ]);
    expect(list.map((m) => m.memberId)).not.toContain(stranger.owner.memberId);

    // From the owner's and the second member's seats: themselves first, then by joinedAt.
    const ids = async (who: SignedInMember) =>
      (await members(who)).json().result.map((m: { memberId: number }) => m.memberId);
    expect(await ids(owner)).toEqual([owner.memberId, first.memberId, second.memberId]);
    expect(await ids(second)).toEqual([second.memberId, owner.memberId, first.memberId]);
    expect(await ids(stranger.owner)).toEqual([stranger.owner.memberId]);
  });
});

describe('GET /api/workspace/setting/my-profile', () => {
  it('returns the caller’s id, name, email and picture', async () => {
    const ws = await createWorkspaceWith(app, 'Profiles', '프로필 주인');
    const res = await asMember(app, ws.owner, 'GET', '/api/workspace/setting/my-profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'PROFILE200_0',
      message: '내 프로필을 조회했습니다.',
      result: {
        memberId: ws.owner.memberId,
        name: '프로필 주인',
        email: ws.owner.email,
        profileImageUrl: null,
      },
    });
  });
});
