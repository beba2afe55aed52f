import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { unencapsulated } from './unencapsulated';

/**
 * The OpenAPI document, built from the routes' zod schemas. It is always built (tests read it with
 * `app.swagger()`); Swagger UI serves it at /api/docs only when configured (`API_DOCS`, default off in production:
 * the route map is not everyone's business). Registered before the routes, whose `onRoute` it collects.
 */
export const openApiPlugin = unencapsulated<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Momentum API',
        version: '0.1.0',
        description:
          'Momentum 팀 협업툴 API. Every `/api` response is the envelope `{ isSuccess, code, message, result }` ' +
          '(codes and messages: contract/codes.ts). Protected routes need `Authorization: Bearer <accessToken>` ' +
          'from `POST /api/token/reissue`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refreshToken' },
        },
      },
      tags: [
        { name: 'auth', description: 'Sign-in and session' },
        { name: 'workspace', description: 'Workspace' },
        { name: 'settings', description: 'Workspace settings: teams, members, my profile, withdrawal' },
        { name: 'comments', description: 'Comments on goals, issues and externals' },
        {
          name: 'items',
          description: 'Goals, issues and externals of a team: create, grouped lists, delete',
        },
        {
          name: 'integrations',
          description:
            'GitHub App (per team) and Slack (per workspace): connect, callbacks, installation, repositories, ' +
            'GitHub webhook',
        },
        { name: 'alarms', description: 'Notifications (alarms): list per tab, read, delete, unread count' },
        { name: 'events', description: 'Live updates: one-time ticket and the server-sent events stream' },
        { name: 'system', description: 'Health' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) {
    // Loaded only when served (start-up does not pay for it otherwise; docs/performance.md "Embedded database and speed").
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      theme: { title: 'Momentum API' },
      uiConfig: { deepLinking: true, persistAuthorization: false },
    });
  }
});
