import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { EVENT_TICKET_TTL_SECONDS } from '../../../contract';
import type { Db } from '../../db';
import { eventTicketUse, member } from '../../db/schema';
import { ApiError } from '../../http/envelope';

/**
 * One-time tickets of the event stream (docs/live-updates.md "Ticket"). `EventSource` cannot send an
 * `Authorization` header, and the long-lived credentials must not travel in a URL (they would end up in proxy and
 * access logs), so the tab trades its access token for a ticket (`POST /api/events/ticket`) and opens
 * `GET /api/events?ticket=…` with it. A ticket is a JWT (HS256, key derived from `JWT_SECRET` — never the access
 * token key, so neither can pass for the other) with `sub` = member id, `ws` = workspace id, a random `jti`, and
 * `exp` 30 s after issue. Its `jti` is recorded in `event_ticket_use` when it opens a stream: a second use, on any
 * app server, is refused.
 */

const ALGORITHM = 'HS256';
const TICKET_TYPE = 'event-ticket';

/** The ticket key: HMAC-SHA256 of a fixed label under `JWT_SECRET` (like the cookie key in server/app.ts). */
export function ticketKey(jwtSecret: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', jwtSecret).update('momentum:event-ticket').digest());
}

/** Signs a ticket for `memberId` of `workspaceId`, valid `EVENT_TICKET_TTL_SECONDS` from `now` (ms). */
export async function signTicket(
  key: Uint8Array,
  memberId: number,
  workspaceId: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ typ: TICKET_TYPE, ws: workspaceId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(memberId))
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + EVENT_TICKET_TTL_SECONDS)
    .sign(key);
}

/** What a valid ticket names. */
export interface TicketClaims {
  memberId: number;
  workspaceId: number;
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;

/**
 * Redeems a ticket: checks signature, type and expiry, records its `jti` (a used one → refused), and checks that
 * the member still exists, has not withdrawn and is still in the ticket's workspace. Any failure → 401
 * `EVENTS401_0` (the tab asks for a new ticket; if that fails too, its session is over).
 */
export async function redeemTicket(
  db: Db,
  key: Uint8Array,
  ticket: string | undefined,
): Promise<TicketClaims> {
  if (!ticket || ticket.length > 2048) throw new ApiError('EVENTS401_0');
  let claims: TicketClaims;
  let jti: string;
  let exp: number;
  try {
    const { payload } = await jwtVerify(ticket, key, { algorithms: [ALGORITHM] });
    const memberId =
      typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub) ? Number(payload.sub) : 0;
    if (
      payload.typ !== TICKET_TYPE ||
      !isId(memberId) ||
      !isId(payload.ws) ||
      typeof payload.jti !== 'string' ||
      payload.jti.length > 64 ||
      typeof payload.exp !== 'number'
    ) {
      throw new ApiError('EVENTS401_0');
    }
    claims = { memberId, workspaceId: payload.ws };
    jti = payload.jti;
    exp = payload.exp;
  } catch {
    throw new ApiError('EVENTS401_0');
  }
  const recorded = await db
    .insert(eventTicketUse)
    .values({ jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: eventTicketUse.jti });
  if (recorded.length === 0) throw new ApiError('EVENTS401_0');
  const [current] = await db
    .select({ id: member.id })
    .from(member)
    .where(
      and(
        eq(member.id, claims.memberId),
        isNull(member.withdrawnAt),
        eq(member.workspaceId, claims.workspaceId),
      ),
    );
  if (!current) throw new ApiError('EVENTS401_0');
  return claims;
}
