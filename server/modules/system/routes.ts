import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, healthResponseSchema } from '../../../contract';
import type { Database } from '../../db';
import { ok } from '../../http/envelope';

export interface SystemRoutesOptions {
  database: Database;
}

/** Health check for Playwright's web server and deployments. */
export async function systemRoutes(app: FastifyInstance, { database }: SystemRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health check',
        description:
          'No auth (polled by Playwright and deployments). `select 1` on the database, then ' +
          '`{ status: "ok", database }`; 500 if it does not answer.',
        response: {
          200: healthResponseSchema,
          500: errorEnvelopeSchema.describe('`COMMON500` with `{ requestId }`'),
        },
      },
    },
    async (_request, reply) => {
      await database.db.execute(sql`select 1`);
      return ok(reply, 'COMMON200', { status: 'ok' as const, database: database.kind });
    },
  );
}
