import type { FastifyInstance } from 'fastify';

/**
 * Marks every response of the plugin scope `app` `Cache-Control: no-store` unless a route set its own header:
 * these answers are per member and must not be kept by browsers or proxies.
 */
export function noStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
