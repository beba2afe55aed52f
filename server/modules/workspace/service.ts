import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { workspaceSlug } from '../../../contract';
import type { WorkspaceRole } from '../../../contract/roles';
import { recordAudit } from '../audit';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { member, team, teamMember, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { generateInvitePassword, generateInviteToken, invitePasswordMatches } from './invite';
import { joinRetryAfter, lockJoinAttempts, recordJoinFailure } from './join-lockout';
import { firstFreeSlug } from './slug';

/** `<PUBLIC_URL>/<slug>` (docs/product.md "Workspace and invitations"). */
export function workspaceUrl(config: AppConfig, slug: string): string {
  return `${config.publicUrl}/${slug}`;
}

/** `<workspaceUrl>/invite?token=<token>`. */
export function inviteUrl(config: AppConfig, slug: string, token: string): string {
  return `${workspaceUrl(config, slug)}/invite?token=${encodeURIComponent(token)}`;
}

/** The caller's workspace as the settings screens show it (`callerWorkspace`). */
export interface CallerWorkspace {
  /** The caller's display name. */
  memberName: string;
  id: number;
  name: string;
  imageUrl: string | null;
  workspaceUrl: string;
  inviteUrl: string;
  invitePassword: string;
  /** The caller's role, read now (issue #23). */
  role: WorkspaceRole;
}

/** The caller's workspace with its public and invite URLs; 404 `WORKSPACE404_0` while they have none. */
export async function callerWorkspace(config: AppConfig, db: Db, memberId: number): Promise<CallerWorkspace> {
  const [row] = await db
    .select({
      memberName: member.name,
      id: workspace.id,
      name: workspace.name,
      slug: workspace.slug,
      imageUrl: workspace.imageUrl,
      inviteToken: workspace.inviteToken,
      invitePassword: workspace.invitePassword,
      role: member.role,
    })
    .from(member)
    .innerJoin(workspace, eq(member.workspaceId, workspace.id))
    .where(eq(member.id, memberId))
    .limit(1);
  if (!row) throw new ApiError('WORKSPACE404_0');
  return {
    memberName: row.memberName,
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    workspaceUrl: workspaceUrl(config, row.slug),
    inviteUrl: inviteUrl(config, row.slug, row.inviteToken),
    invitePassword: row.invitePassword,
    role: row.role as WorkspaceRole,
  };
}

/**
 * The workspace's default ("joint") team: the `is_default` one, else (defensively) the first by position and id.
 * Creating a workspace always creates it in the same transaction, so a workspace without teams is a bug (500).
 */
export async function defaultTeamId(db: Db, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ id: team.id })
    .from(team)
    .where(eq(team.workspaceId, workspaceId))
    .orderBy(desc(team.isDefault), asc(team.position), asc(team.id))
    .limit(1);
  if (!row) throw new Error(`workspace ${workspaceId} has no team`);
  return row.id;
}

export interface CreatedWorkspace {
  workspaceId: number;
  workspaceName: string;
  slug: string;
  inviteToken: string;
  invitePassword: string;
  /** The creator's display name. */
  creatorName: string;
  defaultTeamId: number;
}

/** Attempts at inserting the workspace with the next free slug before giving up (500). */
const SLUG_ATTEMPTS = 20;

/**
 * Inserts the workspace row with the first free slug for `name`. `ON CONFLICT (slug) DO NOTHING` makes a slug that
 * a concurrent creator took first come back empty (after waiting for that transaction) instead of aborting ours;
 * the next suffix is then tried.
 */
async function insertWithFreeSlug(tx: Db, name: string, memberId: number) {
  const base = workspaceSlug(name);
  const lost = new Set<string>();
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = await firstFreeSlug(tx, base, lost);
    const [row] = await tx
      .insert(workspace)
      .values({
        name,
        slug,
        inviteToken: generateInviteToken(),
        invitePassword: generateInvitePassword(),
        createdBy: memberId,
      })
      .onConflictDoNothing({ target: workspace.slug })
      .returning({
        id: workspace.id,
        slug: workspace.slug,
        inviteToken: workspace.inviteToken,
        invitePassword: workspace.invitePassword,
      });
    if (row) return row;
    lost.add(slug);
  }
  throw new Error(`could not insert a workspace slug for "${base}"`);
}

/**
 * Creates `name` (already validated) for `memberId` in one transaction:
 * 1. lock the member row (`SELECT … FOR UPDATE`) — concurrent creates and joins by the same member queue here, and
 *    every one after the first sees `workspace_id` set → 409 `WORKSPACE409_0`;
 * 2. insert the workspace with the first free slug (`INSERT … ON CONFLICT (slug) DO NOTHING`; a slug lost to a
 *    concurrent creator is skipped and the next suffix tried), a fresh invite token and password;
 * 3. insert the default team (same name, `is_default`, position 0) and the creator's membership;
 * 4. claim the member: `UPDATE member SET workspace_id … WHERE id = $1 AND workspace_id IS NULL` (0 rows → 409).
 * Any error rolls everything back.
 */
export async function createWorkspace(db: Db, memberId: number, name: string): Promise<CreatedWorkspace> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .select({ name: member.name, workspaceId: member.workspaceId })
      .from(member)
      .where(eq(member.id, memberId))
      .for('update');
    if (!me) throw new ApiError('JWT401_1');
    if (me.workspaceId !== null) throw new ApiError('WORKSPACE409_0');

    const created = await insertWithFreeSlug(tx, name, memberId);

    const [defaultTeam] = await tx
      .insert(team)
      .values({ workspaceId: created.id, name, isDefault: true, position: 0 })
      .returning({ id: team.id });
    await tx.insert(teamMember).values({ teamId: defaultTeam!.id, memberId });

    const claimed = await tx
      .update(member)
      .set({
        workspaceId: created.id,
        role: 'owner',
        removedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(member.id, memberId), isNull(member.workspaceId)))
      .returning({ id: member.id });
    if (claimed.length === 0) throw new ApiError('WORKSPACE409_0');

    return {
      workspaceId: created.id,
      workspaceName: name,
      slug: created.slug,
      inviteToken: created.inviteToken,
      invitePassword: created.invitePassword,
      creatorName: me.name,
      defaultTeamId: defaultTeam!.id,
    };
  });
}

export interface JoinedWorkspace {
  workspaceId: number;
  workspaceName: string;
  defaultTeamId: number;
  joinedAt: Date;
}

type JoinOutcome = { ok: true; joined: JoinedWorkspace } | { ok: false; error: ApiError };

/**
 * Joins the workspace of invite `token` with `password`, as `memberId` from `ip`. One transaction, serialised per
 * (member, workspace the token names) and per IP (see join-lockout.ts); checks in this order:
 * 1. ≥ 5 failures of the member against that workspace (against "no workspace" for an unknown token), or ≥ 100
 *    from the IP, in the last 15 minutes → 429 `WORKSPACE429_0` with `Retry-After` (seconds), nothing else checked
 *    or recorded;
 * 2. no workspace has that token → failure recorded (workspace null), 404 `WORKSPACE404_1`;
 * 3. the member is already in a workspace (row locked `FOR UPDATE`) → 409 `WORKSPACE409_0`;
 * 2b. the invite expired (`invite_expires_at` passed, issue #23) → 404 `WORKSPACE404_1` ("초대 링크가
 *    만료되었습니다"), as for a rotated link;
 * 4. wrong password (constant-time comparison) → failure recorded, 400 `WORKSPACE400_3`;
 * 5. set `member.workspace_id` (guarded `WHERE workspace_id IS NULL`) and add the member to the default team
 *    (`ON CONFLICT DO NOTHING`); audit entry `member.joined`. `removed_from_workspace_id` stays (their earlier
 *    work in a workspace that removed them keeps "(내보낸 멤버)"; rejoining that workspace makes the suffix go).
 * Failures are committed with the transaction (the error is thrown only after it), so they count.
 */
export async function joinWorkspace(
  db: Db,
  memberId: number,
  ip: string,
  token: string,
  password: string,
): Promise<JoinedWorkspace> {
  const outcome = await db.transaction(async (tx): Promise<JoinOutcome> => {
    // `FOR KEY SHARE`: a withdrawal deleting this workspace (its last member leaving) either waits for this join
    // and then keeps the workspace, or finishes first and this finds no workspace (404) — never a foreign-key 500.
    // Looked up before the lockout check because failures count per (member, workspace the token names).
    const [target] = await tx
      .select({
        id: workspace.id,
        name: workspace.name,
        invitePassword: workspace.invitePassword,
        inviteExpiresAt: workspace.inviteExpiresAt,
      })
      .from(workspace)
      .where(eq(workspace.inviteToken, token))
      .limit(1)
      .for('key share');
    const attempt = { memberId, workspaceId: target?.id ?? null, ip };

    await lockJoinAttempts(tx, attempt);
    const retryAfter = await joinRetryAfter(tx, attempt);
    if (retryAfter !== null) {
      return {
        ok: false,
        error: new ApiError('WORKSPACE429_0', null, { headers: { 'retry-after': String(retryAfter) } }),
      };
    }
    if (!target) {
      await recordJoinFailure(tx, attempt);
      return { ok: false, error: new ApiError('WORKSPACE404_1') };
    }
    // issue #23 (admin): an expired invite answers like a rotated (unknown) one; not a failed guess.
    if (!inviteStillValid(target.inviteExpiresAt))
      return { ok: false, error: new ApiError('WORKSPACE404_1') };

    const [me] = await tx
      .select({ workspaceId: member.workspaceId, name: member.name })
      .from(member)
      .where(eq(member.id, memberId))
      .for('update');
    if (!me) return { ok: false, error: new ApiError('JWT401_1') };
    if (me.workspaceId !== null) return { ok: false, error: new ApiError('WORKSPACE409_0') };

    if (!invitePasswordMatches(password, target.invitePassword)) {
      await recordJoinFailure(tx, attempt);
      return { ok: false, error: new ApiError('WORKSPACE400_3') };
    }

    const claimed = await tx
      .update(member)
      .set({
        workspaceId: target.id,
        role: 'member',
        removedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(member.id, memberId), isNull(member.workspaceId)))
      .returning({ id: member.id });
    if (claimed.length === 0) return { ok: false, error: new ApiError('WORKSPACE409_0') };

    const teamId = await defaultTeamId(tx, target.id);
    await tx.insert(teamMember).values({ teamId, memberId }).onConflictDoNothing();
    const [membership] = await tx
      .select({ joinedAt: teamMember.joinedAt })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, teamId), eq(teamMember.memberId, memberId)));
    // issue #23 (admin): the audit log records every join (docs/security.md "Audit log").
    await recordAudit(tx, {
      workspaceId: target.id,
      actorId: memberId,
      action: 'member.joined',
      target: { type: 'member', id: memberId, name: me.name },
      ip,
    });
    return {
      ok: true,
      joined: {
        workspaceId: target.id,
        workspaceName: target.name,
        defaultTeamId: teamId,
        joinedAt: membership!.joinedAt,
      },
    };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.joined;
}

/** Whether an invite that expires at `expiresAt` (null: never) is valid at `now` (issue #23). */
export function inviteStillValid(expiresAt: Date | null, now = new Date()): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** The invite `token` names, for the invitee's password screen (issue #23, docs/security.md "Invites"). */
export interface InvitePreviewRow {
  workspaceName: string;
  alreadyMember: boolean;
}

/**
 * The display name of the workspace of invite `token`, and whether `memberId` already belongs to it. 404
 * `WORKSPACE404_1` ("초대 링크가 만료되었습니다") for an unknown (rotated) or expired token. Reveals nothing the
 * token's holder could not learn by joining.
 */
export async function invitePreview(db: Db, memberId: number, token: string): Promise<InvitePreviewRow> {
  const [row] = await db
    .select({ id: workspace.id, name: workspace.name, expiresAt: workspace.inviteExpiresAt })
    .from(workspace)
    .where(eq(workspace.inviteToken, token))
    .limit(1);
  if (!row || !inviteStillValid(row.expiresAt)) throw new ApiError('WORKSPACE404_1');
  const [me] = await db
    .select({ workspaceId: member.workspaceId })
    .from(member)
    .where(eq(member.id, memberId));
  return { workspaceName: row.name, alreadyMember: me?.workspaceId === row.id };
}
