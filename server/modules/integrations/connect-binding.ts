import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { isAdminRole } from '../../../contract/roles';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { connectStateUse } from '../../db/schema';
import { type CallerRole, callerRole } from '../../http/roles';
import { cookieBase } from '../auth';
import { STATE_TTL_SECONDS, type StatePurpose, type VerifiedState } from './state';

/*
 * Binding a GitHub install / Slack OAuth round trip to the browser and the admin that started it (issue #23,
 * docs/security.md "GitHub installations", "Binding to the browser and the member"). The connect route sets a
 * short-lived HttpOnly SameSite=Lax cookie with a random nonce and puts the nonce's SHA-256 into the signed state;
 * the callback requires the cookie of the same browser, the member of the state to still be an admin of the state's
 * workspace, and uses the state once. A link made by someone else and opened by a victim has no matching cookie in
 * the victim's browser, so nothing is linked.
 */

/** The cookie of each round trip (one per purpose: a newer connect of the same kind replaces the older one). */
export const CONNECT_COOKIE: Record<StatePurpose, string> = {
  github: 'momentum_connect_github',
  slack: 'momentum_connect_slack',
};

/** Each cookie is sent only to its callback. */
export const CONNECT_COOKIE_PATH: Record<StatePurpose, string> = {
  github: '/api/github/installation/callback',
  slack: '/slack/callback',
};

/** A nonce: 32 random bytes, base64url (43 characters). */
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** The state's `browser` claim of a nonce: SHA-256, base64url (the state never carries the cookie value itself). */
export function browserNonceHash(nonce: string): string {
  return createHash('sha256').update(`momentum:connect-browser:${nonce}`).digest('base64url');
}

/**
 * Makes a new browser nonce, sets it as the `purpose`'s connect cookie on `reply` (HttpOnly, SameSite=Lax, Secure
 * behind https, path = the callback, 10 minutes like the state) and returns its hash for the state.
 */
export function bindConnectToBrowser(
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
  purpose: StatePurpose,
): string {
  const nonce = randomBytes(32).toString('base64url');
  reply.setCookie(CONNECT_COOKIE[purpose], nonce, {
    ...cookieBase(config),
    path: CONNECT_COOKIE_PATH[purpose],
    maxAge: STATE_TTL_SECONDS,
  });
  return browserNonceHash(nonce);
}

/** Expires the `purpose`'s connect cookie (every callback answer: the round trip is over either way). */
export function clearConnectCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
  purpose: StatePurpose,
): void {
  reply.clearCookie(CONNECT_COOKIE[purpose], { ...cookieBase(config), path: CONNECT_COOKIE_PATH[purpose] });
}

/** Whether the request carries the connect cookie whose nonce the state names (constant-time comparison). */
export function sameBrowser(request: FastifyRequest, state: VerifiedState): boolean {
  const nonce = request.cookies[CONNECT_COOKIE[state.purpose]];
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) return false;
  const expected = Buffer.from(state.browser);
  const actual = Buffer.from(browserNonceHash(nonce));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Uses the state once: records its `jti` in `connect_state_use` (primary key), false when it was already used.
 * Expired rows are pruned on the way (a used state past its expiry is refused by its signature check anyway).
 */
export async function useStateOnce(db: Db, state: VerifiedState): Promise<boolean> {
  await db.delete(connectStateUse).where(lt(connectStateUse.expiresAt, sql`now()`));
  const used = await db
    .insert(connectStateUse)
    .values({ jti: state.jti, expiresAt: new Date(state.expiresAtMs) })
    .onConflictDoNothing()
    .returning({ jti: connectStateUse.jti });
  return used.length === 1;
}

/**
 * The state's member when they are still an admin (owner or admin) of the state's workspace, read now from the
 * database (docs/security.md "Roles"); null when they were demoted, removed, withdrew or moved.
 */
export async function stillConnectingAdmin(db: Db, state: VerifiedState): Promise<CallerRole | null> {
  const caller = await callerRole(db, state.memberId);
  if (!caller || caller.workspaceId !== state.workspaceId || !isAdminRole(caller.role)) return null;
  return caller;
}
