import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { responseCookie } from './test-app';

/** A member signed in the way a person is: development sign-in form, then `POST /api/token/reissue`. */
export interface SignedInMember {
  memberId: number;
  name: string;
  email: string;
  accessToken: string;
  /** The current `refreshToken` cookie value (the one the reissue set). */
  refreshToken: string;
}

/**
 * Signs `name` in through the development form (provider user id `dev:<email>`; a fresh random email unless one
 * is given, so every call is a new member) and exchanges the refresh cookie for an access token.
 */
export async function signIn(app: FastifyInstance, name: string, email?: string): Promise<SignedInMember> {
  const address = email ?? `member-${randomBytes(6).toString('hex')}@example.com`;
  const signInResponse = await app.inject({
    method: 'POST',
    url: '/oauth2/dev/google',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ name, email: address }).toString(),
  });
  if (signInResponse.statusCode !== 302) {
    throw new Error(`development sign-in failed: ${signInResponse.statusCode} ${signInResponse.body}`);
  }
  const refreshToken = responseCookie(signInResponse, 'refreshToken')?.value;
  if (!refreshToken) throw new Error('development sign-in set no refreshToken cookie');
  const reissue = await app.inject({
    method: 'POST',
    url: '/api/token/reissue',
    cookies: { refreshToken },
  });
  const accessToken = reissue.json<{ result?: { accessToken?: string } }>().result?.accessToken;
  if (reissue.statusCode !== 200 || !accessToken) {
    throw new Error(`reissue failed: ${reissue.statusCode} ${reissue.body}`);
  }
  const rotated = responseCookie(reissue, 'refreshToken')?.value;
  if (!rotated) throw new Error('reissue set no refreshToken cookie');
  return {
    memberId: Number(decodeJwt(accessToken).sub),
    name,
    email: address,
    accessToken,
    refreshToken: rotated,
  };
}

export interface AsMemberOptions {
  payload?: InjectOptions['payload'];
  /** Client IP the server sees (`request.ip`); light-my-request's default is 127.0.0.1. */
  ip?: string;
  headers?: Record<string, string>;
}

/** `app.inject` with the member's bearer token (or none for `null`). */
export function asMember(
  app: FastifyInstance,
  who: SignedInMember | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: AsMemberOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}), ...options.headers },
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}
