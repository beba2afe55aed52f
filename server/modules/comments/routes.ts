import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentListQuerySchema,
  commentListResponseSchema,
  createCommentRequestSchema,
  createCommentResponseSchema,
  errorEnvelopeSchema,
} from '../../../contract';
import type { Db } from '../../db';
import { ok } from '../../http/envelope';
import { publishCommentAdded } from '../events/publish';
import { createComment, listComments } from './service';

export interface CommentRoutesOptions {
  db: Db;
}

const AUTH_ERRORS = errorEnvelopeSchema.describe(
  '`COMMON401` no bearer | `JWT401_0` expired | `JWT401_1` invalid, member gone or withdrawn | `JWT401_2` malformed',
);
const NO_TARGET = errorEnvelopeSchema.describe(
  '`GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0`: no goal / issue / external with `targetId`',
);

/**
 * Comments (issue #6, server half; api-contract.md "Comments"; spec §3 "Comment", §5 "A comment must be non-empty
 * after trimming", §7 "Detail and comments"). Bearer access token required (401 first); any member of the target's
 * workspace may read and write (spec §6: no roles). Responses are `Cache-Control: no-store`.
 */
export async function commentRoutes(app: FastifyInstance, { db }: CommentRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  /**
   * `GET /api/comments?category=GOAL|ISSUE|EXTERNAL&targetId=<id>` — the item's comments, oldest first: 200
   * `COMMENT200_0` `{ cnt, info: [{ id, profileUrl | null, name, createdAt (ISO-8601 +09:00), content }] }` (none
   * is `{ cnt: 0, info: [] }`); a withdrawn author is '탈퇴한 사용자' with a null photo. 400 `VALID400_1` bad or
   * missing `category` / `targetId`; 401; 404 (also for another workspace's item)
   * `GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0` no item of that kind with the id.
   */
  r.get(
    '/api/comments',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['comments'],
        summary: "An item's comments, oldest first",
        description: 'Withdrawn authors are shown as 탈퇴한 사용자. api-contract.md "Comments".',
        security: [{ bearerAuth: [] }],
        querystring: commentListQuerySchema,
        response: {
          200: commentListResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: bad or missing `category` / `targetId`'),
          401: AUTH_ERRORS,
          404: NO_TARGET,
        },
      },
    },
    async (request, reply) => {
      const { category, targetId } = request.query;
      return ok(reply, 'COMMENT200_0', await listComments(db, request.memberId, category, targetId));
    },
  );

  /**
   * `POST /api/comments` — body `{ content (trimmed, 1–2000 characters), category: GOAL|ISSUE|EXTERNAL, targetId }`:
   * 201 `COMMENT201_0` `{ commentId }`. 400 `VALID400_1` (`result.content` empty or over 2000 characters,
   * `result.category` / `result.targetId` bad); 401; 404 (also for another workspace's item) `GOAL404_0` | `ISSUE404_0` |
   * `EXTERNAL404_0`.
   */
  r.post(
    '/api/comments',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['comments'],
        summary: 'Comment on a goal, issue or external',
        description: 'Content trimmed, 1–2000 characters. api-contract.md "Comments".',
        security: [{ bearerAuth: [] }],
        body: createCommentRequestSchema,
        response: {
          201: createCommentResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`VALID400_1`: empty or too long content, bad category or target id',
          ),
          401: AUTH_ERRORS,
          404: NO_TARGET,
        },
      },
    },
    async (request, reply) => {
      const { content, category, targetId } = request.body;
      const commentId = await createComment(db, request.memberId, category, targetId, content);
      request.log.info({ commentId, category, targetId }, 'comment created');
      // Live update (docs/live-updates.md): after the commit; a failure is only logged.
      await publishCommentAdded(db, request.log, targetId, commentId, request.memberId);
      return ok(reply, 'COMMENT201_0', { commentId });
    },
  );
}
