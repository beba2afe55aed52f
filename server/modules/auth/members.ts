import { eq, sql } from 'drizzle-orm';
import type { Provider } from '../../../contract';
import type { Db } from '../../db';
import { member } from '../../db/schema';

/** What a provider (or the development form) tells us about a person. */
export interface ProviderProfile {
  provider: Provider;
  /** Google `sub`, Kakao `id`, or `dev:<email>` for the development sign-in. */
  providerUserId: string;
  name: string;
  email: string | null;
  profileImageUrl: string | null;
}

/**
 * Creates or updates the member keyed by (provider, provider user id) and returns its id. Name and email follow
 * the provider on every sign-in (the app shows them read-only); a profile image is only filled in when the member
 * has none, so an image uploaded in the app is never replaced.
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
        profileImageUrl: sql`coalesce(${member.profileImageUrl}, excluded.profile_image_url)`,
        updatedAt: now,
      },
    })
    .returning({ id: member.id });
  if (!row) throw new Error('member upsert returned no row');
  return row.id;
}

export async function memberExists(db: Db, memberId: number): Promise<boolean> {
  const rows = await db.select({ id: member.id }).from(member).where(eq(member.id, memberId)).limit(1);
  return rows.length > 0;
}
