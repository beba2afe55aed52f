import { type TestDatabase, useTestApp } from '../../support/test-app';
import { type SignedInMember, asMember, signIn } from '../../support/members';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOIN_IP_MAX_FAILURES } from '../../../../contract';
import { team, teamMember, workspace, workspaceJoinFailure } from '../../../../server/db/schema';

/**
 * Issue #3 "Onboarding and workspace membership", server half (docs/product.md "Workspace and invitations"): the URL
 * preview, creating a workspace with its default team, joining with an invite
 * (including the lockout), the invite info of the settings dialog, and that every route needs a signed-in member.
 */
let testDb: TestDatabase;
let app: FastifyInstance;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
});

const db = () => testDb.database.db;
const BASE = 'http://localhost:3000';

let ipCounter = 0;
/** A client IP no other test uses, so per-IP failure counts never leak between tests. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.7`;
};

const RULE_MESSAGES = [
  '워크스페이스 이름은 4자 이상 10자 이하의 영문 또는 숫자여야 합니다.',
  '워크스페이스 이름은 한글로 시작할 수 없습니다.',
  '워크스페이스 이름은 숫자로 시작할 수 없습니다.',
  '워크스페이스 이름은 특수문자로 시작할 수 없습니다.',
  '워크스페이스 이름은 영문으로 시작해야 합니다.',
  '워크스페이스 이름에 한글은 사용할 수 없습니다.',
  '워크스페이스 이름은 영문, 숫자, 공백만 사용할 수 있습니다.',
  '워크스페이스 이름은 공백으로 끝날 수 없습니다.',
  '워크스페이스 이름에 연속된 공백은 사용할 수 없습니다.',
];
/** One name per rule (1–9) that breaks that rule first. */
const NAME_BREAKING_RULE = [
  'abc',
  '한글팀이름',
  '1abc',
  '!abc',
  ' abcd',
  'ab한글',
  'ab_cd',
  'abcd ',
  'ab  cd',
];

interface Created {
  workspaceId: number;
  workspaceName: string;
  workspaceUrl: string;
  inviteUrl: string;
  invitePassword: string;
  name: string;
  defaultTeamId: number;
}

const createUrl = (who: SignedInMember | null, workspaceName: unknown) =>
  asMember(app, who, 'POST', '/api/workspace/create-url', { payload: { workspaceName } });
const create = (who: SignedInMember | null, workspaceName: unknown) =>
  asMember(app, who, 'POST', '/api/workspace', { payload: { workspaceName } });
const join = (who: SignedInMember | null, payload: Record<string, unknown>, ip: string) =>
  asMember(app, who, 'POST', '/api/workspace/join', { payload, ip });
const profile = (who: SignedInMember) => asMember(app, who, 'GET', '/api/workspace/setting');
const inviteInfo = (who: SignedInMember | null) => asMember(app, who, 'GET', '/api/workspace/setting/invite');

/** Creates `workspaceName` for `who` and returns the 201 result. */
async function createWorkspace(who: SignedInMember, workspaceName: string): Promise<Created> {
  const res = await create(who, workspaceName);
  expect(res.statusCode).toBe(201);
  return res.json<{ result: Created }>().result;
}

/** The `token` query parameter of an invite URL. */
const tokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token')!;

/** A workspace owned by a new member, plus what an invitee needs. */
async function workspaceWithInvite(workspaceName: string) {
  const owner = await signIn(app, `${workspaceName} 관리자`);
  const created = await createWorkspace(owner, workspaceName);
  return { owner, created, token: tokenOf(created.inviteUrl), password: created.invitePassword };
}

/** A wrong password of the right shape (never the real one). */
const wrongPassword = (password: string) => (password === 'aaaaaaaa' ? 'bbbbbbbb' : 'aaaaaaaa');

describe('POST /api/workspace/create-url', () => {
  it('previews <PUBLIC_URL>/<slug> for a valid name', async () => {
    const me = await signIn(app, '미리보기');
    const res = await createUrl(me, 'Acme Team');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'WORKSPACE200_1',
      message: '사용할 수 있는 워크스페이스 URL입니다.',
      result: { workspaceUrl: `${BASE}/acme-team` },
    });
  });

  it.each(RULE_MESSAGES.map((message, i) => [i + 1, NAME_BREAKING_RULE[i]!, message]))(
    'answers rule %i’s Korean message for %j',
    async (_rule, name, message) => {
      const me = await signIn(app, '규칙');
      const res = await createUrl(me, name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'WORKSPACE400_1',
        message,
        result: { workspaceName: message },
      });
    },
  );

  it('answers the first failing rule when a name breaks several (rules 2 and 6 → rule 2)', async () => {
    const me = await signIn(app, '규칙');
    const res = await createUrl(me, '한글abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('워크스페이스 이름은 한글로 시작할 수 없습니다.');
  });

  it('answers VALID400_1 with a field message when the name is missing or not a string', async () => {
    const me = await signIn(app, '규칙');
    const missing = await asMember(app, me, 'POST', '/api/workspace/create-url', { payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALID400_1',
      result: { workspaceName: '필수 항목입니다.' },
    });
    const numeric = await createUrl(me, 12345);
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json()).toMatchObject({
      code: 'VALID400_1',
      result: { workspaceName: expect.any(String) },
    });
  });

  it('previews the collision suffix a taken slug would get, without reserving it', async () => {
    const owner = await signIn(app, '선점');
    await createWorkspace(owner, 'Preview');
    const other = await signIn(app, '다른 사람');
    for (const name of ['Preview', 'PREVIEW', 'preview']) {
      const res = await createUrl(other, name);
      expect(res.json().result).toEqual({ workspaceUrl: `${BASE}/preview-2` });
    }
    // Nothing was reserved: creating now still gets -2, and only then does the preview move on to -3.
    expect((await createWorkspace(other, 'Preview')).workspaceUrl).toBe(`${BASE}/preview-2`);
    const third = await signIn(app, '세 번째');
    expect((await createUrl(third, 'Preview')).json().result.workspaceUrl).toBe(`${BASE}/preview-3`);
  });

  it('never hands out a slug that shadows an app route (e.g. /onboarding/invite)', async () => {
    const me = await signIn(app, '예약어');
    expect((await createUrl(me, 'Onboarding')).json().result.workspaceUrl).toBe(`${BASE}/onboarding-2`);
    expect((await createUrl(me, 'workspace')).json().result.workspaceUrl).toBe(`${BASE}/workspace-2`);
  });
});

describe('POST /api/workspace', () => {
  it('creates the workspace with its default team and answers 201 with the onboarding data', async () => {
    const creator = await signIn(app, '김창업');
    const res = await create(creator, 'Acme Crew');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ isSuccess: boolean; code: string; message: string; result: Created }>();
    expect(body).toMatchObject({
      isSuccess: true,
      code: 'WORKSPACE201_0',
      message: '워크스페이스를 생성했습니다.',
    });
    const result = body.result;
    expect(result).toEqual({
      workspaceId: expect.any(Number),
      workspaceName: 'Acme Crew',
      workspaceUrl: `${BASE}/acme-crew`,
      inviteUrl: expect.stringMatching(
        /^http:\/\/localhost:3000\/acme-crew\/invite\?token=[A-Za-z0-9_-]{22}$/,
      ),
      invitePassword: expect.stringMatching(/^[a-z0-9]{8}$/),
      name: '김창업',
      defaultTeamId: expect.any(Number),
    });
    expect(res.headers['cache-control']).toBe('no-store');

    // The default team: same name, flagged default, first, with the creator as its member.
    const [defaultTeam] = await db().select().from(team).where(eq(team.id, result.defaultTeamId));
    expect(defaultTeam).toMatchObject({
      workspaceId: result.workspaceId,
      name: 'Acme Crew',
      isDefault: true,
      position: 0,
    });
    const members = await db().select().from(teamMember).where(eq(teamMember.teamId, result.defaultTeamId));
    expect(members.map((m) => m.memberId)).toEqual([creator.memberId]);
    const [row] = await db().select().from(workspace).where(eq(workspace.id, result.workspaceId));
    expect(row).toMatchObject({ slug: 'acme-crew', createdBy: creator.memberId });

    // The loading screen now finds the workspace with the same default team and invite data.
    const setting = await profile(creator);
    expect(setting.statusCode).toBe(200);
    expect(setting.json().result).toEqual({
      workspaceId: result.workspaceId,
      workspaceName: 'Acme Crew',
      workspaceUrl: `${BASE}/acme-crew`,
      workspaceImageUrl: null,
      defaultTeamId: result.defaultTeamId,
      inviteUrl: result.inviteUrl,
      invitePassword: result.invitePassword,
      myRole: 'owner',
    });
  });

  it('gives every workspace its own invite token and password', async () => {
    const a = await createWorkspace(await signIn(app, '하나'), 'Random One');
    const b = await createWorkspace(await signIn(app, '둘'), 'Random Two');
    expect(tokenOf(a.inviteUrl)).not.toBe(tokenOf(b.inviteUrl));
    // 36^8 possibilities: equal passwords would be a broken generator, not bad luck.
    expect(a.invitePassword).not.toBe(b.invitePassword);
  });

  it('refuses a second workspace with 409 WORKSPACE409_0 and changes nothing', async () => {
    const creator = await signIn(app, '한 번만');
    const first = await createWorkspace(creator, 'Only Once');
    const again = await create(creator, 'Twice Now');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      isSuccess: false,
      code: 'WORKSPACE409_0',
      message: '워크스페이스는 한 사람당 하나만 존재합니다.',
      result: null,
    });
    expect(await db().select().from(workspace).where(eq(workspace.slug, 'twice-now'))).toHaveLength(0);
    expect((await profile(creator)).json().result.workspaceId).toBe(first.workspaceId);
  });

  it('rejects an invalid name with the rule message and creates nothing', async () => {
    const creator = await signIn(app, '잘못된 이름');
    const res = await create(creator, 'Bad  Name');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'WORKSPACE400_1',
      message: '워크스페이스 이름에 연속된 공백은 사용할 수 없습니다.',
      result: { workspaceName: '워크스페이스 이름에 연속된 공백은 사용할 수 없습니다.' },
    });
    expect((await profile(creator)).statusCode).toBe(404);
  });

  it('makes exactly one workspace when one member sends N creates at once; the others get 409', async () => {
    const creator = await signIn(app, '동시 생성');
    const names = ['Race A', 'Race B', 'Race C', 'Race D', 'Race E', 'Race F', 'Race G', 'Race H'];
    const responses = await Promise.all(names.map((name) => create(creator, name)));
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json().code).toBe('WORKSPACE409_0');
    }

    const owned = await db().select().from(workspace).where(eq(workspace.createdBy, creator.memberId));
    expect(owned).toHaveLength(1);
    const winner = responses.find((res) => res.statusCode === 201)!.json<{ result: Created }>().result;
    expect(owned[0]!.id).toBe(winner.workspaceId);
    // Rolled-back attempts left no workspaces or teams behind.
    const raceSlugs = await db()
      .select({ slug: workspace.slug })
      .from(workspace)
      .where(sql`${workspace.slug} like 'race-%'`);
    expect(raceSlugs).toHaveLength(1);
    const memberships = await db().select().from(teamMember).where(eq(teamMember.memberId, creator.memberId));
    expect(memberships.map((m) => m.teamId)).toEqual([winner.defaultTeamId]);
  });

  it('also makes exactly one when the concurrent creates use the same name', async () => {
    const creator = await signIn(app, '같은 이름');
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(creator, 'Same Race')));
    expect(responses.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await db()
      .select()
      .from(workspace)
      .where(sql`${workspace.slug} like 'same-race%'`);
    expect(rows.map((r) => r.slug)).toEqual(['same-race']);
  });

  it('gives identical names of different members -2, -3 …', async () => {
    const first = await createWorkspace(await signIn(app, '첫째'), 'Twin Peaks');
    const second = await createWorkspace(await signIn(app, '둘째'), 'Twin Peaks');
    const third = await createWorkspace(await signIn(app, '셋째'), 'twin peaks');
    expect([first.workspaceUrl, second.workspaceUrl, third.workspaceUrl]).toEqual([
      `${BASE}/twin-peaks`,
      `${BASE}/twin-peaks-2`,
      `${BASE}/twin-peaks-3`,
    ]);
    expect(second.inviteUrl.startsWith(`${BASE}/twin-peaks-2/invite?token=`)).toBe(true);
    // The names themselves are kept as typed.
    expect(third.workspaceName).toBe('twin peaks');
  });

  it('gives different members creating the same name at once distinct slugs', async () => {
    const creators = await Promise.all(['가', '나', '다', '라'].map((n) => signIn(app, `동시 ${n}`)));
    const responses = await Promise.all(creators.map((c) => create(c, 'Rush Hour')));
    expect(responses.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const urls = responses.map((res) => res.json().result.workspaceUrl as string).sort();
    expect(urls).toEqual([
      `${BASE}/rush-hour`,
      `${BASE}/rush-hour-2`,
      `${BASE}/rush-hour-3`,
      `${BASE}/rush-hour-4`,
    ]);
  });
});

describe('POST /api/workspace/join', () => {
  it('puts the invitee in the workspace and its default team', async () => {
    const { owner, created, token, password } = await workspaceWithInvite('Join Me');
    const invitee = await signIn(app, '이초대');
    expect((await profile(invitee)).statusCode).toBe(404);

    const before = Date.now();
    const res = await join(invitee, { token, password }, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'WORKSPACE200_2',
      message: '워크스페이스에 참여했습니다.',
      result: {
        workspaceId: created.workspaceId,
        workspaceName: 'Join Me',
        defaultTeamId: created.defaultTeamId,
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/),
      },
    });
    const joinedAt = Date.parse(res.json().result.joinedAt);
    expect(joinedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(joinedAt).toBeLessThanOrEqual(Date.now());

    // The loading screen now takes the invitee to the same workspace and default team.
    const setting = await profile(invitee);
    expect(setting.statusCode).toBe(200);
    // The same workspace, as a member: no invite (admins only, issue #23), role `member`.
    expect(setting.json().result).toEqual({
      ...(await profile(owner)).json().result,
      inviteUrl: null,
      invitePassword: null,
      myRole: 'member',
    });
    const teamMembers = await db()
      .select()
      .from(teamMember)
      .where(eq(teamMember.teamId, created.defaultTeamId));
    expect(teamMembers.map((m) => m.memberId).sort((a, b) => a - b)).toEqual(
      [owner.memberId, invitee.memberId].sort((a, b) => a - b),
    );
  });

  it('ignores whitespace around the pasted token and password', async () => {
    const { created, token, password } = await workspaceWithInvite('Paste Me');
    const invitee = await signIn(app, '붙여넣기');
    const res = await join(invitee, { token: ` ${token}\n`, password: `${password} ` }, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().result.workspaceId).toBe(created.workspaceId);
  });

  it('answers a wrong password with 400 WORKSPACE400_3 and leaves the invitee outside', async () => {
    const { password, token } = await workspaceWithInvite('Wrong Pass');
    const invitee = await signIn(app, '틀림');
    const res = await join(invitee, { token, password: wrongPassword(password) }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'WORKSPACE400_3',
      message: '입력 정보를 다시 확인하세요',
      result: null,
    });
    expect((await profile(invitee)).statusCode).toBe(404);
  });

  it('compares the password exactly (case, length)', async () => {
    const { created, token } = await workspaceWithInvite('Exact Pass');
    await db()
      .update(workspace)
      .set({ invitePassword: 'abcd1234' })
      .where(eq(workspace.id, created.workspaceId));
    const invitee = await signIn(app, '정확히');
    const ip = freshIp();
    for (const attempt of ['ABCD1234', 'abcd123', 'abcd12345']) {
      expect((await join(invitee, { token, password: attempt }, ip)).statusCode).toBe(400);
    }
    expect((await join(invitee, { token, password: 'abcd1234' }, ip)).statusCode).toBe(200);
  });

  it('answers an unknown token with 404 WORKSPACE404_1', async () => {
    const invitee = await signIn(app, '모르는 토큰');
    const res = await join(invitee, { token: 'AAAAAAAAAAAAAAAAAAAAAA', password: 'abcd1234' }, freshIp());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'WORKSPACE404_1',
      message: '초대 링크가 만료되었습니다. 관리자에게 새 초대 링크를 요청해 주세요.',
      result: null,
    });
  });

  it('answers 409 WORKSPACE409_0 to a member who already has a workspace', async () => {
    const { owner, created, token, password } = await workspaceWithInvite('Busy Team');
    // The creator of another workspace…
    const other = await workspaceWithInvite('Elsewhere');
    const res = await join(other.owner, { token, password }, freshIp());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'WORKSPACE409_0',
      message: '워크스페이스는 한 사람당 하나만 존재합니다.',
    });
    expect((await profile(other.owner)).json().result.workspaceId).toBe(other.created.workspaceId);
    // …and the creator joining their own workspace.
    expect((await join(owner, { token, password }, freshIp())).statusCode).toBe(409);
    // A member who joined cannot join again either.
    const invitee = await signIn(app, '두 번');
    expect((await join(invitee, { token, password }, freshIp())).statusCode).toBe(200);
    expect((await join(invitee, { token, password }, freshIp())).statusCode).toBe(409);
    expect((await profile(invitee)).json().result.workspaceId).toBe(created.workspaceId);
  });

  it('answers VALID400_1 for an empty or missing token or password, without counting it', async () => {
    const invitee = await signIn(app, '빈칸');
    const ip = freshIp();
    const empty = await join(invitee, { token: 'x', password: '  ' }, ip);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALID400_1',
      result: { password: '비밀번호를 입력해 주세요.' },
    });
    const missing = await join(invitee, { password: 'abcd1234' }, ip);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALID400_1', result: { token: expect.any(String) } });
    const tooLong = await join(invitee, { token: 'x'.repeat(129), password: 'abcd1234' }, ip);
    expect(tooLong.statusCode).toBe(400);
    expect(
      await db()
        .select()
        .from(workspaceJoinFailure)
        .where(eq(workspaceJoinFailure.memberId, invitee.memberId)),
    ).toHaveLength(0);
  });

  describe('lockout: 5 failures per (member, workspace), or many per IP, in 15 minutes', () => {
    /** Moves the member's recorded failures `minutes` into the past. */
    const ageFailures = (memberId: number, minutes: number) =>
      db()
        .update(workspaceJoinFailure)
        .set({ createdAt: sql`${workspaceJoinFailure.createdAt} - make_interval(mins => ${minutes})` })
        .where(eq(workspaceJoinFailure.memberId, memberId));

    it('locks the member after 5 wrong passwords — even the right one gets 429 — until the window passes', async () => {
      const { created, token, password } = await workspaceWithInvite('Lock Out');
      const guesser = await signIn(app, '추측');
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const res = await join(guesser, { token, password: wrongPassword(password) }, ip);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('WORKSPACE400_3');
      }

      const locked = await join(guesser, { token, password }, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        isSuccess: false,
        code: 'WORKSPACE429_0',
        message: '입력 시도 횟수를 초과했습니다. 잠시 후 다시 시도해 주세요.',
        result: null,
      });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(880);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect((await profile(guesser)).statusCode).toBe(404);

      // The member is locked from any IP, and the 429s themselves were not counted as failures.
      expect((await join(guesser, { token, password }, freshIp())).statusCode).toBe(429);
      expect(
        await db()
          .select()
          .from(workspaceJoinFailure)
          .where(eq(workspaceJoinFailure.memberId, guesser.memberId)),
      ).toHaveLength(5);

      // Ten minutes later the oldest failure leaves the window in about five.
      await ageFailures(guesser.memberId, 10);
      const later = await join(guesser, { token, password }, ip);
      expect(later.statusCode).toBe(429);
      expect(Number(later.headers['retry-after'])).toBeGreaterThan(280);
      expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(300);

      // After the window the right password works.
      await ageFailures(guesser.memberId, 6);
      const res = await join(guesser, { token, password }, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.workspaceId).toBe(created.workspaceId);
    });

    it('allows the 5th attempt after 4 failures', async () => {
      const { token, password } = await workspaceWithInvite('Four Fails');
      const guesser = await signIn(app, '네 번');
      const ip = freshIp();
      for (let i = 0; i < 4; i++) {
        expect((await join(guesser, { token, password: wrongPassword(password) }, ip)).statusCode).toBe(400);
      }
      expect((await join(guesser, { token, password }, ip)).statusCode).toBe(200);
    });

    it('counts unknown tokens against the member alone: they lock further unknown tokens, not a real invite', async () => {
      const { created, token, password } = await workspaceWithInvite('Token Hunt');
      const guesser = await signIn(app, '토큰 사냥');
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const res = await join(guesser, { token: `guess-${i}`, password: 'abcd1234' }, ip);
        expect(res.statusCode).toBe(404);
      }
      const failures = await db()
        .select()
        .from(workspaceJoinFailure)
        .where(eq(workspaceJoinFailure.memberId, guesser.memberId));
      expect(failures.map((f) => ({ workspaceId: f.workspaceId, ip: f.ip }))).toEqual(
        Array.from({ length: 5 }, () => ({ workspaceId: null, ip })),
      );

      // A sixth unknown token (from anywhere) is locked out…
      const locked = await join(guesser, { token: 'guess-5', password: 'abcd1234' }, freshIp());
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('WORKSPACE429_0');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(880);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);

      // …but the real invite, once they have it, still works.
      const res = await join(guesser, { token, password }, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.workspaceId).toBe(created.workspaceId);
    });

    it("does not lock a colleague on the same IP: 5 garbage joins by M from IP X leave N's join on IP X alone", async () => {
      const { created, token, password } = await workspaceWithInvite('One Office');
      const [garbage, colleague] = await Promise.all(['엉뚱한 링크', '동료'].map((n) => signIn(app, n)));
      const officeIp = freshIp();
      for (let i = 0; i < 5; i++) {
        expect(
          (await join(garbage!, { token: `broken-link-${i}`, password: 'abcd1234' }, officeIp)).statusCode,
        ).toBe(404);
      }
      expect(
        (await join(garbage!, { token: 'broken-link-5', password: 'abcd1234' }, officeIp)).statusCode,
      ).toBe(429);

      // The colleague behind the same NAT address can still mistype and then join.
      const typo = await join(colleague!, { token, password: wrongPassword(password) }, officeIp);
      expect(typo.statusCode).toBe(400);
      const res = await join(colleague!, { token, password }, officeIp);
      expect(res.statusCode).toBe(200);
      expect((await profile(colleague!)).json().result.workspaceId).toBe(created.workspaceId);
    });

    it('locks per (member, workspace): locked for W after 5 wrong passwords, the member can still join V', async () => {
      const w = await workspaceWithInvite('Lock Here');
      const v = await workspaceWithInvite('Open There');
      const [guesser, colleague] = await Promise.all(['한 곳만', '옆자리'].map((n) => signIn(app, n)));
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expect(
          (await join(guesser!, { token: w.token, password: wrongPassword(w.password) }, ip)).statusCode,
        ).toBe(400);
      }
      const lockedW = await join(guesser!, { token: w.token, password: w.password }, ip);
      expect(lockedW.statusCode).toBe(429);
      expect(Number(lockedW.headers['retry-after'])).toBeGreaterThan(0);
      const recorded = await db()
        .select({ workspaceId: workspaceJoinFailure.workspaceId })
        .from(workspaceJoinFailure)
        .where(eq(workspaceJoinFailure.memberId, guesser!.memberId));
      expect(recorded).toEqual(Array.from({ length: 5 }, () => ({ workspaceId: w.created.workspaceId })));

      // Another member on the same IP joins W; the locked member may still try V's invite — and gets in.
      expect((await join(colleague!, { token: w.token, password: w.password }, ip)).statusCode).toBe(200);
      const res = await join(guesser!, { token: v.token, password: v.password }, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.workspaceId).toBe(v.created.workspaceId);
    });

    it('3 + 2 wrong passwords by two people on one IP lock neither of them', async () => {
      const { token, password, created } = await workspaceWithInvite('Shared IP');
      const [first, second] = await Promise.all(['첫 사람', '둘째 사람'].map((n) => signIn(app, n)));
      const sharedIp = freshIp();
      for (let i = 0; i < 3; i++) {
        expect((await join(first!, { token, password: wrongPassword(password) }, sharedIp)).statusCode).toBe(
          400,
        );
      }
      for (let i = 0; i < 2; i++) {
        expect((await join(second!, { token, password: wrongPassword(password) }, sharedIp)).statusCode).toBe(
          400,
        );
      }
      expect((await join(second!, { token, password }, sharedIp)).statusCode).toBe(200);
      expect((await join(first!, { token, password }, sharedIp)).statusCode).toBe(200);
      expect((await profile(first!)).json().result.workspaceId).toBe(created.workspaceId);
    });

    it(`locks an IP after ${JOIN_IP_MAX_FAILURES} failures by anyone; other IPs still work`, async () => {
      const { token, password, created } = await workspaceWithInvite('Spray Stop');
      const last = await signIn(app, '마지막 추측');
      const bystander = await signIn(app, '지나가던 사람');
      const sprayIp = freshIp();
      // JOIN_IP_MAX_FAILURES - 1 failures from the IP by many (here: since deleted) members, all in the window.
      await db()
        .insert(workspaceJoinFailure)
        .values(
          Array.from({ length: JOIN_IP_MAX_FAILURES - 1 }, () => ({
            memberId: null,
            workspaceId: created.workspaceId,
            ip: sprayIp,
          })),
        );

      // Below the threshold the IP is not locked: this attempt is checked (and is the last failure allowed).
      expect((await join(last, { token, password: wrongPassword(password) }, sprayIp)).statusCode).toBe(400);

      // Now every join from that IP is refused — even a member with no failures and the right password…
      const locked = await join(bystander, { token, password }, sprayIp);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('WORKSPACE429_0');
      const retryAfter = Number(locked.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(880);
      expect(retryAfter).toBeLessThanOrEqual(900);

      // …while the same member from another IP gets in.
      expect((await join(bystander, { token, password }, freshIp())).statusCode).toBe(200);
    });

    it('lets only 5 of a burst of parallel wrong guesses through; the rest get 429', async () => {
      const { token, password } = await workspaceWithInvite('Burst');
      expect(password).not.toMatch(/^wrong\dxx$/);
      const guesser = await signIn(app, '한꺼번에');
      const ip = freshIp();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => join(guesser, { token, password: `wrong${i}xx` }, ip)),
      );
      const statuses = responses.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
      expect(
        await db()
          .select()
          .from(workspaceJoinFailure)
          .where(eq(workspaceJoinFailure.memberId, guesser.memberId)),
      ).toHaveLength(5);
    });
  });
});

describe('GET /api/workspace/setting/invite', () => {
  it('answers 404 WORKSPACE404_0 before the member has a workspace', async () => {
    const me = await signIn(app, '아직');
    const res = await inviteInfo(me);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'WORKSPACE404_0',
      message: '소속된 워크스페이스가 없습니다.',
      result: null,
    });
  });

  it("shows the caller's name with the workspace's invite URL and password", async () => {
    const { owner, created, token, password } = await workspaceWithInvite('Invite Box');
    const res = await inviteInfo(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'WORKSPACE200_0',
      message: '성공적으로 처리했습니다.',
      result: {
        name: 'Invite Box 관리자',
        inviteUrl: created.inviteUrl,
        invitePassword: created.invitePassword,
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');

    const invitee = await signIn(app, '박초대');
    expect((await join(invitee, { token, password }, freshIp())).statusCode).toBe(200);
    // Members do not see the invite (issue #23, docs/security.md "Roles").
    const asInvitee = await inviteInfo(invitee);
    expect(asInvitee.statusCode).toBe(403);
    expect(asInvitee.json().code).toBe('ROLE403_0');
  });
});

describe('every workspace route needs a signed-in member', () => {
  const routes: [string, 'GET' | 'POST', string, Record<string, unknown> | undefined][] = [
    ['create-url', 'POST', '/api/workspace/create-url', { workspaceName: 'Acme Team' }],
    ['create', 'POST', '/api/workspace', { workspaceName: 'Acme Team' }],
    ['join', 'POST', '/api/workspace/join', { token: 'AAAAAAAAAAAAAAAAAAAAAA', password: 'abcd1234' }],
    ['invite info', 'GET', '/api/workspace/setting/invite', undefined],
    ['profile', 'GET', '/api/workspace/setting', undefined],
  ];

  it.each(routes)('%s: 401 COMMON401 without a bearer token', async (_label, method, url, payload) => {
    const res = await asMember(app, null, method, url, { payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'COMMON401',
      message: '인증이 필요합니다.',
      result: null,
    });
  });

  it.each(routes.filter(([, method]) => method === 'POST'))(
    '%s: 401 before the body is looked at',
    async (_label, method, url) => {
      const res = await asMember(app, null, method, url, { payload: { nonsense: true } });
      expect(res.statusCode).toBe(401);
    },
  );

  it.each(routes)('%s: 401 JWT401_2 for a malformed token', async (_label, method, url, payload) => {
    const res = await asMember(app, null, method, url, {
      payload,
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('JWT401_2');
  });

  it('creates nothing and records no failure for unauthenticated calls', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(workspace);
    await asMember(app, null, 'POST', '/api/workspace', { payload: { workspaceName: 'Ghost Team' } });
    await asMember(app, null, 'POST', '/api/workspace/join', {
      payload: { token: 'x', password: 'y' },
      ip: '192.0.2.99',
    });
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(workspace);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(
      await db().select().from(workspaceJoinFailure).where(eq(workspaceJoinFailure.ip, '192.0.2.99')),
    ).toHaveLength(0);
  });
});
