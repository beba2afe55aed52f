import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Provider } from '../../../contract';
import type { Db } from '../../db';
import { member } from '../../db/schema';

/** What a provider (or the development form) tells us about a person. */
export interface ProviderProfile {
  provider: Provider;
  /** Google `sub`, Kakao `id`, the OIDC `sub`, or `dev:<email>` for the development sign-in. */
  providerUserId: string;
  name: string;
  email: string | null;
  profileImageUrl: string | null;
}

/** A person as a sign-in presents them: the profile to store, and whether the provider verified the e-mail. */
export interface SignInIdentity {
  profile: ProviderProfile;
  /**
   * False only when the provider says the e-mail is not verified (OIDC/Google `email_verified: false`, Kakao
   * `is_email_verified`/`is_email_valid` false); such an e-mail never satisfies `SIGN_IN_ALLOWED_DOMAINS`.
   */
  emailVerified: boolean;
}

/**
 * Creates or updates the member keyed by (provider, provider user id) and returns its id. Name and email follow
 * the provider on every sign-in (the app shows them read-only); the provider's picture is only filled in while the
 * member has none and never chose one in the app (`profile_image_set_in_app`: uploaded or removed), so neither an
 * uploaded picture nor a removal is undone by signing in. A withdrawn member's tombstone has no provider link, so
 * the same account signing in again inserts a new member.
 */
export async function upsertMember(db: Db, profile: ProviderProfile, now = new Date()): Promise<number> {
  const [row] = await db
    .insert(member)
    .values({ ...profile, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [member.provider, member.providerUserId],
      set: {
        name: sql`excluded.name`,
        email: sql`excluded.email`,
        profileImageUrl: sql`case when ${member.profileImageSetInApp} then ${member.profileImageUrl}
          else coalesce(${member.profileImageUrl}, excluded.profile_image_url) end`,
        updatedAt: now,
      },
    })
    .returning({ id: member.id });
  if (!row) throw new Error('member upsert returned no row');
  return row.id;
}

/** True when the member exists and has not withdrawn (a withdrawn member's access tokens stop working). */
export async function memberExists(db: Db, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)))
    .limit(1);
  return rows.length > 0;
}
