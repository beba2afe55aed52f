import type { FastifyReply } from 'fastify';
import { REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from '../../../contract';
import type { AppConfig } from '../../config';

/** Attributes every cookie we set shares: HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https. */
export function cookieBase(config: Pick<AppConfig, 'secureCookies'>) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

/** Expires the `refreshToken` cookie (path `/api/token`): logout, failed reissue, withdrawal. */
export function clearRefreshCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'secureCookies'>,
): FastifyReply {
  return reply.clearCookie(REFRESH_COOKIE_NAME, { ...cookieBase(config), path: REFRESH_COOKIE_PATH });
}
