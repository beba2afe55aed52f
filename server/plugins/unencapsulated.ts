import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks `plugin` as not encapsulated (Fastify "Plugins": the `skip-override` property, what fastify-plugin sets), so
 * the hooks, decorators, parsers and handlers it adds belong to the app itself, not to a child context. Every plugin
 * under server/plugins/ is app-wide set-up and is wrapped with this.
 */
export function unencapsulated<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
