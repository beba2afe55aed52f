import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../contract/roles';
import type { AuditPage } from '../../../contract/admin';
import type { Db } from '../../db';
import { auditLog } from '../../db/schema';
import { formatTimestamp } from '../../http/time';

/**
 * One page of `workspaceId`'s audit log (issue #23, docs/security.md "Audit log"), newest first: the entries with
 * an id below `before` (all when absent), at most `size`; `nextBefore` is the id to ask for the next page, null on
 * the last one. Keyset paging on (`workspace_id`, `id desc`) — the `audit_log_workspace_id_idx` index — so a page
 * costs the same however deep, and entries written meanwhile never shift later pages.
 */
export async function listAudit(
  db: Db,
  workspaceId: number,
  before: number | undefined,
  size: number,
): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      before === undefined
        ? eq(auditLog.workspaceId, workspaceId)
        : and(eq(auditLog.workspaceId, workspaceId), lt(auditLog.id, before)),
    )
    .orderBy(desc(auditLog.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  return {
    entries: page.map((row) => ({
      id: row.id,
      action: row.action as AuditAction,
      actorId: row.actorId,
      actorName: row.actorName,
      targetType: row.targetType,
      targetId: row.targetId,
      targetName: row.targetName,
      details: row.details ?? null,
      ip: row.ip,
      createdAt: formatTimestamp(row.createdAt),
    })),
    nextBefore: rows.length > size ? page[page.length - 1]!.id : null,
  };
}

/**
 * Deletes audit entries older than `retentionDays` before `now` (the daily pruning, docs/security.md "Audit log").
 * Returns how many went.
 */
export async function pruneAudit(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(auditLog)
    .where(sql`${auditLog.createdAt} < ${cutoff}`)
    .returning({ id: auditLog.id });
  return deleted.length;
}
