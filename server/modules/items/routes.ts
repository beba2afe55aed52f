import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ITEM_CONTENT_MAX_BYTES,
  LIST_PAGE_SIZE,
  deleteItemsResponseSchema,
  errorEnvelopeSchema,
  idParamSchema,
  externalLinksResponseSchema,
  itemDetailResponseSchema,
  itemNameResponseSchema,
  listPageResponseSchema,
  listQuerySchema,
  simpleListResponseSchema,
} from '../../../contract';
import type { Db } from '../../db';
import { AUTH_ERRORS } from '../../http/route-errors';
import { ok } from '../../http/envelope';
import { teamScopeHook, teamWriterHook } from '../../http/team-scope';
import { invalidField } from '../../http/validation';
import { noStoreByDefault } from '../../http/no-store';
import { type Integrations, syncExternal, syncGithubIssueUpdate } from '../integrations';
import { integrationLinks } from '../integrations';
import { publishSafely } from '../events';
import { decodeCursor } from './cursor';
import { itemDetail, toUpdateInput, updateItem } from './detail';
import { type CreateBody, KINDS, type KindSpec, type UpdateBody } from './kinds';
import { listPage } from './list';
import { liveFields, publishItemChange } from './live';
import { createItem, deleteItems, nextItemName, simpleList, toCreateInput } from './service';

export interface ItemRoutesOptions {
  db: Db;
  /** GitHub/Slack clients: externals are mirrored there after they are saved. */
  integrations: Integrations;
}

/** `{teamId}` of every team route: a positive `integer` id (400 `VALID400_1` otherwise). */
const teamParamsSchema = z.object({ teamId: idParamSchema });

/**
 * Create bodies carry the description (≤ 1 MB of JSON text, escaped once more inside the request's JSON), so their
 * routes accept up to 4 MB; anything larger is 413 `COMMON413` before parsing.
 */
const CREATE_BODY_LIMIT = 4 * ITEM_CONTENT_MAX_BYTES;

const NO_TEAM = errorEnvelopeSchema.describe("`TEAM404_0`: no team with that id in the caller's workspace");

/** `{goalId}` / `{issueId}` / `{extId}` of the detail and update paths: a positive `integer` id. */
const itemIdSchema = idParamSchema;

/**
 * Goals, issues and externals (docs/product.md "Items" and "Grouped lists"): one generic module, every route
 * registered once per kind from `KINDS`. Team routes check the path's team against the caller's workspace in
 * `preValidation`, before the body is read, so a foreign team is a 404 whatever was sent (docs/security.md
 * "Access model").
 */
export async function itemRoutes(
  app: FastifyInstance,
  { db, integrations }: ItemRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireMember, preValidation: teamScopeHook(db) };
  /** Writes need membership of the team as well (issue #23): 403 `TEAM403_1` for a public team's non-member. */
  const writing = { onRequest: app.requireMember, preValidation: teamWriterHook(db) };
  const NOT_MEMBER = errorEnvelopeSchema.describe('`TEAM403_1`: the caller is not a member of the team');

  noStoreByDefault(app);

  for (const spec of KINDS) registerKind(spec);

  /** Registers the routes of one kind; `spec` fills in paths, body keys and codes. */
  function registerKind(spec: KindSpec): void {
    const base = `/api/teams/:teamId/${spec.segment}`;

    r.post(
      base,
      {
        ...writing,
        bodyLimit: CREATE_BODY_LIMIT,
        schema: {
          tags: ['items'],
          summary: `Create a ${spec.kind}`,
          description:
            `Creates a ${spec.kind} of the team named \`<workspaceName>-${spec.prefix}<n>\` (the workspace's next ` +
            `number for the kind, never reused); result \`{ ${spec.idKey} }\`. Managers must be team members, ` +
            "`goalId` a goal of the team (-1 or null: none); a goal's `issuesId` are moved off any other goal. " +
            'docs/product.md "Items".' +
            (spec.kind === 'external'
              ? " GITHUB needs `owner`, `repo` and the team's `installationId` (400 `GITHUB400_0`). After saving, " +
                'GITHUB opens an issue and SLACK posts to the linked channel; `sync` reports the outcome (the ' +
                'item is kept when the tool fails).'
              : ''),
          security: [{ bearerAuth: [] }],
          params: teamParamsSchema,
          body: spec.createBody,
          response: {
            201: spec.createResponse,
            400: errorEnvelopeSchema.describe(
              '`VALID400_1` invalid field (`result.<field>`; `deadline` start after end, `content` not Lexical ' +
                'JSON) | `ITEM400_0` managers not in the team | `ITEM400_1` goal not of the team | ' +
                '`ITEM400_2` issues not of the team' +
                (spec.kind === 'external'
                  ? ' | `GITHUB400_0` GitHub repository/installation missing or foreign'
                  : ''),
            ),
            401: AUTH_ERRORS,
            403: NOT_MEMBER,
            404: NO_TEAM,
            413: errorEnvelopeSchema.describe('`COMMON413`: body over 4 MB'),
          },
        },
      },
      async (request, reply) => {
        const input = toCreateInput(spec, request.body as CreateBody);
        const scope = request.teamScope;
        const id = await createItem(db, spec, scope, request.memberId, input);
        request.log.info({ kind: spec.kind, id, teamId: scope.teamId }, 'item created');
        // Live update (docs/live-updates.md): after the commit; a failure is only logged.
        await publishItemChange(db, request.log, { type: 'item.created' }, id, request.memberId);
        if (spec.kind !== 'external' || input.extServiceType === null) {
          return ok(reply, spec.codes.created, { [spec.idKey]: id });
        }
        const sync = await syncExternal(
          integrations,
          db,
          {
            id,
            teamId: scope.teamId,
            workspaceId: scope.workspaceId,
            title: input.title,
            content: input.content,
            extServiceType: input.extServiceType,
            github: input.github,
          },
          request.log,
        );
        request.log.info({ id, service: sync.service, ok: sync.ok }, 'external synced');
        return ok(reply, spec.codes.created, { externalId: id, sync });
      },
    );

    const notFound = spec.codes.notFound;
    const detailParams = z.object({
      ...(spec.kind === 'external' ? { teamId: teamParamsSchema.shape.teamId } : {}),
      [spec.idParam]: itemIdSchema,
    });

    r.get(
      spec.detailPath,
      {
        ...(spec.kind === 'external' ? guarded : { onRequest: app.requireMember }),
        schema: {
          tags: ['items'],
          summary: `One ${spec.kind} in detail`,
          description:
            'List row fields plus `content`, `issues` (goals: newest first), `teamId`, `teamName`, `updatedAt`. ' +
            "Comments are read separately (`GET /api/comments`). An item of another workspace is the kind's 404.",
          security: [{ bearerAuth: [] }],
          params: detailParams,
          response: {
            200: itemDetailResponseSchema,
            400: errorEnvelopeSchema.describe('`VALID400_1`: malformed id'),
            401: AUTH_ERRORS,
            404: errorEnvelopeSchema.describe(
              `\`${notFound}\` no such ${spec.kind}` +
                (spec.kind === 'external' ? ' in the team | `TEAM404_0` no such team' : ''),
            ),
          },
        },
      },
      async (request, reply) => {
        const params = request.params as Record<string, number>;
        const teamId = spec.kind === 'external' ? request.teamScope.teamId : null;
        const detail = await itemDetail(db, spec, request.memberId, params[spec.idParam]!, teamId);
        return ok(reply, spec.codes.detail, detail);
      },
    );

    r.patch(
      `${base}/:${spec.idParam}`,
      {
        ...writing,
        bodyLimit: CREATE_BODY_LIMIT,
        schema: {
          tags: ['items'],
          summary: `Update a ${spec.kind} (partial)`,
          description:
            "One transaction. Absent = unchanged; `managersId: []` clears; `issuesId` replaces the goal's issues; " +
            "deadline sides `YYYY-MM-DD` or `'null'` (clears), merged with the stored sides before start ≤ end is " +
            'checked; unknown or foreign ids → 400; `updatedAt` is bumped. `extServiceType` is fixed at creation. ' +
            'GITHUB externals: after the commit a `state` crossing FINISH closes / reopens the issue and a new ' +
            '`title` renames it (failures only logged). docs/product.md "Items".',
          security: [{ bearerAuth: [] }],
          params: z.object({ teamId: teamParamsSchema.shape.teamId, [spec.idParam]: itemIdSchema }),
          body: spec.updateBody,
          response: {
            200: spec.updateResponse,
            400: errorEnvelopeSchema.describe(
              '`VALID400_1` invalid field | `ITEM400_0` managers not in the team | `ITEM400_1` goal not of the ' +
                'team | `ITEM400_2` issues not of the team' +
                (spec.kind === 'external' ? ' | `EXTERNAL400_0` extServiceType sent' : ''),
            ),
            401: AUTH_ERRORS,
            403: NOT_MEMBER,
            404: errorEnvelopeSchema.describe(
              `\`TEAM404_0\` no such team | \`${notFound}\` no such item in it`,
            ),
            413: errorEnvelopeSchema.describe('`COMMON413`: body over 4 MB'),
          },
        },
      },
      async (request, reply) => {
        const itemId = (request.params as Record<string, number>)[spec.idParam]!;
        const input = toUpdateInput(spec, request.body as UpdateBody);
        const updated = await updateItem(db, spec, request.teamScope, itemId, input, request.memberId);
        request.log.info({ kind: spec.kind, id: itemId, teamId: request.teamScope.teamId }, 'item updated');
        const sent = Object.entries(request.body as Record<string, unknown>).filter(
          ([, v]) => v !== undefined,
        );
        await publishItemChange(
          db,
          request.log,
          { type: 'item.updated', fields: liveFields(sent.map(([k]) => k)) },
          itemId,
          request.memberId,
        );
        // GITHUB externals: state (FINISH ↔ open) and title follow on the issue, after the commit, best effort.
        await syncGithubIssueUpdate(
          integrations,
          db,
          { itemId, teamId: request.teamScope.teamId, ...updated },
          request.log,
        );
        return ok(reply, spec.codes.updated, { [spec.idKey]: itemId });
      },
    );

    r.get(
      base,
      {
        ...guarded,
        schema: {
          tags: ['items'],
          summary: `One page of the team's ${spec.segment}, grouped`,
          description:
            `Groupings: ${spec.groupings.join(', ')} (case-insensitive, default STATE). Every page lists every ` +
            "non-empty group with its team-wide `dataCnt` and only this page's items (newest first; an item with " +
            'two managers is in both MANAGER groups); `size` ' +
            `(1–100, default ${LIST_PAGE_SIZE}) counts items across groups; pass \`nextCursor\` back as \`cursor\`. ` +
            "Group order: STATE and PRIORITY in code order; MANAGER, GOAL and EXT_TYPE the `NONE` group ('없음') " +
            'first, then by label in Korean collation. docs/product.md "Grouped lists".',
          security: [{ bearerAuth: [] }],
          params: teamParamsSchema,
          querystring: listQuerySchema,
          response: {
            200: listPageResponseSchema,
            400: errorEnvelopeSchema.describe(
              '`VALID400_1`: `query` not offered for this kind, malformed `cursor` or cursor of another ' +
                'grouping, `size` out of range',
            ),
            401: AUTH_ERRORS,
            404: NO_TEAM,
          },
        },
      },
      async (request, reply) => {
        const { query: grouping, cursor, size } = request.query;
        if (!spec.groupings.includes(grouping)) {
          throw invalidField(
            'query',
            `${spec.label} 목록은 ${spec.groupings.join(', ')} 중 하나로 묶을 수 있습니다.`,
          );
        }
        const position = decodeCursor(cursor, grouping);
        return ok(
          reply,
          spec.codes.list,
          await listPage(db, spec, request.teamScope, grouping, position, size),
        );
      },
    );

    r.delete(
      base,
      {
        ...writing,
        schema: {
          tags: ['items'],
          summary: `Delete ${spec.segment} permanently`,
          description:
            `Body \`{ ${spec.idsKey}: number[] }\`; all or nothing: 403 if any id is another team's, else 404 if ` +
            'any id is unknown (both name the ids; nothing deleted). Managers and comments go with the items; ' +
            'issues of a deleted goal lose their goal. `deletedIds` in request order, duplicates removed. ' +
            'docs/product.md "Items".',
          security: [{ bearerAuth: [] }],
          params: teamParamsSchema,
          body: spec.deleteBody,
          response: {
            200: deleteItemsResponseSchema,
            400: errorEnvelopeSchema.describe('`VALID400_1`: malformed body or empty id list'),
            401: AUTH_ERRORS,
            403: errorEnvelopeSchema.describe(
              "`ITEM403_0` ids of another team's items (same workspace) | `TEAM403_1` not a member of the team",
            ),
            404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `ITEM404_0` unknown ids'),
          },
        },
      },
      async (request, reply) => {
        const ids = (request.body as Record<string, number[]>)[spec.idsKey]!;
        const deletedIds = await deleteItems(db, spec, request.teamScope, ids);
        request.log.info({ kind: spec.kind, deletedIds, teamId: request.teamScope.teamId }, 'items deleted');
        await publishSafely(
          db,
          request.log,
          request.teamScope.workspaceId,
          {
            type: 'item.deleted',
            actorId: request.memberId,
            kind: spec.kind,
            teamId: request.teamScope.teamId,
            ids: deletedIds,
          },
          null,
          request.teamScope.teamId,
        );
        return ok(reply, spec.codes.deleted, { deletedIds });
      },
    );

    if (spec.simplePath !== null && spec.codes.simple !== null) {
      const code = spec.codes.simple;
      r.get(
        `/api/teams/:teamId/${spec.simplePath}`,
        {
          ...guarded,
          schema: {
            tags: ['items'],
            summary: `Ids and titles of the team's ${spec.segment}`,
            description: 'Newest first; empty is a success.',
            security: [{ bearerAuth: [] }],
            params: teamParamsSchema,
            response: { 200: simpleListResponseSchema, 401: AUTH_ERRORS, 404: NO_TEAM },
          },
        },
        async (request, reply) => ok(reply, code, await simpleList(db, spec, request.teamScope)),
      );
    }

    r.get(
      `/api/teams/:teamId/${spec.namePath}`,
      {
        ...guarded,
        schema: {
          tags: ['items'],
          summary: `The name the next ${spec.kind} will get`,
          description: `\`<workspaceName>-${spec.prefix}<n>\`, previewed (nothing is taken).`,
          security: [{ bearerAuth: [] }],
          params: teamParamsSchema,
          response: { 200: itemNameResponseSchema, 401: AUTH_ERRORS, 404: NO_TEAM },
        },
      },
      async (request, reply) => ok(reply, spec.codes.name, await nextItemName(db, spec, request.teamScope)),
    );
  }

  r.get(
    '/api/teams/:teamId/externals/links',
    {
      ...guarded,
      schema: {
        tags: ['items'],
        summary: 'Whether the team is connected to GitHub and Slack',
        description:
          '`linkedWithGithub`: the team has a GitHub App installation; `linkedWithSlack`: its workspace has a ' +
          'Slack link.',
        security: [{ bearerAuth: [] }],
        params: teamParamsSchema,
        response: { 200: externalLinksResponseSchema, 401: AUTH_ERRORS, 404: NO_TEAM },
      },
    },
    async (request, reply) => ok(reply, 'EXTERNAL200_5', await integrationLinks(db, request.teamScope)),
  );
}
