import { type SQL, and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { JOIN_FAILURE_WINDOW_SECONDS, JOIN_IP_MAX_FAILURES, JOIN_MAX_FAILURES } from '../../../contract';
import type { Db } from '../../db';
import { workspaceJoinFailure } from '../../db/schema';

/**
 * Join lockout (docs/product.md "Workspace and invitations"). A failed join — unknown token or wrong password — is
 * one row of `workspace_join_failure` for (member, workspace the token names — null for an unknown token, IP).
 * Within `JOIN_FAILURE_WINDOW_SECONDS` (15 minutes):
 * - `JOIN_MAX_FAILURES` (5) failures of one member against one workspace lock that member's joins of that
 *   workspace; 5 unknown tokens lock that member's attempts with unknown tokens. Nobody else is affected, and the
 *   member can still use another workspace's invite.
 * - `JOIN_IP_MAX_FAILURES` (100) failures from one IP, by anyone, lock joining from that IP. The threshold is high
 *   so that people sharing an office's NAT address do not lock each other out with a few typos, while one address
 *   spraying guesses is still stopped.
 *
 * Everything is timed by the database clock (`now()`), so all app instances agree. Callers run check → verify →
 * record inside one transaction holding `lockJoinAttempts` (transaction-scoped advisory locks on the
 * (member, workspace) scope and on the IP), so parallel attempts cannot all pass the check before any failure is
 * recorded: a burst of N wrong guesses gets exactly 5 checked, the rest 429.
 */

/** Who is joining what, from where: the scopes a failure counts against. */
export interface JoinAttempt {
  memberId: number;
  /** The workspace the invite token names; null when it names none. */
  workspaceId: number | null;
  ip: string;
}

/** Failure rows older than this are deleted whenever a new failure is recorded (they no longer count). */
const RETENTION = sql.raw(`interval '1 day'`);
const WINDOW = sql.raw(`interval '${JOIN_FAILURE_WINDOW_SECONDS} seconds'`);

/**
 * Serialises join attempts of one (member, workspace) and of one IP until the transaction ends. Always the
 * (member, workspace) lock first, then the IP lock: a transaction never waits for a member lock while holding an IP
 * lock, so two attempts cannot deadlock.
 */
export async function lockJoinAttempts(tx: Db, attempt: JoinAttempt): Promise<void> {
  const keys = [
    `momentum:join:member:${attempt.memberId}:workspace:${attempt.workspaceId ?? 'none'}`,
    `momentum:join:ip:${attempt.ip}`,
  ];
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * Seconds until `scope` may try again, or null when it has fewer than `max` failures in the window. The lock lifts
 * when the `max`-th most recent failure leaves the window (with exactly `max` failures: the oldest), so that is
 * what is returned, rounded up, at least 1.
 */
async function scopeRetryAfter(db: Db, scope: SQL | undefined, max: number): Promise<number | null> {
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
    .offset(max - 1)
    .limit(1);
  return row ? Math.max(1, row.seconds) : null;
}

/** Seconds until the (member, workspace) and the IP may both try to join again, or null when neither is locked. */
export async function joinRetryAfter(db: Db, attempt: JoinAttempt): Promise<number | null> {
  const f = workspaceJoinFailure;
  const byMember = await scopeRetryAfter(
    db,
    and(
      eq(f.memberId, attempt.memberId),
      attempt.workspaceId === null ? isNull(f.workspaceId) : eq(f.workspaceId, attempt.workspaceId),
    ),
    JOIN_MAX_FAILURES,
  );
  const byIp = await scopeRetryAfter(db, eq(f.ip, attempt.ip), JOIN_IP_MAX_FAILURES);
  if (byMember === null && byIp === null) return null;
  return Math.max(byMember ?? 0, byIp ?? 0);
}

/** Records one failed join attempt and prunes rows past the retention period. */
export async function recordJoinFailure(db: Db, attempt: JoinAttempt): Promise<void> {
  const { memberId, workspaceId, ip } = attempt;
  await db.insert(workspaceJoinFailure).values({ memberId, workspaceId, ip });
  await db.delete(workspaceJoinFailure).where(lt(workspaceJoinFailure.createdAt, sql`now() - ${RETENTION}`));
}
