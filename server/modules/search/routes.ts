import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ITEM_KINDS,
  SEARCH_LIMIT_DEFAULT,
  errorEnvelopeSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '../../../contract';
import type { Db } from '../../db';
import { ok } from '../../http/envelope';
import { noStoreByDefault } from '../../http/no-store';
import { backfillSearchColumns } from './backfill';
import { searchItems } from './service';

export interface SearchRoutesOptions {
  db: Db;
}

/**
 * `GET /api/search` (docs/product.md "Search"). Before the app answers, items without derived search columns get
 * them (backfill.ts): one query when there are none.
 */
export async function searchRoutes(app: FastifyInstance, { db }: SearchRoutesOptions): Promise<void> {
  const filled = await backfillSearchColumns(db);
  if (filled > 0) app.log.info({ items: filled }, 'search columns filled');

  const r = app.withTypeProvider<ZodTypeProvider>();
  noStoreByDefault(app);

  r.get(
    '/api/search',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['search'],
        summary: 'Search goals, issues and externals of the workspace',
        description:
          "The caller's workspace only (with `teamId`, only that team). Matches the generated name (`Acme-i12`, " +
          'or `i12`), the title (substring, 초성 such as ㄹㄱㅇ for 로그인, a half-composed last syllable such as ' +
          '로그이) and the description text. 초성 queries may leave out spaces (ㅂㄱㄱㅈ finds 분기 결제) and may hold ' +
          'compound consonants a 2-set keyboard composes from two initials (ㄺㅇ = ㄹㄱㅇ). Ranked: exact name or ' +
          'title; then titles starting with the match (name or title prefix, 초성, letters); then titles having ' +
          'it elsewhere (substring, 초성, letters); then the description; ties newest first. `ranges` are the ' +
          'title characters to highlight (one per word for 초성 matches across a space).',
        security: [{ bearerAuth: [] }],
        querystring: searchQuerySchema,
        response: {
          200: searchResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`VALID400_1`: q not 1–50 characters, bad kinds, teamId or limit',
          ),
          401: errorEnvelopeSchema.describe('`COMMON401` | `JWT401_0` | `JWT401_1` | `JWT401_2`'),
          404: errorEnvelopeSchema.describe(
            "`TEAM404_0`: teamId is no team of the caller's workspace | `WORKSPACE404_0`: no workspace",
          ),
        },
      },
    },
    async (request, reply) => {
      const { q, kinds, teamId, limit } = request.query;
      const result = await searchItems(db, request.memberId, {
        q,
        kinds: kinds ?? ITEM_KINDS,
        teamId: teamId ?? null,
        limit: limit ?? SEARCH_LIMIT_DEFAULT,
      });
      return ok(reply, 'SEARCH200_0', result);
    },
  );
}
