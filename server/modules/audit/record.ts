import { sql } from 'drizzle-orm';
import type { AuditAction } from '../../../contract/roles';
import type { Db } from '../../db';

/** What an audit entry is about. */
export interface AuditTarget {
  type: 'member' | 'team' | 'workspace' | 'invite' | 'integration';
  id?: number | null;
  /** Its name at the time (a member's name, a team's name, `github`/`slack` for an integration). */
  name?: string | null;
}

/** One entry of the audit log (docs/security.md "Audit log"). */
export interface AuditEntry {
  workspaceId: number;
  /** Who did it (null: the system, e.g. a webhook); their name is read from `member` at the time. */
  actorId: number | null;
  action: AuditAction;
  target?: AuditTarget;
  /** What changed, e.g. `{ from: 'member', to: 'admin' }`; small JSON only (never tokens or passwords). */
  details?: Record<string, unknown>;
  /** The client address (`request.ip`, proxy-aware through `TRUST_PROXY`). */
  ip?: string | null;
}

/** The actor name stored when there is no member (the system). */
export const SYSTEM_ACTOR_NAME = '시스템';

/**
 * Appends one entry to the workspace's audit log (issue #23; table `audit_log`, server/db/schema.ts). Call it with
 * the transaction that makes the change, so the entry exists exactly when the change does. The actor's current
 * name is copied into the row, so the log stays readable after renames, removals and withdrawals.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const target = entry.target;
  await db.execute(sql`
    insert into audit_log (workspace_id, actor_id, actor_name, action, target_type, target_id, target_name, details, ip)
    values (
      ${entry.workspaceId},
      ${entry.actorId},
      coalesce((select name from member where id = ${entry.actorId}), ${SYSTEM_ACTOR_NAME}),
      ${entry.action},
      ${target?.type ?? null},
      ${target?.id ?? null},
      ${target?.name ?? null},
      ${entry.details === undefined ? null : JSON.stringify(entry.details)}::jsonb,
      ${entry.ip ?? null}
    )`);
}
