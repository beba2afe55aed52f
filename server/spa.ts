import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from './config';

/**
 * Paths the SPA never answers: API, OAuth and integration endpoints (the same list the webpack dev server proxies
 * to the API). Unknown paths under them get the JSON envelope (404/405), never index.html.
 */
export const RESERVED_PREFIXES = ['/api', '/oauth2', '/login/oauth2', '/slack', '/uploads'] as const;

export function isReservedPath(pathname: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
export const BUILD_MISSING_MESSAGE =
  'Momentum: the web client is not built yet. Run `npm run build` first.\n';

export interface Spa {
  /** Answers a client route (`/onboarding/loading`, `/workspace/team/3/issue`) with index.html, or 503 unbuilt. */
  sendIndex(reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Serves the built SPA from STATIC_DIR (@fastify/static, `preCompressed`: `.br`/`.gz` written by the build are
 * sent when the browser accepts them). Hashed files under `/assets/` are cached for a year (immutable); everything
 * else, index.html included, is `no-cache` (revalidated with ETag / Last-Modified). Client routes fall back to
 * index.html through the not-found handler (`sendIndex`); before a build they answer a plain-text 503.
 */
export async function registerSpa(app: FastifyInstance, config: AppConfig): Promise<Spa> {
  const root = config.staticDir;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    index: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    // STATIC_DIR may not exist yet (tests, before `npm run build`): the fallback below explains it instead.
    suppressWarning: true,
    allowedPath: (pathname: string) => !isReservedPath(pathname),
    setHeaders: (reply, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE_CACHE : NO_CACHE);
    },
  });

  const indexFile = path.join(root, 'index.html');
  return {
    async sendIndex(reply) {
      const exists = await fs
        .stat(indexFile)
        .then((s) => s.isFile())
        .catch(() => false);
      if (!exists) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(BUILD_MISSING_MESSAGE);
      }
      return reply.code(200).sendFile('index.html');
    },
  };
}
