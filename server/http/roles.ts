import { and, eq, isNull } from 'drizzle-orm';
import { type WorkspaceRole, isAdminRole } from '../../contract/roles';
import type { Db } from '../db';
import { member } from '../db/schema';
import { ApiError } from './envelope';

/** The caller's workspace and role, read from the database (never from the token). */
export interface CallerRole {
  workspaceId: number;
  role: WorkspaceRole;
}

/**
 * The caller's workspace and role now (issue #23, docs/security.md "Roles"): read on every request that needs it,
 * so a role change or removal applies to the next request, never after a token expires. Null when the member has
 * no workspace (never joined, removed, or withdrew).
 */
export async function callerRole(db: Db, memberId: number): Promise<CallerRole | null> {
  const [row] = await db
    .select({ workspaceId: member.workspaceId, role: member.role })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
  if (!row || row.workspaceId === null) return null;
  return { workspaceId: row.workspaceId, role: row.role as WorkspaceRole };
}

/**
 * The caller's role when they administer their workspace (owner or admin); else 403 `ROLE403_0`, or 404
 * `WORKSPACE404_0` without a workspace.
 */
export async function requireAdmin(db: Db, memberId: number): Promise<CallerRole> {
  const caller = await callerRole(db, memberId);
  if (!caller) throw new ApiError('WORKSPACE404_0');
  if (!isAdminRole(caller.role)) throw new ApiError('ROLE403_0');
  return caller;
}

/** The caller's role when they own their workspace; else 403 `ROLE403_1` (404 `WORKSPACE404_0` without one). */
export async function requireOwner(db: Db, memberId: number): Promise<CallerRole> {
  const caller = await callerRole(db, memberId);
  if (!caller) throw new ApiError('WORKSPACE404_0');
  if (caller.role !== 'owner') throw new ApiError('ROLE403_1');
  return caller;
}
