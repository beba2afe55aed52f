import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import { RouteTable } from '../http/route-table';
import { type Spa, isReservedPath } from '../spa';
import { unencapsulated } from './unencapsulated';

/**
 * Starts recording every route added from now on (call it before any route is registered), for the 405 + `Allow`
 * answers of `notFoundPlugin`.
 */
export function recordRoutes(app: FastifyInstance): RouteTable {
  const routes = new RouteTable();
  app.addHook('onRoute', (route) => routes.add(route.method, route.url));
  return routes;
}

/**
 * Unknown paths. GET/HEAD outside the reserved prefixes (/api, /oauth2, /login/oauth2, /slack, /uploads) → the
 * SPA's index.html (client routes), 503 text before a build. Everything else (a missing upload included) → the
 * envelope: 405 `COMMON405` with `Allow` when the path exists for other methods only, else 404 `COMMON404`. Never
 * HTML for /api. Rate limited like any route (a request that already passed the static route's limiter is not
 * counted twice).
 */
export const notFoundPlugin = unencapsulated<{ routes: RouteTable; spa: Spa }>(
  async (app, { routes, spa }) => {
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const method = request.method;
      if ((method === 'GET' || method === 'HEAD') && !isReservedPath(pathname)) {
        if (pathname.startsWith('/assets/')) {
          // A missing hashed asset must not turn into index.html (the browser would parse HTML as JS).
          return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
        }
        return spa.sendIndex(reply);
      }
      const allowed = routes.allowedMethods(pathname);
      // A route that exists for this very method but found nothing (e.g. a missing upload) is a 404, not a 405.
      if (allowed.length > 0 && !allowed.includes(method)) {
        reply.header('allow', allowed.join(', '));
        throw new ApiError('COMMON405');
      }
      throw new ApiError('COMMON404');
    });
  },
);
