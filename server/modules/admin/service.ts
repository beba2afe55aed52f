import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  INVITE_EXPIRY_DAYS,
  type InviteExpiry,
  type WorkspaceRole,
  isAdminRole,
} from '../../../contract/roles';
import type { Db } from '../../db';
import { member, refreshToken, team, teamMember, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { type CallerRole, callerRole } from '../../http/roles';
import { recordAudit } from '../audit';
import { publishEvent } from '../events';
import { generateInvitePassword, generateInviteToken } from '../workspace';

/*
 * Workspace administration (issue #23, docs/security.md "Roles", "Invites", "Audit log"). Every change runs in one
 * transaction that first locks the workspace row (`FOR UPDATE`) and then reads the caller's role again, so two
 * admins acting at once are serialised and each sees the other's result; the audit entry and the live event are
 * written in the same transaction (the event reaches streams only after the commit).
 */

/** Who acts and from where (`request.memberId`, `request.ip`). */
export interface Actor {
  memberId: number;
  ip: string;
}

/** A member of the caller's workspace as the admin actions need them. */
interface Target {
  id: number;
  name: string;
  role: WorkspaceRole;
}

/**
 * Locks the caller's workspace and returns the caller's role in it (read after the lock). 404 `WORKSPACE404_0`
 * without a workspace; `JWT401_1` when the member is gone.
 */
async function lockCallerWorkspace(tx: Db, memberId: number): Promise<CallerRole> {
  const before = await callerRole(tx, memberId);
  if (!before) throw new ApiError('WORKSPACE404_0');
  await tx
    .select({ id: workspace.id })
    .from(workspace)
    .where(eq(workspace.id, before.workspaceId))
    .for('update');
  const caller = await callerRole(tx, memberId);
  if (!caller || caller.workspaceId !== before.workspaceId) throw new ApiError('WORKSPACE404_0');
  return caller;
}

/** 403 `ROLE403_0` unless the caller is an admin or the owner. */
function assertAdmin(caller: CallerRole): void {
  if (!isAdminRole(caller.role)) throw new ApiError('ROLE403_0');
}

/** A current member of `workspaceId` (locked `FOR UPDATE`); 404 `ADMIN404_0` otherwise (also other workspaces). */
async function lockTarget(tx: Db, workspaceId: number, memberId: number): Promise<Target> {
  const [row] = await tx
    .select({ id: member.id, name: member.name, role: member.role })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.workspaceId, workspaceId), isNull(member.withdrawnAt)))
    .for('update');
  if (!row) throw new ApiError('ADMIN404_0');
  return { id: row.id, name: row.name, role: row.role as WorkspaceRole };
}

/**
 * Sets `targetId`'s role to `role` (`admin` or `member`), docs/security.md "Roles":
 * - the owner promotes members and demotes admins;
 * - an admin may give up their own admin role (`role: 'member'` on themselves), nothing else;
 * - members: 403 `ROLE403_0`; an admin acting on someone else: 403 `ROLE403_1`;
 * - the owner's role never changes here (409 `ADMIN409_0`: ownership moves by transfer), the owner included;
 * - a target outside the caller's workspace: 404 `ADMIN404_0`.
 * Setting the role a member already has changes nothing (no audit entry, no event). Otherwise writes
 * `member.role_changed` to the audit log (`details: { from, to }`) and publishes the live event.
 */
export async function changeRole(
  db: Db,
  actor: Actor,
  targetId: number,
  role: 'admin' | 'member',
): Promise<{ memberId: number; role: WorkspaceRole }> {
  return db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    const target = await lockTarget(tx, caller.workspaceId, targetId);
    if (target.role === 'owner') throw new ApiError('ADMIN409_0');
    const selfDemotion = caller.role === 'admin' && target.id === actor.memberId && role === 'member';
    if (caller.role !== 'owner' && !selfDemotion) throw new ApiError('ROLE403_1');
    if (target.role === role) return { memberId: target.id, role: target.role };

    await tx.update(member).set({ role, updatedAt: new Date() }).where(eq(member.id, target.id));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'member.role_changed',
      target: { type: 'member', id: target.id, name: target.name },
      details: { from: target.role, to: role },
      ip: actor.ip,
    });
    await publishEvent(tx, caller.workspaceId, {
      type: 'member.role_changed',
      actorId: actor.memberId,
      memberId: target.id,
      role,
    });
    return { memberId: target.id, role };
  });
}

/**
 * Transfers ownership to `targetId` (docs/security.md "Roles"): owner only (403 `ROLE403_1`; members 403
 * `ROLE403_0`); the target is a current member of the workspace (404 `ADMIN404_0`), not the caller (400
 * `ADMIN400_0`). One transaction: the old owner becomes an admin first, then the target the owner — the partial
 * unique index `member_one_owner_per_workspace` guarantees one owner at every commit. Audit
 * `workspace.ownership_transferred` (`details: { from: <old owner id>, fromName, toRole: previous role }`) and two
 * `member.role_changed` events.
 */
export async function transferOwnership(
  db: Db,
  actor: Actor,
  targetId: number,
): Promise<{ memberId: number; role: WorkspaceRole }> {
  return db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    if (caller.role !== 'owner') throw new ApiError('ROLE403_1');
    if (targetId === actor.memberId) throw new ApiError('ADMIN400_0');
    const target = await lockTarget(tx, caller.workspaceId, targetId);
    const [me] = await tx.select({ name: member.name }).from(member).where(eq(member.id, actor.memberId));

    const now = new Date();
    await tx.update(member).set({ role: 'admin', updatedAt: now }).where(eq(member.id, actor.memberId));
    await tx.update(member).set({ role: 'owner', updatedAt: now }).where(eq(member.id, target.id));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'workspace.ownership_transferred',
      target: { type: 'member', id: target.id, name: target.name },
      details: { from: actor.memberId, fromName: me?.name ?? null, previousRole: target.role },
      ip: actor.ip,
    });
    for (const [memberId, role] of [
      [actor.memberId, 'admin'],
      [target.id, 'owner'],
    ] as const) {
      await publishEvent(tx, caller.workspaceId, {
        type: 'member.role_changed',
        actorId: actor.memberId,
        memberId,
        role,
      });
    }
    return { memberId: target.id, role: 'owner' };
  });
}

/**
 * Removes `targetId` from the caller's workspace (docs/security.md "Roles", removal). Admins remove members, only
 * the owner removes admins (403 `ROLE403_1`), nobody removes the owner (409 `ADMIN409_0`) or themselves (400
 * `ADMIN400_0`: leaving is withdrawal); members 403 `ROLE403_0`; another workspace's member 404 `ADMIN404_0`.
 * One transaction: `workspace_id` null, `role` member, `removed_from_workspace_id` and `removed_at` set (their
 * access tokens issued before it are refused from now on, require-member.ts), every team membership of the
 * workspace deleted, every refresh token revoked, audit `member.removed`, live event `member.removed` (the hub
 * delivers it to the removed member's streams, then ends them). Their items, comments and manager assignments stay.
 */
export async function removeMember(db: Db, actor: Actor, targetId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    if (targetId === actor.memberId) throw new ApiError('ADMIN400_0');
    const target = await lockTarget(tx, caller.workspaceId, targetId);
    if (target.role === 'owner') throw new ApiError('ADMIN409_0');
    if (target.role === 'admin' && caller.role !== 'owner') throw new ApiError('ROLE403_1');

    const teams = tx.select({ id: team.id }).from(team).where(eq(team.workspaceId, caller.workspaceId));
    await tx
      .delete(teamMember)
      .where(and(eq(teamMember.memberId, target.id), inArray(teamMember.teamId, teams)));
    await tx
      .update(refreshToken)
      .set({ revokedAt: now })
      .where(and(eq(refreshToken.memberId, target.id), isNull(refreshToken.revokedAt)));
    await tx
      .update(member)
      .set({
        workspaceId: null,
        role: 'member',
        removedAt: now,
        removedFromWorkspaceId: caller.workspaceId,
        updatedAt: now,
      })
      .where(eq(member.id, target.id));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'member.removed',
      target: { type: 'member', id: target.id, name: target.name },
      details: { role: target.role },
      ip: actor.ip,
    });
    await publishEvent(tx, caller.workspaceId, {
      type: 'member.removed',
      actorId: actor.memberId,
      memberId: target.id,
    });
  });
}

/**
 * Renames the caller's workspace (admins; `name` already validated). The URL slug stays, so links keep working.
 * Same name: nothing changes. Audit `workspace.renamed` (`details: { from, to }`); live event `workspace.updated`.
 */
export async function renameWorkspace(db: Db, actor: Actor, name: string): Promise<string> {
  return db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    const [ws] = await tx
      .select({ name: workspace.name })
      .from(workspace)
      .where(eq(workspace.id, caller.workspaceId));
    if (!ws || ws.name === name) return name;
    await tx.update(workspace).set({ name }).where(eq(workspace.id, caller.workspaceId));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'workspace.renamed',
      target: { type: 'workspace', id: caller.workspaceId, name },
      details: { from: ws.name, to: name },
      ip: actor.ip,
    });
    await publishEvent(tx, caller.workspaceId, { type: 'workspace.updated', actorId: actor.memberId });
    return name;
  });
}

/**
 * Sets the workspace logo (`url`, or null to remove it); admins. Returns the previous URL (the caller deletes that
 * file after the commit). Audit `workspace.image_changed` (`details: { removed }`).
 */
export async function setWorkspaceImage(db: Db, actor: Actor, url: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    const [ws] = await tx
      .select({ name: workspace.name, imageUrl: workspace.imageUrl })
      .from(workspace)
      .where(eq(workspace.id, caller.workspaceId));
    await tx.update(workspace).set({ imageUrl: url }).where(eq(workspace.id, caller.workspaceId));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'workspace.image_changed',
      target: { type: 'workspace', id: caller.workspaceId, name: ws?.name ?? null },
      details: { removed: url === null },
      ip: actor.ip,
    });
    await publishEvent(tx, caller.workspaceId, { type: 'workspace.updated', actorId: actor.memberId });
    return ws?.imageUrl ?? null;
  });
}

/** When an invite made at `from` with `expiry` expires (null: never). */
export function inviteExpiresAt(expiry: InviteExpiry, from: Date): Date | null {
  const days = INVITE_EXPIRY_DAYS[expiry];
  return days === null ? null : new Date(from.getTime() + days * 24 * 60 * 60 * 1000);
}

/** The workspace's invite as admins see it (token, password, expiry); see `adminInvite` in the routes. */
export interface InviteRow {
  workspaceId: number;
  slug: string;
  inviteToken: string;
  invitePassword: string;
  inviteExpiry: InviteExpiry;
  inviteExpiresAt: Date | null;
}

async function inviteRow(tx: Db, workspaceId: number): Promise<InviteRow> {
  const [row] = await tx
    .select({
      workspaceId: workspace.id,
      slug: workspace.slug,
      inviteToken: workspace.inviteToken,
      invitePassword: workspace.invitePassword,
      inviteExpiry: workspace.inviteExpiry,
      inviteExpiresAt: workspace.inviteExpiresAt,
    })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  if (!row) throw new ApiError('WORKSPACE404_0');
  return { ...row, inviteExpiry: row.inviteExpiry as InviteExpiry };
}

/** The caller's workspace invite; admins only (403 `ROLE403_0`). */
export async function readInvite(db: Db, memberId: number): Promise<InviteRow> {
  const caller = await callerRole(db, memberId);
  if (!caller) throw new ApiError('WORKSPACE404_0');
  assertAdmin(caller);
  return inviteRow(db, caller.workspaceId);
}

/**
 * Rotates the invite (admins): a new token and password; the old link answers 404 `WORKSPACE404_1` ("초대 링크가
 * 만료되었습니다") from the commit on. The expiry period starts again now. Audit `invite.rotated` (no secrets).
 */
export async function rotateInvite(db: Db, actor: Actor, now = new Date()): Promise<InviteRow> {
  return db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    const current = await inviteRow(tx, caller.workspaceId);
    await tx
      .update(workspace)
      .set({
        inviteToken: generateInviteToken(),
        invitePassword: generateInvitePassword(),
        inviteExpiresAt: inviteExpiresAt(current.inviteExpiry, now),
      })
      .where(eq(workspace.id, caller.workspaceId));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'invite.rotated',
      target: { type: 'invite', id: caller.workspaceId },
      details: { expiry: current.inviteExpiry },
      ip: actor.ip,
    });
    return inviteRow(tx, caller.workspaceId);
  });
}

/**
 * Sets how long the invite lasts (admins). The period counts from now (choosing an expiry is like handing the
 * invite out again); `never` clears `invite_expires_at`. Same choice: nothing changes. Audit
 * `invite.expiry_changed` (`details: { from, to }`).
 */
export async function setInviteExpiry(
  db: Db,
  actor: Actor,
  expiry: InviteExpiry,
  now = new Date(),
): Promise<InviteRow> {
  return db.transaction(async (tx) => {
    const caller = await lockCallerWorkspace(tx, actor.memberId);
    assertAdmin(caller);
    const current = await inviteRow(tx, caller.workspaceId);
    if (current.inviteExpiry === expiry) return current;
    await tx
      .update(workspace)
      .set({ inviteExpiry: expiry, inviteExpiresAt: inviteExpiresAt(expiry, now) })
      .where(eq(workspace.id, caller.workspaceId));
    await recordAudit(tx, {
      workspaceId: caller.workspaceId,
      actorId: actor.memberId,
      action: 'invite.expiry_changed',
      target: { type: 'invite', id: caller.workspaceId },
      details: { from: current.inviteExpiry, to: expiry },
      ip: actor.ip,
    });
    return inviteRow(tx, caller.workspaceId);
  });
}
