import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type SseClient, openStream } from '../../support/events';
import { createItemOk, createTeamWith, postItem } from '../../support/items';
import { type SignedInMember, asMember, signIn } from '../../support/members';
import { type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith, joinWith } from '../../support/workspaces';

/**
 * Teams and membership (issue #23, docs/security.md "Teams"): "나의 팀" in the member's own order, "팀 둘러보기",
 * join and leave with their rules, team settings (rename, image, members, visibility, deletion in one transaction)
 * with their audit entries, and private teams that never reach non-members — routes, item details, comments,
 * search, alarms and live events.
 */
jest.setTimeout(120_000);

let testDb: TestDatabase;
let app: FastifyInstance;
/** 'Teams': owner 대표 (owner), 관리자 (made admin below), 비 (B, a member), 씨 (C, a member). */
let ws: TestWorkspace;
let admin: SignedInMember;
let b: SignedInMember;
let c: SignedInMember;
const streams: SseClient[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await createTestApp({ database: testDb.database }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  ws = await createWorkspaceWith(app, 'Teams', '대표', ['관리자', '비', '씨']);
  [admin, b, c] = ws.members as [SignedInMember, SignedInMember, SignedInMember];
  await app.database.db.execute(sql`update member set role = 'admin' where id = ${admin.memberId}`);
});

afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const mine = async (who: SignedInMember) =>
  (await asMember(app, who, 'GET', '/api/workspace/setting/teams?scope=mine&size=100'))
    .json()
    .result.teamList.map((t: { teamName: string }) => t.teamName) as string[];
const browse = async (who: SignedInMember) =>
  (await asMember(app, who, 'GET', '/api/workspace/teams/browse')).json().result.teamList as {
    teamId: number;
    teamName: string;
    memberCount: number;
  }[];
const settingsList = async (who: SignedInMember) =>
  (await asMember(app, who, 'GET', '/api/workspace/setting/teams?size=100'))
    .json()
    .result.teamList.map((t: { teamName: string }) => t.teamName) as string[];
const join = (who: SignedInMember, teamId: number) =>
  asMember(app, who, 'POST', `/api/teams/${teamId}/membership`);
const leave = (who: SignedInMember, teamId: number) =>
  asMember(app, who, 'DELETE', `/api/teams/${teamId}/membership`);
const patchTeam = (who: SignedInMember, teamId: number, payload: object) =>
  asMember(app, who, 'PATCH', `/api/teams/${teamId}`, { payload });
const auditOf = async (teamId: number) =>
  (
    (await app.database.db.execute(
      sql`select action, actor_id, details, ip from audit_log where target_type = 'team' and target_id = ${teamId} order by id`,
    )) as unknown as { rows: { action: string; actor_id: number; details: unknown; ip: string | null }[] }
  ).rows;
const stream = async (who: SignedInMember) => {
  const s = await openStream(app, who);
  streams.push(s);
  return s;
};

async function privateTeam(name: string, members: SignedInMember[]): Promise<number> {
  const teamId = await createTeamWith(
    app,
    members[0]!,
    name,
    members.map((m) => m.memberId),
  );
  const res = await patchTeam(admin, teamId, { visibility: 'private' });
  // The admin is not in the team: as a workspace admin they may still change its visibility.
  expect([res.statusCode, res.json().result?.visibility]).toEqual([200, 'private']);
  return teamId;
}

describe('나의 팀 and 팀 둘러보기', () => {
  it('lists only my teams (default first, then my own order); browsing shows the other public teams with counts', async () => {
    const design = await createTeamWith(app, ws.owner, '디자인팀', [ws.owner.memberId]);
    const build = await createTeamWith(app, c, '개발 팀', [c.memberId, ws.owner.memberId]);
    // B is in neither: "나의 팀" holds only the default team — the bug of the issue (디자인팀 under 나의 팀) is gone.
    expect(await mine(b)).toEqual(['Teams']);
    const offered = await browse(b);
    expect(offered.map((t) => [t.teamName, t.memberCount])).toEqual([
      ['디자인팀', 1],
      ['개발 팀', 2],
    ]);

    // One click to join: 나의 팀 gains it, 둘러보기 loses it; the audit log says who and from where.
    const joined = await join(b, design);
    expect([joined.statusCode, joined.json().code, joined.json().result.isMember]).toEqual([
      200,
      'TEAM200_4',
      true,
    ]);
    expect(await mine(b)).toEqual(['Teams', '디자인팀']);
    expect((await browse(b)).map((t) => t.teamName)).toEqual(['개발 팀']);
    // Joining twice changes nothing.
    expect((await join(b, design)).statusCode).toBe(200);

    // The owner's own order: 개발팀 before 디자인팀; C's order is untouched.
    const reorder = await asMember(app, ws.owner, 'PATCH', '/api/workspace/setting/teams', {
      payload: { teamIdList: [ws.defaultTeamId, build, design] },
    });
    expect(reorder.statusCode).toBe(200);
    expect(await mine(ws.owner)).toEqual(['Teams', '개발 팀', '디자인팀']);
    expect(await mine(b)).toEqual(['Teams', '디자인팀']);

    // Leaving is one click too; the default team cannot be left.
    const left = await leave(b, design);
    expect([left.statusCode, left.json().code]).toEqual([200, 'TEAM200_5']);
    expect(await mine(b)).toEqual(['Teams']);
    const stay = await leave(b, ws.defaultTeamId);
    expect([stay.statusCode, stay.json().code, stay.json().message]).toEqual([
      409,
      'TEAM409_1',
      '기본 팀에서는 나갈 수 없습니다. 워크스페이스의 모든 멤버가 속한 팀입니다.',
    ]);
    const notIn = await leave(b, design);
    expect([notIn.statusCode, notIn.json().code]).toEqual([404, 'TEAM404_1']);

    expect((await auditOf(design)).map((e) => [e.action, e.actor_id])).toEqual([
      ['team.created', ws.owner.memberId],
      ['team.joined', b.memberId],
      ['team.left', b.memberId],
    ]);
    expect((await auditOf(design))[1]!.ip).toBeTruthy();
  });

  it('keeps every workspace member in the default team, also someone who joins later', async () => {
    const late = await signIn(app, '늦게 온 사람');
    await joinWith(app, late, ws.token, ws.password);
    expect(await mine(late)).toEqual(['Teams']);
    const settings = await asMember(app, late, 'GET', `/api/teams/${ws.defaultTeamId}/settings`);
    const ids = settings.json().result.members.map((m: { memberId: number }) => m.memberId);
    for (const who of [ws.owner, admin, b, c, late]) expect(ids).toContain(who.memberId);
  });

  it('the last member cannot leave a private team', async () => {
    const solo = await privateTeam('혼자 팀', [c]);
    const res = await leave(c, solo);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      409,
      'TEAM409_2',
      '비공개 팀의 마지막 멤버는 나갈 수 없습니다. 다른 멤버를 추가하거나 팀을 삭제해 주세요.',
    ]);
    expect(await mine(c)).toContain('혼자 팀');
  });
});

describe('private teams never reach non-members', () => {
  let secret: number;
  let issueId: number;
  let goalId: number;

  beforeAll(async () => {
    secret = await privateTeam('비밀 팀', [c, ws.owner]);
    issueId = await createItemOk(app, c, secret, 'issues', { title: '비밀 프로젝트 일정' });
    goalId = await createItemOk(app, c, secret, 'goals', { title: '비밀 목표' });
  });

  it('answers 404 TEAM404_0 on every team route, exactly as for a missing team', async () => {
    const missing = 2_000_000_000;
    for (const path of [
      'issues',
      'goals',
      'externals',
      'goals-simple',
      'issue-name',
      'settings',
      'integrations',
    ]) {
      const hidden = await asMember(app, b, 'GET', `/api/teams/${secret}/${path}`);
      const none = await asMember(app, b, 'GET', `/api/teams/${missing}/${path}`);
      expect([path, hidden.statusCode, hidden.json()]).toEqual([path, none.statusCode, none.json()]);
      expect([path, hidden.statusCode, hidden.json().code]).toEqual([path, 404, 'TEAM404_0']);
    }
    // Writes and joining too (no hint that the team exists).
    for (const res of [
      await postItem(app, b, secret, 'issues', { title: '침입' }),
      await join(b, secret),
      await patchTeam(b, secret, { teamName: '빼앗은 팀' }),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'TEAM404_0']);
    }
    // Its items and their comments are "not found" as well.
    expect((await asMember(app, b, 'GET', `/api/issues/${issueId}`)).json().code).toBe('ISSUE404_0');
    expect((await asMember(app, b, 'GET', `/api/goals/${goalId}`)).json().code).toBe('GOAL404_0');
    const comments = await asMember(app, b, 'GET', `/api/comments?category=ISSUE&targetId=${issueId}`);
    expect([comments.statusCode, comments.json().code]).toEqual([404, 'ISSUE404_0']);
    const comment = await asMember(app, b, 'POST', '/api/comments', {
      payload: { category: 'ISSUE', targetId: issueId, content: '엿보기' },
    });
    expect([comment.statusCode, comment.json().code]).toEqual([404, 'ISSUE404_0']);
    // Members read them.
    expect((await asMember(app, c, 'GET', `/api/issues/${issueId}`)).statusCode).toBe(200);
  });

  it('is left out of the sidebar, browsing, settings lists, members’ teams and search for non-members', async () => {
    expect(await mine(b)).not.toContain('비밀 팀');
    expect((await browse(b)).map((t) => t.teamName)).not.toContain('비밀 팀');
    expect(await settingsList(b)).not.toContain('비밀 팀');
    const members = (await asMember(app, b, 'GET', '/api/workspace/setting/members')).json().result as {
      teams: { teamName: string }[];
    }[];
    expect(members.flatMap((m) => m.teams.map((t) => t.teamName))).not.toContain('비밀 팀');
    // Members and admins see it in settings (admins to administer and delete it).
    expect(await settingsList(c)).toContain('비밀 팀');
    expect(await settingsList(admin)).toContain('비밀 팀');

    const search = async (who: SignedInMember, q: string) =>
      (await asMember(app, who, 'GET', `/api/search?q=${encodeURIComponent(q)}`))
        .json()
        .result.items.map((hit: { title: string }) => hit.title);
    expect(await search(c, '비밀')).toEqual(expect.arrayContaining(['비밀 프로젝트 일정', '비밀 목표']));
    expect(await search(b, '비밀')).toEqual([]);
    expect(await search(b, 'ㅂㅁ')).toEqual([]);
    // By the generated name too.
    expect(await search(b, 'i1')).not.toContain('비밀 프로젝트 일정');
    const inTeam = await asMember(
      app,
      b,
      'GET',
      `/api/search?q=${encodeURIComponent('비밀')}&teamId=${secret}`,
    );
    expect([inTeam.statusCode, inTeam.json().code]).toEqual([404, 'TEAM404_0']);
  });

  it("live events of a private team reach only its members; a public team's reach everyone", async () => {
    const outsider = await stream(b);
    const insider = await stream(c);
    const created = await createItemOk(app, ws.owner, secret, 'issues', { title: '비밀 후속' });
    await asMember(app, ws.owner, 'POST', '/api/comments', {
      payload: { category: 'ISSUE', targetId: created, content: '비밀 댓글' },
    });
    await insider.next((e) => e.type === 'item.created' && e.id === created, 'private item.created');
    await insider.next((e) => e.type === 'comment.added' && e.itemId === created, 'private comment.added');
    // A public event after them: once B has it, B would have had the private ones too.
    const open = await createItemOk(app, ws.owner, ws.defaultTeamId, 'issues', { title: '공개 일' });
    await outsider.next((e) => e.type === 'item.created' && e.id === open, 'public item.created');
    expect(outsider.events.filter((e) => 'teamId' in e && e.teamId === secret).map((e) => e.type)).toEqual(
      [],
    );
    expect(JSON.stringify(outsider.events)).not.toContain('비밀');

    // Replay after a reconnect leaves them out as well.
    const replay = await openStream(app, b, { lastEventId: '0' });
    streams.push(replay);
    await replay.waitFor((s) => s.messages.length > 0, 'replayed events');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(JSON.stringify(replay.messages)).not.toContain('비밀');
  });

  it('any member creates a team private from the start: only its members hear of it, and the audit entry says so', async () => {
    const outsider = await stream(b);
    const insider = await stream(c);
    const res = await asMember(app, c, 'POST', '/api/workspace/setting/teams', {
      payload: { teamName: '인사 비밀팀', memberId: [ws.owner.memberId], visibility: 'private' },
    });
    expect(res.statusCode).toBe(201);
    const teamId = res.json().result.teamId as number;
    await insider.next((e) => e.type === 'team.created' && e.teamId === teamId, 'private team.created');
    // A public event after it: once B has that, B would have had the private team's creation too.
    const open = await createItemOk(app, ws.owner, ws.defaultTeamId, 'issues', { title: '공개 알림' });
    await outsider.next((e) => e.type === 'item.created' && e.id === open, 'public item.created');
    expect(outsider.events.filter((e) => 'teamId' in e && e.teamId === teamId)).toEqual([]);

    expect(await mine(c)).toContain('인사 비밀팀');
    expect(await settingsList(b)).not.toContain('인사 비밀팀');
    expect((await asMember(app, b, 'GET', `/api/teams/${teamId}/issues?query=STATE`)).statusCode).toBe(404);
    const [entry] = await auditOf(teamId);
    expect(entry).toMatchObject({ action: 'team.created', actor_id: c.memberId });
    expect(entry!.details).toMatchObject({ visibility: 'private' });
    // Without the field the team is public, as the spec's body had it; anything else is a 400.
    const bad = await asMember(app, c, 'POST', '/api/workspace/setting/teams', {
      payload: { teamName: '이상한 팀', memberId: [c.memberId], visibility: 'secret' },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALID400_1']);
  });

  it('a member removed from a private team loses its alarms; their past work stays with their name', async () => {
    const assigned = await createItemOk(app, c, secret, 'issues', {
      title: '비밀 배정',
      managersId: [ws.owner.memberId],
    });
    const unread = async () =>
      (await asMember(app, ws.owner, 'GET', '/api/alarms/unread-count')).json().result.ISSUE as number;
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    const list = async () =>
      JSON.stringify((await asMember(app, ws.owner, 'GET', '/api/alarms/ISSUE')).json().result);
    expect(await list()).toContain('비밀 배정');

    const removed = await asMember(app, c, 'DELETE', `/api/teams/${secret}/members/${ws.owner.memberId}`);
    expect([removed.statusCode, removed.json().code]).toEqual([200, 'TEAM200_9']);
    expect(await unread()).toBeLessThan(before);
    expect(await list()).not.toContain('비밀');
    // C still sees the item with the removed owner as its manager (past work stays).
    const detail = await asMember(app, c, 'GET', `/api/issues/${assigned}`);
    expect(detail.json().result.managers.info.map((m: { memberId: number }) => m.memberId)).toEqual([
      ws.owner.memberId,
    ]);
    // … but the owner is no longer offered as a manager there: only team members may be managers.
    const again = await postItem(app, c, secret, 'issues', {
      title: '또 배정',
      managersId: [ws.owner.memberId],
    });
    expect([again.statusCode, again.json().code]).toEqual([400, 'ITEM400_0']);
    expect(
      (await auditOf(secret)).filter((e) => e.action === 'team.member_removed').map((e) => e.actor_id),
    ).toEqual([c.memberId]);
  });
});

describe('writing needs membership of the team', () => {
  it('a non-member of a public team reads it but gets 403 TEAM403_1 for every write, and writes after joining', async () => {
    const teamId = await createTeamWith(app, c, '공개 팀', [c.memberId]);
    const issue = await createItemOk(app, c, teamId, 'issues', { title: '공개 이슈' });
    expect((await asMember(app, b, 'GET', `/api/teams/${teamId}/issues`)).statusCode).toBe(200);
    expect((await asMember(app, b, 'GET', `/api/issues/${issue}`)).statusCode).toBe(200);
    const writes = [
      await postItem(app, b, teamId, 'issues', { title: '남의 팀' }),
      await asMember(app, b, 'PATCH', `/api/teams/${teamId}/issues/${issue}`, { payload: { title: '바꿈' } }),
      await asMember(app, b, 'DELETE', `/api/teams/${teamId}/issues`, { payload: { issueIds: [issue] } }),
      await asMember(app, b, 'POST', '/api/comments', {
        payload: { category: 'ISSUE', targetId: issue, content: '댓글' },
      }),
    ];
    for (const res of writes) expect([res.statusCode, res.json().code]).toEqual([403, 'TEAM403_1']);
    expect((await asMember(app, c, 'GET', `/api/issues/${issue}`)).json().result.title).toBe('공개 이슈');
    await join(b, teamId);
    expect((await postItem(app, b, teamId, 'issues', { title: '이제 우리 팀' })).statusCode).toBe(201);
  });
});

describe('team settings', () => {
  it('team members and admins rename it and manage its members; others get 403; names follow the rule', async () => {
    const teamId = await createTeamWith(app, c, '설정 팀', [c.memberId]);
    const outsiderRename = await patchTeam(b, teamId, { teamName: '남이 바꿈' });
    expect([outsiderRename.statusCode, outsiderRename.json().code]).toEqual([403, 'TEAM403_2']);
    const bad = await patchTeam(c, teamId, { teamName: '팀' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'TEAM400_0']);
    const taken = await patchTeam(c, teamId, { teamName: 'Teams' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'TEAM409_0']);
    const renamed = await patchTeam(c, teamId, { teamName: '새 이름 팀' });
    expect([renamed.statusCode, renamed.json().result.teamName]).toEqual([200, '새 이름 팀']);

    const added = await asMember(app, c, 'POST', `/api/teams/${teamId}/members`, {
      payload: { memberId: [b.memberId] },
    });
    expect(added.json().result.members.map((m: { name: string }) => m.name)).toEqual(['씨', '비']);
    const foreign = await createWorkspaceWith(app, 'Elsewhere', '남남');
    const poach = await asMember(app, c, 'POST', `/api/teams/${teamId}/members`, {
      payload: { memberId: [foreign.owner.memberId] },
    });
    expect([poach.statusCode, poach.json().code]).toEqual([400, 'TEAM400_1']);
    // Members may not change visibility; admins may.
    const vis = await patchTeam(c, teamId, { visibility: 'private' });
    expect([vis.statusCode, vis.json().code]).toEqual([403, 'ROLE403_0']);
    expect((await patchTeam(admin, teamId, { visibility: 'private' })).statusCode).toBe(200);
    // The default team stays public and cannot lose members.
    const def = await patchTeam(admin, ws.defaultTeamId, { visibility: 'private' });
    expect([def.statusCode, def.json().code]).toEqual([409, 'TEAM409_3']);
    const kick = await asMember(app, admin, 'DELETE', `/api/teams/${ws.defaultTeamId}/members/${b.memberId}`);
    expect([kick.statusCode, kick.json().code]).toEqual([409, 'TEAM409_4']);

    expect((await auditOf(teamId)).map((e) => [e.action, e.details])).toEqual([
      ['team.created', { memberIds: [c.memberId], visibility: 'public' }],
      ['team.renamed', { from: '설정 팀', to: '새 이름 팀' }],
      ['team.member_added', { memberId: b.memberId, memberName: '비' }],
      ['team.visibility_changed', { from: 'public', to: 'private' }],
    ]);
  });

  it('changes and removes the team image (members), with an audit entry', async () => {
    const teamId = await createTeamWith(app, c, '사진 팀', [c.memberId]);
    // 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----teamimage';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (who: SignedInMember) =>
      app.inject({
        method: 'PUT',
        url: `/api/teams/${teamId}/image`,
        headers: {
          authorization: `Bearer ${who.accessToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    expect((await upload(b)).json().code).toBe('TEAM403_2');
    const res = await upload(c);
    expect([res.statusCode, res.json().code]).toEqual([200, 'TEAM200_11']);
    const url = res.json().result.teamImageUrl as string;
    expect(url).toMatch(/^\/uploads\/profile\/[A-Za-z0-9_-]{22}\.webp$/);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await asMember(app, c, 'DELETE', `/api/teams/${teamId}/image`);
    expect(removed.json().result.teamImageUrl).toBeNull();
    expect((await auditOf(teamId)).filter((e) => e.action === 'team.image_changed')).toHaveLength(2);
  });

  it('deletion: admins only, confirmed by the name, never the default team; one transaction', async () => {
    const teamId = await createTeamWith(app, c, '지울 팀', [c.memberId, b.memberId]);
    const goal = await createItemOk(app, c, teamId, 'goals', { title: '지울 목표' });
    const issue = await createItemOk(app, c, teamId, 'issues', {
      title: '지울 이슈',
      goalId: goal,
      managersId: [b.memberId],
    });
    await asMember(app, c, 'POST', '/api/comments', {
      payload: { category: 'ISSUE', targetId: issue, content: '지울 댓글' },
    });
    await app.database.db.execute(
      sql`insert into github_installation (team_id, installation_id, account) values (${teamId}, 424242, 'acme')`,
    );
    const count = async (table: string, where: string) =>
      Number(
        (
          (await app.database.db.execute(
            sql.raw(`select count(*)::int as n from ${table} where ${where}`),
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const items = `team_id = ${teamId}`;
    const ofItems = `item_id in (${goal}, ${issue})`;
    expect(await count('alarm', ofItems)).toBeGreaterThan(0);

    const byMember = await asMember(app, c, 'DELETE', `/api/teams/${teamId}`, {
      payload: { teamName: '지울 팀' },
    });
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'ROLE403_0']);
    const wrongName = await asMember(app, admin, 'DELETE', `/api/teams/${teamId}`, {
      payload: { teamName: '지울팀' },
    });
    expect([wrongName.statusCode, wrongName.json().code]).toEqual([400, 'TEAM400_3']);
    const def = await asMember(app, ws.owner, 'DELETE', `/api/teams/${ws.defaultTeamId}`, {
      payload: { teamName: 'Teams' },
    });
    expect([def.statusCode, def.json().code]).toEqual([409, 'TEAM409_3']);

    // All or nothing: when the last step fails (the audit entry), nothing is deleted.
    await app.database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const failed = await asMember(app, admin, 'DELETE', `/api/teams/${teamId}`, {
        payload: { teamName: '지울 팀' },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await app.database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    expect(await count('item', items)).toBe(2);
    expect(await count('comment', ofItems)).toBe(1);
    expect(await count('github_installation', items)).toBe(1);

    const watcher = await stream(b);
    const done = await asMember(app, admin, 'DELETE', `/api/teams/${teamId}`, {
      payload: { teamName: '지울 팀' },
    });
    expect([done.statusCode, done.json().code]).toEqual([200, 'TEAM200_10']);
    await watcher.next((e) => e.type === 'team.deleted' && e.teamId === teamId, 'team.deleted');
    expect(await count('team', `id = ${teamId}`)).toBe(0);
    expect(await count('item', items)).toBe(0);
    expect(await count('comment', ofItems)).toBe(0);
    expect(await count('alarm', ofItems)).toBe(0);
    expect(await count('item_manager', ofItems)).toBe(0);
    expect(await count('github_installation', items)).toBe(0);
    expect(await count('team_member', items)).toBe(0);
    const [entry] = (await auditOf(teamId)).filter((e) => e.action === 'team.deleted');
    expect(entry).toMatchObject({
      actor_id: admin.memberId,
      details: { items: 2, comments: 1, integrations: 1, visibility: 'public' },
    });
    // The GitHub link it held is logged as disconnected too, in the same transaction.
    const disconnected = (await app.database.db.execute(
      sql`select actor_id, target_name, details from audit_log where action = 'integration.disconnected'
          and details->>'teamId' = ${String(teamId)}`,
    )) as unknown as { rows: { actor_id: number; target_name: string; details: unknown }[] };
    expect(disconnected.rows).toEqual([
      {
        actor_id: admin.memberId,
        target_name: 'github',
        details: { teamId, teamName: '지울 팀', reason: 'team.deleted' },
      },
    ]);
    expect((await asMember(app, c, 'GET', `/api/teams/${teamId}/issues`)).json().code).toBe('TEAM404_0');
    expect(await mine(c)).not.toContain('지울 팀');
  });

  it('admins administer a private team they are not in (settings, visibility, deletion) but never read its items', async () => {
    const teamId = await privateTeam('관리 대상', [c]);
    await createItemOk(app, c, teamId, 'issues', { title: '관리 대상 이슈' });
    const items = await asMember(app, admin, 'GET', `/api/teams/${teamId}/issues`);
    expect([items.statusCode, items.json().code]).toEqual([404, 'TEAM404_0']);
    const settings = await asMember(app, admin, 'GET', `/api/teams/${teamId}/settings`);
    expect(settings.json().result).toMatchObject({ isMember: false, canEdit: true, canAdminister: true });
    expect((await asMember(app, b, 'GET', `/api/teams/${teamId}/settings`)).statusCode).toBe(404);
    // B cannot add themselves to it either (404, nothing revealed); the admin can, with an audit entry.
    const sneak = await asMember(app, b, 'POST', `/api/teams/${teamId}/members`, {
      payload: { memberId: [b.memberId] },
    });
    expect([sneak.statusCode, sneak.json().code]).toEqual([404, 'TEAM404_0']);
    const self = await asMember(app, admin, 'POST', `/api/teams/${teamId}/members`, {
      payload: { memberId: [admin.memberId] },
    });
    expect(self.statusCode).toBe(200);
    expect((await asMember(app, admin, 'GET', `/api/teams/${teamId}/issues`)).statusCode).toBe(200);
    const removed = await asMember(app, admin, 'DELETE', `/api/teams/${teamId}`, {
      payload: { teamName: '관리 대상' },
    });
    expect([removed.statusCode, removed.json().code]).toEqual([200, 'TEAM200_10']);
    const entry = (await auditOf(teamId)).find((e) => e.action === 'team.deleted');
    expect(entry).toMatchObject({ actor_id: admin.memberId, details: { visibility: 'private', items: 1 } });
  });
});
