import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { AppConfig } from '../config';
import { ApiError } from '../http/envelope';
import { isReservedPath } from '../spa';
import { unencapsulated } from './unencapsulated';

/**
 * Content-Security-Policy. Scripts only from our origin (the webpack build has no inline script).
 * `style-src 'unsafe-inline'`: emotion (MUI's styling engine) injects `<style>` elements at runtime, and Swagger UI
 * sets inline `style` attributes; a nonce would need per-request HTML rendering we do not do for static files.
 * `img-src https:` for profile pictures from Google/Kakao CDNs; `data:`/`blob:` for inline icons and previews.
 * Swagger UI at /api/docs works under this policy as is: its page loads only same-origin scripts and styles
 * (`/api/docs/static/*`) and fetches `/api/docs/json` (connect-src 'self'); the validator badge is off.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** GET/HEAD of the SPA, its assets or uploaded files — exempt from the per-IP request limit. */
function isStaticRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return pathname.startsWith('/uploads/') || !isReservedPath(pathname);
}

const BEARER = /^Bearer ([A-Za-z0-9._-]{1,4096})$/;

/**
 * The rate-limit key of a request (issue #23, docs/security.md "Rate limits"): `member:<id>` when it carries a
 * VALID access token (signature, algorithm, expiry and type verified with `JWT_SECRET` — the same check
 * `requireMember` makes; an unverified `sub` is never trusted), else `ip:<address>` (`request.ip`, proxy-aware
 * through `TRUST_PROXY`). So everyone behind one office address has their own budget once signed in, while sign-in,
 * renewal without a session, the webhook and forged or expired tokens stay counted per address.
 */
export async function rateLimitKey(request: FastifyRequest, jwtKey: Uint8Array): Promise<string> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (match) {
    // The checks of server/modules/auth/tokens.ts `verifyAccessToken` (plugins sit below the modules, so not
    // imported): HS256 with JWT_SECRET, expiry (5 s tolerance), `typ: 'access'`, `sub` a member id.
    try {
      const { payload } = await jwtVerify(match[1]!, jwtKey, { algorithms: ['HS256'], clockTolerance: 5 });
      if (payload.typ === 'access' && typeof payload.sub === 'string' && /^[1-9]\d{0,9}$/.test(payload.sub)) {
        return `member:${payload.sub}`;
      }
    } catch {
      // Forged, expired or malformed: counted per address.
    }
  }
  return `ip:${request.ip}`;
}

/**
 * Security headers (helmet: the CSP above, no framing, HSTS behind HTTPS), CORS for our own origin only (with
 * credentials, for the refresh cookie), signed cookies and the request limit: per signed-in member
 * (`RATE_LIMIT_MEMBER_MAX`), else per IP (`RATE_LIMIT_MAX`), a minute (docs/security.md "Rate limits").
 */
export const securityPlugin = unencapsulated<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  });
  await app.register(cors, {
    origin: [new URL(config.publicUrl).origin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
  await app.register(cookie, {
    // Cookie signatures use a key derived from JWT_SECRET, never the JWT key itself.
    secret: createHmac('sha256', config.jwtSecret).update('momentum:cookie-signing').digest('hex'),
    hook: 'onRequest',
  });
  const jwtKey = new TextEncoder().encode(config.jwtSecret);
  await app.register(rateLimit, {
    global: true,
    keyGenerator: (request) => rateLimitKey(request, jwtKey),
    // Routes with their own `max` (sign-in, joining, uploads, the webhook) keep it, under the same keys.
    max: (_request, key) => (key.startsWith('member:') ? config.rateLimitMemberMax : config.rateLimitMax),
    timeWindow: 60_000,
    // Counters of recently active keys (members and addresses); the least recently used is forgotten beyond this.
    cache: 50_000,
    // Reads of the SPA and of static files (hashed assets, the ~90 font subsets, uploaded images) are not
    // counted: one page load fetches dozens of them. The API, sign-in and every write are.
    allowList: (request) => isStaticRead(request),
    errorResponseBuilder: () => new ApiError('COMMON429'),
  });
});
