import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { WORKSPACE_ROLES } from './roles';

/** A team a member belongs to, as listed with the member. */
export const memberTeamSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  teamImageUrl: z.string().nullable(),
});

/**
 * `GET /api/workspace/setting/members` result: the workspace's members, the caller first, then by `joinedAt`
 * (ISO-8601 with offset) ascending; each with their teams (default team first, then workspace order).
 */
export const workspaceMemberSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  /** Null when the provider gave none (a Kakao account whose owner declined the email consent). */
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  joinedAt: z.string(),
  teams: z.array(memberTeamSchema),
  /** Their workspace role (issue #23, docs/security.md "Roles"). */
  role: z.enum(WORKSPACE_ROLES),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMembersSchema = z.array(workspaceMemberSchema);
export const workspaceMembersResponseSchema = envelopeSchema(workspaceMembersSchema);

/** `GET /api/workspace/setting/my-profile` result. `profileImageUrl` null = no photo. */
export const myProfileSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  /** Null when the provider gave none (Kakao without the email consent). */
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
export const myProfileResponseSchema = envelopeSchema(myProfileSchema);

/** Largest accepted profile image upload, in bytes (413 above). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Accepted upload types, recognised by content (not name): anything else → 415. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Stored image: a square WebP of this many pixels per side. */
export const PROFILE_IMAGE_SIZE = 256;

/**
 * `PATCH /api/workspace/setting/my-profile/profile-image` (multipart, field `image`) and `DELETE` of the same
 * path: result `{ memberId, profileImageUrl }` (null after delete). The URL is same-origin
 * (`/uploads/profile/<random>.webp`), immutable: a new upload gets a new URL. Errors: 413 `PROFILE413_0` over
 * `PROFILE_IMAGE_MAX_BYTES`; 415 `PROFILE415_0` not JPEG/PNG/WebP/GIF by content; 400 `PROFILE400_0` no `image`
 * file, `PROFILE400_1` undecodable, `PROFILE400_2` over 50 megapixels.
 */
export const profileImageResultSchema = z.object({
  memberId: z.number().int(),
  profileImageUrl: z.string().nullable(),
});
export type ProfileImageResult = z.infer<typeof profileImageResultSchema>;
export const profileImageResponseSchema = envelopeSchema(profileImageResultSchema);

/**
 * `DELETE /api/workspace/setting/my-profile` (withdrawal, docs/product.md "Sign-in and session"): 200 `MEMBER200_1`,
 * result null, the refresh cookie cleared. Afterwards the member's access tokens and refresh cookie get 401.
 */
export const withdrawResponseSchema = envelopeSchema(z.null());

/** Display name of a withdrawn author (docs/product.md "Settings"). */
export const WITHDRAWN_MEMBER_NAME = '탈퇴한 사용자';

/**
 * Appended to the name of a member an admin removed from the workspace, wherever their past work there names them
 * (managers, comment authors; issue #23, docs/security.md "Roles").
 */
export const REMOVED_MEMBER_SUFFIX = ' (내보낸 멤버)';
