import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, isNotNull, isNull, lt } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../../contract';
import type { Db } from '../../db';
import { member, refreshToken } from '../../db/schema';
import { generateRefreshToken, hashRefreshToken } from './tokens';

/**
 * Refresh-token store (docs/product.md "Sign-in and session"). Tokens are opaque; only their sha256 is stored.
 * Every reissue rotates: the presented row gets `rotated_at`, a new row joins the same family. Presenting a row
 * that is already rotated or revoked revokes the whole family (a copy of the cookie is being replayed) — except
 * a row rotated less than `ROTATION_GRACE_MS` ago, see there. docs/setup.md "Sessions across tabs".
 */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

/**
 * How long a just-rotated refresh token may be presented again without counting as reuse: 10 seconds.
 *
 * Why: the cookie is shared by every tab of the browser. When several tabs renew at once (a browser restoring
 * its tabs with an expired access token, or a browser without the Web Locks API that the SPA uses to renew in
 * one tab at a time), they all send the same cookie; one wins the rotation and the others present a token that
 * was rotated milliseconds earlier. Without a grace window that is "reuse" and the whole family is revoked:
 * every tab is signed out.
 *
 * What a presentation inside the window gets (the variant chosen): a fresh access token for the family's member
 * and **no new cookie** — no second rotation, no revocation. The winner's response already set the family's
 * current refresh token in the shared cookie jar; answering the latecomers without a `Set-Cookie` means their
 * responses, whatever order they arrive in, can never overwrite it with an older token. (Rotating again from the
 * successor would hand every latecomer a new refresh token and let an out-of-order response leave a rotated
 * token in the jar, which the next renewal would then present as reuse.)
 *
 * The trade-off: for these 10 seconds, a stolen copy of the just-rotated token is not detected; it yields at
 * most short-lived access tokens (15 minutes; never a refresh token, so it cannot extend the session), limited
 * by the per-family reissue rate limit. Presented after the window, it is reuse as before (`JWT401_5`, family
 * revoked). Keep the window short: it only has to cover requests that were already in flight together.
 */
export const ROTATION_GRACE_MS = 10_000;

export type RotationResult =
  /**
   * `next`: the family's new refresh token (set it as the cookie), or null for a presentation of a just-rotated
   * token within `ROTATION_GRACE_MS` (leave the cookie alone: the winner's response carries the current one).
   */
  | { ok: true; memberId: number; next: IssuedRefreshToken | null }
  /** JWT401_4 expired, JWT401_5 reuse (family revoked), JWT401_6 unknown. */
  | { ok: false; code: 'JWT401_4' | 'JWT401_5' | 'JWT401_6' };

async function insertToken(
  db: Db,
  memberId: number,
  familyId: string,
  now: Date,
): Promise<IssuedRefreshToken> {
  const token = generateRefreshToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db
    .insert(refreshToken)
    .values({ memberId, familyId, tokenHash: hashRefreshToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Starts a new family for a sign-in; also drops this member's long-expired rows. */
export async function issueRefreshToken(
  db: Db,
  memberId: number,
  now = new Date(),
): Promise<IssuedRefreshToken> {
  await db
    .delete(refreshToken)
    .where(and(eq(refreshToken.memberId, memberId), lt(refreshToken.expiresAt, now)));
  return insertToken(db, memberId, randomUUID(), now);
}

/**
 * Rotates `token` atomically: one `UPDATE … WHERE rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now
 * RETURNING` decides the winner, so two concurrent reissues of one token cannot both rotate it.
 *
 * A loser of that race (or any later presentation) whose row was rotated at most `ROTATION_GRACE_MS` before `now`
 * and is not revoked gets `{ ok: true, next: null }` (an access token, no new cookie). That check runs in the same
 * transaction, after the UPDATE: on PostgreSQL the UPDATE waits for a concurrent winner's row lock and the next
 * statement sees its committed `rotated_at`, so a loser is never mistaken for reuse. A revocation (logout, reuse)
 * sets `revoked_at` on every row of the family, rotated ones included, so a revoked family gets no grace.
 *
 * Before that, the owner's member row is share-locked (`FOR KEY SHARE`) and must not be withdrawn: the lock order
 * member → token is the same as withdrawal's (member `FOR UPDATE`, then its tokens deleted), so a reissue racing a
 * withdrawal waits for it and then finds no token (401) instead of deadlocking, and a withdrawn member never gets
 * a new token (not even one issued by a sign-in that raced the withdrawal).
 */
export async function rotateRefreshToken(db: Db, token: string, now = new Date()): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(token);
  const rotated = await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ memberId: refreshToken.memberId })
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, tokenHash))
      .limit(1);
    if (!owner) return null;
    const [alive] = await tx
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.id, owner.memberId), isNull(member.withdrawnAt)))
      .for('key share');
    if (!alive) {
      // Only a sign-in that raced the withdrawal can leave one behind: drop it.
      await tx.delete(refreshToken).where(eq(refreshToken.memberId, owner.memberId));
      return 'withdrawn' as const;
    }
    const [row] = await tx
      .update(refreshToken)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshToken.tokenHash, tokenHash),
          isNull(refreshToken.rotatedAt),
          isNull(refreshToken.revokedAt),
          gt(refreshToken.expiresAt, now),
        ),
      )
      .returning({ memberId: refreshToken.memberId, familyId: refreshToken.familyId });
    if (row) {
      const next = await insertToken(tx, row.memberId, row.familyId, now);
      return { memberId: row.memberId, next };
    }
    const [graced] = await tx
      .select({ memberId: refreshToken.memberId })
      .from(refreshToken)
      .where(
        and(
          eq(refreshToken.tokenHash, tokenHash),
          isNotNull(refreshToken.rotatedAt),
          gte(refreshToken.rotatedAt, new Date(now.getTime() - ROTATION_GRACE_MS)),
          isNull(refreshToken.revokedAt),
        ),
      )
      .limit(1);
    return graced ? { memberId: graced.memberId, next: null } : null;
  });
  if (rotated === 'withdrawn') return { ok: false, code: 'JWT401_6' };
  if (rotated) return { ok: true, ...rotated };

  const [existing] = await db
    .select({
      familyId: refreshToken.familyId,
      rotatedAt: refreshToken.rotatedAt,
      revokedAt: refreshToken.revokedAt,
    })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, tokenHash))
    .limit(1);
  if (!existing) return { ok: false, code: 'JWT401_6' };
  if (existing.rotatedAt !== null || existing.revokedAt !== null) {
    await revokeFamily(db, existing.familyId, now);
    return { ok: false, code: 'JWT401_5' };
  }
  return { ok: false, code: 'JWT401_4' };
}

/** Revokes every live token of a family. */
export async function revokeFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: now })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/**
 * The family `token` belongs to (whatever its state), or null for an unknown token. The reissue route's rate limit
 * counts per family with it.
 */
export async function familyOfToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashRefreshToken(token)))
    .limit(1);
  return row?.familyId ?? null;
}

/** Logout: revokes the family `token` belongs to; unknown tokens are ignored. */
export async function revokeFamilyOf(db: Db, token: string, now = new Date()): Promise<void> {
  const familyId = await familyOfToken(db, token);
  if (familyId) await revokeFamily(db, familyId, now);
}
