import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { ApiError } from '../../http/envelope';
import { memberExists } from './members';
import { verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireMember`: the signed-in member's id. */
    memberId: number;
  }
  interface FastifyInstance {
    /**
     * preHandler for protected routes: `Authorization: Bearer <access token>` required.
     * Missing → 401 `COMMON401`; expired → `JWT401_0`; bad signature, wrong `typ`, member gone or withdrawn →
     * `JWT401_1`; malformed → `JWT401_2`. Sets `request.memberId`.
     */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function createRequireMember(db: Db, jwtSecret: string) {
  return async function requireMember(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw new ApiError('COMMON401');
    const check = await verifyAccessToken(jwtSecret, match[1]!);
    if (!check.ok) throw new ApiError(check.code);
    if (!(await memberExists(db, check.memberId))) throw new ApiError('JWT401_1');
    request.memberId = check.memberId;
  };
}
