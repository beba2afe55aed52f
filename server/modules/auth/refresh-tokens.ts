import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../../contract';
import type { Db } from '../../db';
import { member, refreshToken } from '../../db/schema';
import { generateRefreshToken, hashRefreshToken } from './tokens';

/**
 * Refresh-token store (api-contract.md "Sign-in and session"). Tokens are opaque; only their sha256 is stored.
 * Every reissue rotates: the presented row gets `rotated_at`, a new row joins the same family. Presenting a row
 * that is already rotated or revoked revokes the whole family (a copy of the cookie is being replayed).
 */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; memberId: number; next: IssuedRefreshToken }
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
 * RETURNING` decides the winner, so two concurrent reissues of one token cannot both succeed.
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
    if (!row) return null;
    const next = await insertToken(tx, row.memberId, row.familyId, now);
    return { memberId: row.memberId, next };
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

/** Logout: revokes the family `token` belongs to; unknown tokens are ignored. */
export async function revokeFamilyOf(db: Db, token: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashRefreshToken(token)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId, now);
}
