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
import { AUTH_ERRORS } from '../../http/route-errors';
import { ok } from '../../http/envelope';
import { noStoreByDefault } from '../../http/no-store';
import { publishCommentAdded } from '../events';
import { requireItemAccess } from '../items';
import { createComment, listComments } from './service';

export interface CommentRoutesOptions {
  db: Db;
}

const NO_TARGET = errorEnvelopeSchema.describe(
  '`GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0`: no goal / issue / external with `targetId` in the ' +
    "caller's workspace",
);

/**
 * Comments (docs/product.md "Comments"). Any member of the target's workspace may read and write
 * (docs/security.md "Access model": no roles).
 */
export async function commentRoutes(app: FastifyInstance, { db }: CommentRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  noStoreByDefault(app);

  r.get(
    '/api/comments',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['comments'],
        summary: "An item's comments, oldest first",
        description:
          'Withdrawn authors are shown as 탈퇴한 사용자 with a null photo; none is `{ cnt: 0, info: [] }`. ' +
          'docs/product.md "Comments".',
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
      // issue #23 (teams): a private team's item is a 404 to non-members.
      await requireItemAccess(db, request.memberId, category, targetId, false);
      return ok(reply, 'COMMENT200_0', await listComments(db, request.memberId, category, targetId));
    },
  );

  r.post(
    '/api/comments',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['comments'],
        summary: 'Comment on a goal, issue or external',
        description: 'Content trimmed, 1–2000 characters. docs/product.md "Comments".',
        security: [{ bearerAuth: [] }],
        body: createCommentRequestSchema,
        response: {
          201: createCommentResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`VALID400_1`: empty or too long content, bad category or target id',
          ),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe("`TEAM403_1`: the caller is not a member of the item's team"),
          404: NO_TARGET,
        },
      },
    },
    async (request, reply) => {
      const { content, category, targetId } = request.body;
      // issue #23 (teams): commenting needs membership of the item's team (403 `TEAM403_1`; private: 404).
      await requireItemAccess(db, request.memberId, category, targetId, true);
      const commentId = await createComment(db, request.memberId, category, targetId, content);
      request.log.info({ commentId, category, targetId }, 'comment created');
      // Live update (docs/live-updates.md): after the commit; a failure is only logged.
      await publishCommentAdded(db, request.log, targetId, commentId, request.memberId);
      return ok(reply, 'COMMENT201_0', { commentId });
    },
  );
}
