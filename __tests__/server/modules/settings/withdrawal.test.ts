import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { WITHDRAWN_MEMBER_NAME } from '../../../../contract';
import { member, refreshToken, team, teamMember, workspace } from '../../../../server/db/schema';
import { issueRefreshToken } from '../../../../server/modules/auth/refresh-tokens';
import { type SignedInMember, asMember, signIn } from '../../support/members';
import { type TestDatabase, responseCookie, useTestApp } from '../../support/test-app';
import { createWorkspaceWith, joinWith, multipartFile } from '../../support/workspaces';

/**
 * Issue #4 withdrawal, `DELETE /api/workspace/setting/my-profile` (docs/product.md "Sign-in and session"): personal
 * data, sessions and memberships go in one transaction, the member row stays as an
 * anonymous tombstone, the workspace goes when its last member leaves.
 */
let testDb: TestDatabase;
let app: FastifyInstance;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
});

const db = () => testDb.database.db;
const withdraw = (who: SignedInMember) => asMember(app, who, 'DELETE', '/api/workspace/setting/my-profile');
const reissue = (cookie: string) =>
  app.inject({ method: 'POST', url: '/api/token/reissue', cookies: { refreshToken: cookie } });
const memberIds = async (who: SignedInMember) =>
  (await asMember(app, who, 'GET', '/api/workspace/setting/members'))
    .json()
    .result.map((m: { memberId: number }) => m.memberId);

describe('DELETE /api/workspace/setting/my-profile', () => {
  it('deletes personal data, sessions and memberships, keeps an anonymous tombstone, clears the cookie', async () => {
    const ws = await createWorkspaceWith(app, 'Leavers', '남는 사람', ['떠나는 사람']);
    const leaver = ws.members[0]!;
    const teamRes = await asMember(app, ws.owner, 'POST', '/api/workspace/setting/teams', {
      payload: { teamName: 'Sharing', memberId: [leaver.memberId] },
    });
    expect(teamRes.statusCode).toBe(201);
    const sharedTeam = teamRes.json().result.teamId as number;
    // A picture, and a second session (another device).
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const picture = await asMember(app, leaver, 'PATCH', '/api/workspace/setting/my-profile/profile-image', {
      ...(await multipartFile('image', 'me.png', 'image/png', png)),
    });
    const pictureUrl = picture.json().result.profileImageUrl as string;
    const otherDevice = await signIn(app, leaver.name, leaver.email);
    expect(otherDevice.memberId).toBe(leaver.memberId);

    const res = await withdraw(leaver);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'MEMBER200_1',
      message: '회원 탈퇴가 완료되었습니다.',
      result: null,
    });
    const cleared = responseCookie(res, 'refreshToken');
    expect(cleared).toMatchObject({ value: '', path: '/api/token', httpOnly: true });
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    // Every session is over: both refresh cookies and the access token.
    for (const cookie of [leaver.refreshToken, otherDevice.refreshToken]) {
      const again = await reissue(cookie);
      expect(again.statusCode).toBe(401);
      expect(again.json().code).toMatch(/^JWT401_/);
    }
    const stale = await asMember(app, leaver, 'GET', '/api/workspace/setting');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('JWT401_1');
    expect((await withdraw(otherDevice)).statusCode).toBe(401);

    // The tombstone: no personal data, no provider link, no workspace.
    const [row] = await db().select().from(member).where(eq(member.id, leaver.memberId));
    expect(row).toMatchObject({
      name: WITHDRAWN_MEMBER_NAME,
      email: null,
      profileImageUrl: null,
      provider: null,
      providerUserId: null,
      workspaceId: null,
    });
    expect(row!.withdrawnAt).toBeInstanceOf(Date);
    expect(await db().select().from(refreshToken).where(eq(refreshToken.memberId, leaver.memberId))).toEqual(
      [],
    );
    expect(await db().select().from(teamMember).where(eq(teamMember.memberId, leaver.memberId))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);

    // The others no longer see them; the teams stay, one member fewer.
    expect(await memberIds(ws.owner)).toEqual([ws.owner.memberId]);
    const teams = (await asMember(app, ws.owner, 'GET', '/api/workspace/setting/teams')).json().result
      .teamList;
    expect(teams.map((t: { teamId: number; memberCount: number }) => [t.teamId, t.memberCount])).toEqual([
      [ws.defaultTeamId, 1],
      [sharedTeam, 1],
    ]);
    // …and cannot put them on a team any more.
    const reuse = await asMember(app, ws.owner, 'POST', '/api/workspace/setting/teams', {
      payload: { teamName: 'Ghost Team', memberId: [leaver.memberId] },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('TEAM400_1');
  });

  it('makes the same account signing in again a brand-new member without a workspace', async () => {
    const ws = await createWorkspaceWith(app, 'Comeback', '주인', ['돌아올 사람']);
    const before = ws.members[0]!;
    expect((await withdraw(before)).statusCode).toBe(200);

    const again = await signIn(app, '돌아온 사람', before.email);
    expect(again.memberId).not.toBe(before.memberId);
    const setting = await asMember(app, again, 'GET', '/api/workspace/setting');
    expect(setting.statusCode).toBe(404);
    expect(setting.json().code).toBe('WORKSPACE404_0');
    const rows = await db().select().from(member).where(eq(member.email, before.email));
    expect(rows.map((r) => r.id)).toEqual([again.memberId]);
    expect(await memberIds(ws.owner)).toEqual([ws.owner.memberId]);

    // They may join again with the invite, as a new member.
    await joinWith(app, again, ws.token, ws.password);
    expect(await memberIds(ws.owner)).toEqual([ws.owner.memberId, again.memberId]);
  });

  it('deletes the workspace with its teams when its last member withdraws', async () => {
    const ws = await createWorkspaceWith(app, 'Lastone', '처음', ['마지막']);
    await asMember(app, ws.owner, 'POST', '/api/workspace/setting/teams', {
      payload: { teamName: 'Side Team', memberId: [ws.members[0]!.memberId] },
    });
    // The member first (the owner may not leave anyone behind, issue #23), then the owner alone.
    expect((await withdraw(ws.members[0]!)).statusCode).toBe(200);
    expect(await db().select().from(workspace).where(eq(workspace.id, ws.workspaceId))).toHaveLength(1);
    expect(await memberIds(ws.owner)).toEqual([ws.owner.memberId]);

    expect((await withdraw(ws.owner)).statusCode).toBe(200);
    expect(await db().select().from(workspace).where(eq(workspace.id, ws.workspaceId))).toEqual([]);
    expect(await db().select().from(team).where(eq(team.workspaceId, ws.workspaceId))).toEqual([]);

    // The invite leads nowhere now.
    const late = await signIn(app, '늦은 사람');
    const join = await asMember(app, late, 'POST', '/api/workspace/join', {
      payload: { token: ws.token, password: ws.password },
      ip: '10.99.0.1',
    });
    expect(join.statusCode).toBe(404);
    expect(join.json().code).toBe('WORKSPACE404_1');
  });

  it('deletes the workspace when its last two members withdraw at the same time', async () => {
    const ws = await createWorkspaceWith(app, 'Together', '동시 하나', ['동시 둘']);
    const [ownerResult, memberResult] = await Promise.all([withdraw(ws.owner), withdraw(ws.members[0]!)]);
    // The member always leaves; the owner leaves too when the member's withdrawal went first, else is told to
    // transfer ownership (409) and, now alone, withdraws afterwards (issue #23).
    expect(memberResult.statusCode).toBe(200);
    expect([200, 409]).toContain(ownerResult.statusCode);
    if (ownerResult.statusCode === 409) expect((await withdraw(ws.owner)).statusCode).toBe(200);
    expect(await db().select().from(workspace).where(eq(workspace.id, ws.workspaceId))).toEqual([]);
  });

  it('races cleanly with reissues of the same member (no 500s) and leaves no usable token', async () => {
    const ws = await createWorkspaceWith(app, 'Racing', '경주 주인', ['하나', '둘', '셋', '넷']);
    const outcomes = await Promise.all(
      ws.members.map(async (who) => {
        const [reissued, withdrawn] = await Promise.all([reissue(who.refreshToken), withdraw(who)]);
        return { who, reissued, withdrawn };
      }),
    );
    for (const { who, reissued, withdrawn } of outcomes) {
      expect(withdrawn.statusCode).toBe(200);
      expect([200, 401]).toContain(reissued.statusCode);
      const next = responseCookie(reissued, 'refreshToken')?.value;
      if (next) expect((await reissue(next)).statusCode).toBe(401);
      expect(await db().select().from(refreshToken).where(eq(refreshToken.memberId, who.memberId))).toEqual(
        [],
      );
    }
    expect(await memberIds(ws.owner)).toEqual([ws.owner.memberId]);
  });

  it('refuses (and drops) a refresh token a racing sign-in left for a withdrawn member', async () => {
    const who = await signIn(app, '경합');
    expect((await withdraw(who)).statusCode).toBe(200);
    const late = await issueRefreshToken(db(), who.memberId);
    const res = await reissue(late.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('JWT401_6');
    expect(await db().select().from(refreshToken).where(eq(refreshToken.memberId, who.memberId))).toEqual([]);
  });

  it('works before the member has a workspace', async () => {
    const loner = await signIn(app, '혼자');
    const res = await withdraw(loner);
    expect(res.statusCode).toBe(200);
    expect((await reissue(loner.refreshToken)).statusCode).toBe(401);
  });

  it('leaves logout as it was', async () => {
    const who = await signIn(app, '로그아웃');
    const res = await app.inject({
      method: 'POST',
      url: '/api/token/logout',
      cookies: { refreshToken: who.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe('AUTH200_1');
    expect((await reissue(who.refreshToken)).statusCode).toBe(401);
  });
});

describe('the owner and withdrawal (issue #23, docs/security.md "Roles")', () => {
  it('refuses the owner while others remain (409 MEMBER409_0), changes nothing, and allows it after a transfer', async () => {
    const ws = await createWorkspaceWith(app, 'Owners', '소유자', ['다음 소유자']);
    const refused = await withdraw(ws.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MEMBER409_0', isSuccess: false });
    expect(refused.json().message).toContain('소유권을 넘겨');
    // Still a member with a working session.
    expect(await memberIds(ws.owner)).toEqual([ws.owner.memberId, ws.members[0]!.memberId]);

    const transfer = await asMember(app, ws.owner, 'POST', '/api/workspace/setting/owner', {
      payload: { memberId: ws.members[0]!.memberId },
    });
    expect(transfer.statusCode).toBe(200);
    expect((await withdraw(ws.owner)).statusCode).toBe(200);
    // The workspace stays with its new owner, and the withdrawal is in the audit log.
    const audit = await asMember(app, ws.members[0]!, 'GET', '/api/workspace/setting/audit');
    expect(audit.json().result.entries[0]).toMatchObject({
      action: 'member.withdrew',
      actorId: ws.owner.memberId,
      targetName: '소유자',
    });
  });
});
