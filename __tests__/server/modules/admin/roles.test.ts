import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUDIT_RETENTION_DAYS } from '../../../../contract';
import { auditLog, member, refreshToken, teamMember, workspace } from '../../../../server/db/schema';
import { recordAudit } from '../../../../server/modules/audit/record';
import { type SignedInMember, asMember, signIn } from '../../support/members';
import { createItemOk, createTeamWith } from '../../support/items';
import { type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith, freshIp, joinWith } from '../../support/workspaces';
import { openStream } from '../../support/events';

/**
 * Issue #23 workspace roles and administration (docs/security.md "Roles", "Invites", "Audit log"): role rules,
 * ownership transfer, removal, invite rotation and expiry, and the audit entries each action writes.
 */
// Several sign-ins and a real event stream per test: allow for a busy machine.
jest.setTimeout(30_000);

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await createTestApp({ database: testDb.database }));
  // Live event streams are read over real HTTP.
  await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const db = () => testDb.database.db;
const setRole = (who: SignedInMember, target: SignedInMember, role: string) =>
  asMember(app, who, 'PATCH', `/api/workspace/setting/members/${target.memberId}/role`, {
    payload: { role },
  });
const transfer = (who: SignedInMember, target: SignedInMember) =>
  asMember(app, who, 'POST', '/api/workspace/setting/owner', { payload: { memberId: target.memberId } });
const remove = (who: SignedInMember, target: SignedInMember) =>
  asMember(app, who, 'DELETE', `/api/workspace/setting/members/${target.memberId}`);
const roles = async (who: SignedInMember) =>
  Object.fromEntries(
    (await asMember(app, who, 'GET', '/api/workspace/setting/members'))
      .json()
      .result.map((m: { name: string; role: string }) => [m.name, m.role]),
  );
const audit = async (who: SignedInMember, query = '') => {
  const res = await asMember(app, who, 'GET', `/api/workspace/setting/audit${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().result as {
    entries: {
      id: number;
      action: string;
      actorId: number | null;
      actorName: string;
      targetName: string | null;
      details: Record<string, unknown> | null;
      ip: string | null;
    }[];
    nextBefore: number | null;
  };
};
const newest = async (who: SignedInMember) => (await audit(who)).entries[0]!;

/** A workspace of 소유자 with 관리자 (promoted) and 멤버1, 멤버2. */
async function staffed(
  name: string,
): Promise<TestWorkspace & { admin: SignedInMember; m1: SignedInMember; m2: SignedInMember }> {
  const ws = await createWorkspaceWith(app, name, '소유자', ['관리자', '멤버1', '멤버2']);
  const [admin, m1, m2] = ws.members as [SignedInMember, SignedInMember, SignedInMember];
  expect((await setRole(ws.owner, admin, 'admin')).statusCode).toBe(200);
  return { ...ws, admin, m1, m2 };
}

describe('roles', () => {
  it('shows every member’s role; the creator is the owner, joiners are members', async () => {
    const ws = await createWorkspaceWith(app, 'Roleshow', '만든 사람', ['들어온 사람']);
    expect(await roles(ws.members[0]!)).toEqual({ '만든 사람': 'owner', '들어온 사람': 'member' });
    const profile = await asMember(app, ws.members[0]!, 'GET', '/api/workspace/setting');
    expect(profile.json().result).toMatchObject({ myRole: 'member', inviteUrl: null, invitePassword: null });
  });

  it('lets the owner promote and demote, writes the audit entry and publishes member.role_changed', async () => {
    const ws = await createWorkspaceWith(app, 'Promote', '소유자', ['승진자']);
    const target = ws.members[0]!;
    const stream = await openStream(app, target);
    try {
      const promoted = await setRole(ws.owner, target, 'admin');
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({
        code: 'ADMIN200_0',
        result: { memberId: target.memberId, role: 'admin' },
      });
      expect(await roles(target)).toMatchObject({ 승진자: 'admin' });
      const event = await stream.next((e) => e.type === 'member.role_changed', 'role change');
      expect(event).toMatchObject({ memberId: target.memberId, role: 'admin', actorId: ws.owner.memberId });
    } finally {
      stream.close();
    }
    expect(await newest(ws.owner)).toMatchObject({
      action: 'member.role_changed',
      actorId: ws.owner.memberId,
      actorName: '소유자',
      targetName: '승진자',
      details: { from: 'member', to: 'admin' },
      ip: '127.0.0.1',
    });
    // The next request already sees the new role: the admin reads the audit log.
    expect((await asMember(app, target, 'GET', '/api/workspace/setting/audit')).statusCode).toBe(200);

    expect((await setRole(ws.owner, target, 'member')).statusCode).toBe(200);
    expect(await roles(ws.owner)).toMatchObject({ 승진자: 'member' });
    // …and the demotion applies at once too.
    expect((await asMember(app, target, 'GET', '/api/workspace/setting/audit')).json().code).toBe(
      'ROLE403_0',
    );
  });

  it('keeps the last (only) owner: the owner cannot demote themselves; nobody changes the owner’s role', async () => {
    const ws = await staffed('Lastowner');
    for (const [who, role] of [
      [ws.owner, 'member'],
      [ws.owner, 'admin'],
      [ws.admin, 'member'],
    ] as const) {
      const res = await setRole(who, ws.owner, role);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ADMIN409_0');
    }
    const owners = await db().select().from(member).where(eq(member.workspaceId, ws.workspaceId));
    expect(owners.filter((m) => m.role === 'owner').map((m) => m.id)).toEqual([ws.owner.memberId]);
  });

  it('lets an admin give up their own admin role, but not change anyone else’s', async () => {
    const ws = await staffed('Selfdemote');
    const promote = await setRole(ws.admin, ws.m1, 'admin');
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('ROLE403_1');
    expect((await setRole(ws.m1, ws.m1, 'admin')).json().code).toBe('ROLE403_0');

    const self = await setRole(ws.admin, ws.admin, 'member');
    expect(self.statusCode).toBe(200);
    expect(await roles(ws.owner)).toMatchObject({ 관리자: 'member' });
    expect(await newest(ws.owner)).toMatchObject({
      action: 'member.role_changed',
      actorId: ws.admin.memberId,
      details: { from: 'admin', to: 'member' },
    });
    // No way back without the owner.
    expect((await setRole(ws.admin, ws.admin, 'admin')).json().code).toBe('ROLE403_0');
  });

  it('answers 404 for a member of another workspace and 400 for a bad role or id', async () => {
    const ws = await staffed('Otherws');
    const stranger = await createWorkspaceWith(app, 'Stranger', '남');
    expect((await setRole(ws.owner, stranger.owner, 'admin')).json().code).toBe('ADMIN404_0');
    expect((await setRole(ws.owner, ws.m1, 'owner')).statusCode).toBe(400);
    const badId = await asMember(app, ws.owner, 'PATCH', '/api/workspace/setting/members/0/role', {
      payload: { role: 'admin' },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('transfers ownership in one step: the old owner becomes an admin; only the owner may', async () => {
    const ws = await staffed('Transfer');
    expect((await transfer(ws.admin, ws.m1)).json().code).toBe('ROLE403_1');
    expect((await transfer(ws.m1, ws.m1)).json().code).toBe('ROLE403_0');
    expect((await transfer(ws.owner, ws.owner)).json().code).toBe('ADMIN400_0');

    const res = await transfer(ws.owner, ws.m1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'ADMIN200_1',
      result: { memberId: ws.m1.memberId, role: 'owner' },
    });
    expect(await roles(ws.owner)).toEqual({
      소유자: 'admin',
      관리자: 'admin',
      멤버1: 'owner',
      멤버2: 'member',
    });
    expect(await newest(ws.m1)).toMatchObject({
      action: 'workspace.ownership_transferred',
      actorId: ws.owner.memberId,
      targetName: '멤버1',
      details: { from: ws.owner.memberId, fromName: '소유자', previousRole: 'member' },
    });
    // The old owner's next request already acts as an admin: no more owner-only actions.
    expect((await transfer(ws.owner, ws.m2)).json().code).toBe('ROLE403_1');
  });

  it('never leaves two owners when two transfers race', async () => {
    const ws = await staffed('Racetrans');
    const results = await Promise.all([transfer(ws.owner, ws.m1), transfer(ws.owner, ws.m2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const rows = await db().select().from(member).where(eq(member.workspaceId, ws.workspaceId));
    expect(rows.filter((m) => m.role === 'owner')).toHaveLength(1);
  });
});

describe('removal', () => {
  it('removes a member: workspace, teams and sessions gone, 401 on the next request, names keep "(내보낸 멤버)"', async () => {
    const ws = await staffed('Removal');
    const b = ws.m1;
    const teamId = await createTeamWith(app, ws.owner, 'Side Team', [b.memberId]);
    const issueId = await createItemOk(app, ws.owner, ws.defaultTeamId, 'issues', {
      title: '같이 하는 일',
      managersId: [b.memberId],
    });
    const comment = await asMember(app, b, 'POST', '/api/comments', {
      payload: { category: 'ISSUE', targetId: issueId, content: '제가 할게요' },
    });
    expect(comment.statusCode).toBe(201);
    const stream = await openStream(app, b);

    const res = await remove(ws.admin, b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'ADMIN200_2', result: null });

    // B's open stream gets member.removed, then ends.
    const event = await stream.next((e) => e.type === 'member.removed', 'removal');
    expect(event).toMatchObject({ memberId: b.memberId, actorId: ws.admin.memberId });
    await stream.waitFor((c) => c.ended, 'the stream to end');

    // The very next request with B's (unexpired) access token: 401; renewal fails too.
    const next = await asMember(app, b, 'GET', '/api/workspace/setting/members');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('JWT401_1');
    const renewal = await app.inject({
      method: 'POST',
      url: '/api/token/reissue',
      cookies: { refreshToken: b.refreshToken },
    });
    expect(renewal.statusCode).toBe(401);
    const tokens = await db().select().from(refreshToken).where(eq(refreshToken.memberId, b.memberId));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);

    const [row] = await db().select().from(member).where(eq(member.id, b.memberId));
    expect(row).toMatchObject({ workspaceId: null, role: 'member', removedFromWorkspaceId: ws.workspaceId });
    expect(row!.removedAt).toBeInstanceOf(Date);
    expect(await db().select().from(teamMember).where(eq(teamMember.memberId, b.memberId))).toEqual([]);
    expect(Object.keys(await roles(ws.owner))).not.toContain('멤버1');
    void teamId;

    // Their work stays, named "멤버1 (내보낸 멤버)": manager in the list and the detail, comment author.
    const list = await asMember(app, ws.owner, 'GET', `/api/teams/${ws.defaultTeamId}/issues?query=STATE`);
    const managers = list
      .json()
      .result.data.flatMap(
        (g: { items: { id: number; managers: { info: { name: string }[] } }[] }) => g.items,
      )
      .find((i: { id: number }) => i.id === issueId).managers.info;
    expect(managers.map((m: { name: string }) => m.name)).toEqual(['멤버1 (내보낸 멤버)']);
    const detail = await asMember(app, ws.owner, 'GET', `/api/issues/${issueId}`);
    expect(detail.json().result.managers.info.map((m: { name: string }) => m.name)).toEqual([
      '멤버1 (내보낸 멤버)',
    ]);
    const byManager = await asMember(
      app,
      ws.owner,
      'GET',
      `/api/teams/${ws.defaultTeamId}/issues?query=MANAGER`,
    );
    expect(byManager.json().result.data.map((g: { filterName: string }) => g.filterName)).toContain(
      '멤버1 (내보낸 멤버)',
    );
    const comments = await asMember(app, ws.owner, 'GET', `/api/comments?category=ISSUE&targetId=${issueId}`);
    expect(comments.json().result.info.map((c: { name: string }) => c.name)).toEqual(['멤버1 (내보낸 멤버)']);

    expect(await newest(ws.owner)).toMatchObject({
      action: 'member.removed',
      actorId: ws.admin.memberId,
      targetName: '멤버1',
      details: { role: 'member' },
    });

    // B signs in again (a new access token, after the removal): no workspace, may join again with the invite,
    // and then the suffix goes.
    // (Access tokens carry whole seconds: one issued in the second of the removal is refused too.)
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await signIn(app, '멤버1', b.email);
    expect(again.memberId).toBe(b.memberId);
    expect((await asMember(app, again, 'GET', '/api/workspace/setting')).json().code).toBe('WORKSPACE404_0');
    await joinWith(app, again, ws.token, ws.password);
    const back = await asMember(app, ws.owner, 'GET', `/api/comments?category=ISSUE&targetId=${issueId}`);
    expect(back.json().result.info.map((c: { name: string }) => c.name)).toEqual(['멤버1']);
  });

  it('lets only the owner remove an admin; nobody removes the owner or themselves; members remove nobody', async () => {
    const ws = await staffed('Removing');
    expect((await remove(ws.m1, ws.m2)).json().code).toBe('ROLE403_0');
    expect((await setRole(ws.owner, ws.m1, 'admin')).statusCode).toBe(200);
    const adminOnAdmin = await remove(ws.admin, ws.m1);
    expect(adminOnAdmin.statusCode).toBe(403);
    expect(adminOnAdmin.json().code).toBe('ROLE403_1');
    expect((await remove(ws.admin, ws.owner)).json().code).toBe('ADMIN409_0');
    expect((await remove(ws.owner, ws.owner)).json().code).toBe('ADMIN400_0');
    expect((await remove(ws.admin, ws.admin)).json().code).toBe('ADMIN400_0');
    expect((await remove(ws.owner, ws.m1)).statusCode).toBe(200);
    expect(await roles(ws.owner)).toEqual({ 소유자: 'owner', 관리자: 'admin', 멤버2: 'member' });
  });
});

describe('invites', () => {
  const join = (who: SignedInMember, token: string, password: string) =>
    asMember(app, who, 'POST', '/api/workspace/join', { payload: { token, password }, ip: freshIp() });
  const preview = (who: SignedInMember, token: string) =>
    asMember(app, who, 'GET', `/api/workspace/invite-preview?token=${encodeURIComponent(token)}`);

  it('names the workspace by its display name, and says when the caller already belongs to it', async () => {
    const ws = await createWorkspaceWith(app, 'Preview Me', '주인');
    const invitee = await signIn(app, '초대받은 이');
    const res = await preview(invitee, ws.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ workspaceName: 'Preview Me', alreadyMember: false });
    expect((await preview(ws.owner, ws.token)).json().result.alreadyMember).toBe(true);
  });

  it('rotates: the old link answers "초대 링크가 만료되었습니다" at once, the new one works; admins only', async () => {
    const ws = await staffed('Rotate');
    expect((await asMember(app, ws.m1, 'POST', '/api/workspace/setting/invite/rotate')).json().code).toBe(
      'ROLE403_0',
    );
    const res = await asMember(app, ws.admin, 'POST', '/api/workspace/setting/invite/rotate');
    expect(res.statusCode).toBe(200);
    const next = res.json().result as { inviteUrl: string; invitePassword: string };
    const newToken = new URL(next.inviteUrl).searchParams.get('token')!;
    expect(newToken).not.toBe(ws.token);
    expect(next.invitePassword).not.toBe(ws.password);

    const late = await signIn(app, '늦은 초대');
    const old = await join(late, ws.token, ws.password);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({
      code: 'WORKSPACE404_1',
      message: expect.stringContaining('초대 링크가 만료되었습니다'),
    });
    expect((await preview(late, ws.token)).json().code).toBe('WORKSPACE404_1');
    expect((await join(late, newToken, next.invitePassword)).statusCode).toBe(200);

    const entries = (await audit(ws.owner)).entries;
    const rotated = entries.find((e) => e.action === 'invite.rotated')!;
    expect(rotated).toMatchObject({ actorId: ws.admin.memberId, details: { expiry: 'never' } });
    // No secrets in the log.
    expect(JSON.stringify(entries)).not.toContain(next.invitePassword);
    expect(JSON.stringify(entries)).not.toContain(newToken);
    expect(entries[0]).toMatchObject({
      action: 'member.joined',
      actorId: late.memberId,
      targetName: '늦은 초대',
    });
  });

  it('expires after 7 or 30 days (counted from the choice or rotation), never with `never`', async () => {
    const ws = await staffed('Expiry');
    const choose = (inviteExpiry: string) =>
      asMember(app, ws.admin, 'PATCH', '/api/workspace/setting/invite', { payload: { inviteExpiry } });
    expect(
      (
        await asMember(app, ws.m1, 'PATCH', '/api/workspace/setting/invite', {
          payload: { inviteExpiry: '7d' },
        })
      ).json().code,
    ).toBe('ROLE403_0');
    expect((await choose('1d')).statusCode).toBe(400);

    const seven = await choose('7d');
    expect(seven.statusCode).toBe(200);
    const expiresAt = Date.parse(seven.json().result.inviteExpiresAt);
    expect(Math.abs(expiresAt - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    expect(await newest(ws.owner)).toMatchObject({
      action: 'invite.expiry_changed',
      details: { from: 'never', to: '7d' },
    });

    const thirty = await choose('30d');
    expect(
      Math.abs(Date.parse(thirty.json().result.inviteExpiresAt) - (Date.now() + 30 * 86_400_000)),
    ).toBeLessThan(60_000);

    // Time passes: the invite is expired and answers like a rotated one.
    await db()
      .update(workspace)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspace.id, ws.workspaceId));
    const late = await signIn(app, '만료 후');
    const expired = await join(late, ws.token, ws.password);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toContain('초대 링크가 만료되었습니다');

    // Rotation starts a new 30-day period.
    const rotated = await asMember(app, ws.admin, 'POST', '/api/workspace/setting/invite/rotate');
    const { inviteUrl, invitePassword, inviteExpiresAt } = rotated.json().result;
    expect(Date.parse(inviteExpiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await join(late, new URL(inviteUrl).searchParams.get('token')!, invitePassword)).statusCode).toBe(
      200,
    );

    const never = await choose('never');
    expect(never.json().result).toMatchObject({ inviteExpiry: 'never', inviteExpiresAt: null });
  });
});

describe('workspace profile', () => {
  it('lets admins rename the workspace (slug kept), refuses members and bad names, and logs it', async () => {
    const ws = await staffed('Renameme');
    const rename = (who: SignedInMember, workspaceName: string) =>
      asMember(app, who, 'PATCH', '/api/workspace/setting', { payload: { workspaceName } });
    expect((await rename(ws.m1, 'Newname')).json().code).toBe('ROLE403_0');
    const bad = await rename(ws.admin, '1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('WORKSPACE400_1');
    const stream = await openStream(app, ws.m1);
    const res = await rename(ws.admin, 'Newname');
    expect(res.statusCode).toBe(200);
    // Open tabs refresh the profile (sidebar, profile page).
    try {
      expect(await stream.next((e) => e.type === 'workspace.updated', 'workspace.updated')).toMatchObject({
        actorId: ws.admin.memberId,
      });
    } finally {
      stream.close();
    }
    const profile = (await asMember(app, ws.m1, 'GET', '/api/workspace/setting')).json().result;
    expect(profile).toMatchObject({ workspaceName: 'Newname' });
    expect(profile.workspaceUrl).toMatch(/\/renameme$/);
    expect(await newest(ws.owner)).toMatchObject({
      action: 'workspace.renamed',
      details: { from: 'Renameme', to: 'Newname' },
    });
  });

  it('lets admins change and remove the logo, members not', async () => {
    const ws = await staffed('Logos');
    const { default: sharp } = await import('sharp');
    const { multipartFile } = await import('../../support/workspaces');
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const body = await multipartFile('image', 'logo.png', 'image/png', png);
    expect((await asMember(app, ws.m1, 'PATCH', '/api/workspace/setting/image', body)).json().code).toBe(
      'ROLE403_0',
    );
    const res = await asMember(app, ws.admin, 'PATCH', '/api/workspace/setting/image', body);
    expect(res.statusCode).toBe(200);
    const url = res.json().result.workspaceImageUrl as string;
    expect(
      (await asMember(app, ws.m1, 'GET', '/api/workspace/setting')).json().result.workspaceImageUrl,
    ).toBe(url);
    expect(await newest(ws.owner)).toMatchObject({
      action: 'workspace.image_changed',
      details: { removed: false },
    });
    expect((await asMember(app, ws.m1, 'DELETE', '/api/workspace/setting/image')).json().code).toBe(
      'ROLE403_0',
    );
    expect((await asMember(app, ws.admin, 'DELETE', '/api/workspace/setting/image')).statusCode).toBe(200);
    expect(await newest(ws.owner)).toMatchObject({
      action: 'workspace.image_changed',
      details: { removed: true },
    });
  });
});

describe('audit log listing', () => {
  it('lists newest first in keyset pages, admins only, and offers no way to change entries', async () => {
    const ws = await staffed('Auditpage');
    // staffed: 3 joins + 1 promotion = 4 entries; add 3 more role changes.
    await setRole(ws.owner, ws.m1, 'admin');
    await setRole(ws.owner, ws.m1, 'member');
    await setRole(ws.owner, ws.m2, 'admin');
    const first = await audit(ws.admin, '?size=3');
    expect(first.entries.map((e) => e.action)).toEqual([
      'member.role_changed',
      'member.role_changed',
      'member.role_changed',
    ]);
    expect(first.entries[0]!.targetName).toBe('멤버2');
    const second = await audit(ws.admin, `?size=3&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.action)).toEqual([
      'member.role_changed',
      'member.joined',
      'member.joined',
    ]);
    const third = await audit(ws.admin, `?size=3&before=${second.nextBefore}`);
    expect(third.entries.map((e) => e.action)).toEqual(['member.joined']);
    expect(third.nextBefore).toBeNull();
    const ids = [...first.entries, ...second.entries, ...third.entries].map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    // Another workspace's entries never show.
    const other = await createWorkspaceWith(app, 'Otheraudit', '딴 사람', ['딴 멤버']);
    expect((await audit(other.owner)).entries.map((e) => e.action)).toEqual(['member.joined']);

    const denied = await asMember(app, ws.m1, 'GET', '/api/workspace/setting/audit');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('ROLE403_0');
    expect((await asMember(app, null, 'GET', '/api/workspace/setting/audit')).statusCode).toBe(401);
    expect((await asMember(app, ws.owner, 'GET', '/api/workspace/setting/audit?size=0')).statusCode).toBe(
      400,
    );
    expect((await asMember(app, ws.owner, 'GET', '/api/workspace/setting/audit?before=abc')).statusCode).toBe(
      400,
    );
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST'] as const) {
      const res = await asMember(app, ws.owner, method, '/api/workspace/setting/audit', { payload: {} });
      expect([404, 405]).toContain(res.statusCode);
    }
  });

  it('prunes entries older than the retention with the daily run', async () => {
    const ws = await createWorkspaceWith(app, 'Prune', '정리');
    await recordAudit(db(), {
      workspaceId: ws.workspaceId,
      actorId: ws.owner.memberId,
      action: 'invite.rotated',
    });
    await db()
      .update(auditLog)
      .set({ createdAt: sql`now() - make_interval(days => ${AUDIT_RETENTION_DAYS + 1})` })
      .where(eq(auditLog.workspaceId, ws.workspaceId));
    await recordAudit(db(), {
      workspaceId: ws.workspaceId,
      actorId: ws.owner.memberId,
      action: 'invite.expiry_changed',
    });
    await (app as unknown as { alarms: { runReminder(): Promise<unknown> } }).alarms.runReminder();
    const left = await db().select().from(auditLog).where(eq(auditLog.workspaceId, ws.workspaceId));
    expect(left.map((e) => e.action)).toEqual(['invite.expiry_changed']);
  });
});
