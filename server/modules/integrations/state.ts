import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

/**
 * The signed `state` of the GitHub install and Slack OAuth round trips (docs/product.md "Integrations";
 * contract/integrations.ts): an HS256 JWT under the integration state key (crypto.ts; never the
 * access-token key), valid for 10 minutes, carrying who asked (`memberId`), for which team and workspace, the
 * `purpose` (so a GitHub state cannot be replayed at the Slack callback or the other way round), the hash of the
 * browser nonce whose cookie the connect route set (`browser`, connect-binding.ts) and a unique `jti` (the callback
 * uses each state once, table `connect_state_use`). Issue #23, docs/security.md "GitHub installations".
 */
export const STATE_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
const STATE_TYPE = 'integration-state';

export type StatePurpose = 'github' | 'slack';

export interface IntegrationState {
  purpose: StatePurpose;
  memberId: number;
  /** GitHub: the team being linked. Slack: the team the complete page returns to (null = workspace default). */
  teamId: number | null;
  /** The workspace being linked (the caller's when the state was issued). */
  workspaceId: number | null;
  /** SHA-256 (base64url) of the browser nonce of the connect cookie (connect-binding.ts `browserNonceHash`). */
  browser: string;
}

/** A verified state: its claims and its unique id (`jti`) with its expiry (ms), for single use. */
export interface VerifiedState extends IntegrationState {
  jti: string;
  expiresAtMs: number;
}

/** Signs `state`; `now` (ms) is for tests. */
export async function signState(key: Uint8Array, state: IntegrationState, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({
    typ: STATE_TYPE,
    purpose: state.purpose,
    memberId: state.memberId,
    teamId: state.teamId,
    workspaceId: state.workspaceId,
    browser: state.browser,
  })
    .setProtectedHeader({ alg: ALGORITHM })
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + STATE_TTL_SECONDS)
    .sign(key);
}

export type StateCheck =
  | { ok: true; state: VerifiedState }
  /**
   * Forged, malformed, for the other purpose, or expired. `teamId` is known (and trustworthy: the signature was
   * valid) only for an expired state, so the error page can still return to the team.
   */
  | { ok: false; teamId: number | null };

const positiveId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647
    ? value
    : null;

const BROWSER_HASH = /^[A-Za-z0-9_-]{43}$/;
const JTI = /^[0-9a-f-]{36}$/;

function readClaims(payload: Record<string, unknown>, purpose: StatePurpose): VerifiedState | null {
  const memberId = positiveId(payload.memberId);
  if (payload.typ !== STATE_TYPE || payload.purpose !== purpose || memberId === null) return null;
  const teamId = positiveId(payload.teamId);
  const workspaceId = positiveId(payload.workspaceId);
  if (purpose === 'github' && teamId === null) return null;
  if (workspaceId === null) return null;
  const { browser, jti, exp } = payload;
  if (typeof browser !== 'string' || !BROWSER_HASH.test(browser)) return null;
  if (typeof jti !== 'string' || !JTI.test(jti) || typeof exp !== 'number') return null;
  return { purpose, memberId, teamId, workspaceId, browser, jti, expiresAtMs: exp * 1000 };
}

/** Verifies signature, algorithm, expiry (5 s tolerance), type and purpose of a `state` from a callback. */
export async function verifyState(
  key: Uint8Array,
  token: unknown,
  purpose: StatePurpose,
): Promise<StateCheck> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048)
    return { ok: false, teamId: null };
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], clockTolerance: 5 });
    const state = readClaims(payload, purpose);
    return state ? { ok: true, state } : { ok: false, teamId: null };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const state = readClaims(error.payload, purpose);
      return { ok: false, teamId: state?.teamId ?? null };
    }
    return { ok: false, teamId: null };
  }
}
