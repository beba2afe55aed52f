import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { INVITE_PASSWORD_ALPHABET, INVITE_PASSWORD_LENGTH } from '../../../contract';

/** Invite token: 128 random bits, base64url (22 characters) (docs/product.md "Workspace and invitations"). */
export function generateInviteToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Invite password: 8 characters of `[a-z0-9]`, each drawn uniformly with `crypto.randomInt`. */
export function generateInvitePassword(): string {
  let password = '';
  for (let i = 0; i < INVITE_PASSWORD_LENGTH; i++) {
    password += INVITE_PASSWORD_ALPHABET[randomInt(INVITE_PASSWORD_ALPHABET.length)];
  }
  return password;
}

/**
 * Constant-time comparison of an entered invite password with the workspace's: both are hashed to 32 bytes first,
 * so neither the content nor the length of the real password shows in the timing.
 */
export function invitePasswordMatches(entered: string, actual: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(entered), digest(actual));
}
