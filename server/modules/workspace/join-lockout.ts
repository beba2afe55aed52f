import { type SQL, and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { JOIN_FAILURE_WINDOW_SECONDS, JOIN_MAX_FAILURES } from '../../../contract';
import type { Db } from '../../db';
import { workspaceJoinFailure } from '../../db/schema';

/**
 * Join lockout (api-contract.md "Workspace, invite, join"): `JOIN_MAX_FAILURES` (5) failed joins — unknown token
 * or wrong password — within `JOIN_FAILURE_WINDOW_SECONDS` (15 minutes) for the member, or for the client IP, lock
 * further joins by that member / from that IP until enough failures leave the window.
 *
 * Everything lives in `workspace_join_failure`, timed by the database clock (`now()`), so all app instances agree.
 * Callers run check → verify → record inside one transaction holding `lockJoinAttempts` (transaction-scoped
 * advisory locks on the member and on the IP), so parallel attempts cannot all pass the check before any failure
 * is recorded: a burst of N wrong guesses gets exactly 5 checked, the rest 429.
 */

/** Failure rows older than this are deleted whenever a new failure is recorded (they no longer count). */
const RETENTION = sql.raw(`interval '1 day'`);
const WINDOW = sql.raw(`interval '${JOIN_FAILURE_WINDOW_SECONDS} seconds'`);

/**
 * Serialises join attempts of one member and of one IP until the transaction ends. Always member first, then IP:
 * a transaction never waits for a member lock while holding an IP lock, so two attempts cannot deadlock.
 */
export async function lockJoinAttempts(tx: Db, memberId: number, ip: string): Promise<void> {
  for (const key of [`momentum:join:member:${memberId}`, `momentum:join:ip:${ip}`]) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * Seconds until `scope` may try again, or null when it has fewer than 5 failures in the window. The lock lifts when
 * the 5th most recent failure leaves the window (with exactly 5 failures: the oldest), so that is what is returned,
 * rounded up, at least 1.
 */
async function scopeRetryAfter(db: Db, scope: SQL): Promise<number | null> {
  const f = workspaceJoinFailure;
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${f.createdAt} + ${WINDOW} - now())))::int`.mapWith(
        Number,
      ),
    })
    .from(f)
    .where(and(scope, gt(f.createdAt, sql`now() - ${WINDOW}`)))
    .orderBy(desc(f.createdAt))
    .offset(JOIN_MAX_FAILURES - 1)
    .limit(1);
  return row ? Math.max(1, row.seconds) : null;
}

/** Seconds until the member and the IP may both try to join again, or null when neither is locked. */
export async function joinRetryAfter(db: Db, memberId: number, ip: string): Promise<number | null> {
  const byMember = await scopeRetryAfter(db, eq(workspaceJoinFailure.memberId, memberId));
  const byIp = await scopeRetryAfter(db, eq(workspaceJoinFailure.ip, ip));
  if (byMember === null && byIp === null) return null;
  return Math.max(byMember ?? 0, byIp ?? 0);
}

/** Records one failed join attempt and prunes rows past the retention period. */
export async function recordJoinFailure(db: Db, memberId: number, ip: string): Promise<void> {
  await db.insert(workspaceJoinFailure).values({ memberId, ip });
  await db.delete(workspaceJoinFailure).where(lt(workspaceJoinFailure.createdAt, sql`now() - ${RETENTION}`));
}
