import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../contract';

/**
 * Access tokens (docs/product.md "Sign-in and session"): JWT, HS256 with `JWT_SECRET`, claims `sub` = member id
 * (string), `typ: 'access'`, `iat`, `exp` = iat + 15 minutes.
 */
export const ACCESS_TOKEN_TYPE = 'access';
const ALGORITHM = 'HS256';
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function accessTokenKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs an access token for `memberId`; `now` (ms) is for tests. */
export async function signAccessToken(secret: string, memberId: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ typ: ACCESS_TOKEN_TYPE })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(memberId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(accessTokenKey(secret));
}

export type AccessTokenCheck =
  | { ok: true; memberId: number }
  /** JWT401_0 expired, JWT401_1 bad signature / algorithm / claims, JWT401_2 malformed. */
  | { ok: false; code: 'JWT401_0' | 'JWT401_1' | 'JWT401_2' };

/** Verifies signature, algorithm, expiry and `typ`; does not look the member up. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenCheck> {
  if (!JWT_SHAPE.test(token)) return { ok: false, code: 'JWT401_2' };
  try {
    // Structure first (base64url JSON header and claims), so garbage reads "malformed", not "bad signature".
    decodeProtectedHeader(token);
    decodeJwt(token);
  } catch {
    return { ok: false, code: 'JWT401_2' };
  }
  try {
    const { payload } = await jwtVerify(token, accessTokenKey(secret), {
      algorithms: [ALGORITHM],
      clockTolerance: 5,
    });
    const memberId =
      typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub) ? Number(payload.sub) : NaN;
    if (payload.typ !== ACCESS_TOKEN_TYPE || !Number.isSafeInteger(memberId) || memberId > 2_147_483_647) {
      return { ok: false, code: 'JWT401_1' };
    }
    return { ok: true, memberId };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, code: 'JWT401_0' };
    if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
      return { ok: false, code: 'JWT401_2' };
    return { ok: false, code: 'JWT401_1' };
  }
}

/** A new opaque refresh token: 32 random bytes, base64url (43 characters). */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: sha256, hex. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
