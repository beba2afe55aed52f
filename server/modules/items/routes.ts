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
import { ok } from '../../http/envelope';
import { type Integrations, syncExternal, syncGithubIssueUpdate } from '../integrations/integrations';
import { integrationLinks } from '../integrations/store';
import { liveFields, publishItemChange, publishSafely } from '../events/publish';
import { decodeCursor } from './cursor';
import { itemDetail, toUpdateInput, updateItem } from './detail';
import { type CreateBody, KINDS, type KindSpec, type UpdateBody } from './kinds';
import { listPage } from './list';
import { createItem, deleteItems, invalidField, nextItemName, simpleList, toCreateInput } from './service';
import { teamScopeHook } from './team-scope';

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

const AUTH_ERRORS = errorEnvelopeSchema.describe(
  '`COMMON401` no bearer | `JWT401_0` expired | `JWT401_1` invalid, member gone or withdrawn | `JWT401_2` malformed',
);
const NO_TEAM = errorEnvelopeSchema.describe("`TEAM404_0`: no team with that id in the caller's workspace");

/** `{goalId}` / `{issueId}` / `{extId}` of the detail and update paths: a positive `integer` id. */
const itemIdSchema = idParamSchema;

/**
 * Goals, issues and externals (issues #5 and #6, server half: create, lists, delete, detail, partial update; spec
 * §3 Goal / Issue / External / simple lists / list response, §4, §7 "Lists", "Detail" and "Detail and comments";
 * api-contract.md "Items" and "Grouped lists"). One generic module: every route below is registered once per kind
 * from `KINDS` (path segment, body keys, codes).
 *
 * Access: `Authorization: Bearer <access token>` (401 first, `onRequest`). Every route under `/api/teams/{teamId}/`
 * then — before the body or query is validated — needs the path's team to exist (404 `TEAM404_0`) and belong to
 * the caller's workspace (404 `TEAM404_0` otherwise, like a missing team); `GET /api/goals/{goalId}` and
 * `GET /api/issues/{issueId}` check the item's workspace instead (the kind's 404 otherwise). Any member of the workspace may use any of its teams (spec §6: no
 * roles). Responses are `Cache-Control: no-store`.
 */
export async function itemRoutes(
  app: FastifyInstance,
  { db, integrations }: ItemRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireMember, preValidation: teamScopeHook(db) };

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  for (const spec of KINDS) registerKind(spec);

  /**
   * Registers the five (externals: four) routes of one kind; `spec` fills in paths, body keys and codes. Each
   * route's own docstring is below; `{kind}` stands for goals / issues / externals.
   */
  function registerKind(spec: KindSpec): void {
    const base = `/api/teams/:teamId/${spec.segment}`;

    /**
     * `POST /api/teams/{teamId}/goals|issues|externals` — create (spec §3 payloads, §7 "Detail"; api-contract.md
     * "Items"). Body: `createGoalRequestSchema` / `createIssueRequestSchema` / `createExternalRequestSchema` —
     * `title` (trimmed, 1–20 characters), `content` ('' or Lexical JSON, ≤ 1 MB; default ''), `state` and
     * `priority` (default NONE), `managersId` (members of the team; default []), `deadline { start?, end? }`
     * (`YYYY-MM-DD`, start ≤ end); issues and externals `goalId` (a goal of the team; -1, null or absent = none);
     * goals `issuesId` (issues of the team, linked to the new goal — moved off any other goal); externals
     * `extServiceType` (GITHUB | SLACK, required, fixed afterwards) and, for GITHUB, `owner` / `repo` /
     * `installationId` (all required; the installation must be the team's — `GET /api/teams/{teamId}/github/
     * installation`), stored as the item's repository.
     * The name `<workspaceName>-g|i|e<n>` takes the workspace's next number for the kind (never reused).
     * Externals are then mirrored on their tool, after the item is committed (integrations.ts `syncExternal`):
     * GITHUB opens an issue in `owner/repo`, SLACK announces it in the workspace's Slack channel; a failure never
     * undoes the create, it is reported in `sync`.
     * 201 `GOAL201_0` `{ goalId }` | `ISSUE201_0` `{ issueId }` | `EXTERNAL201_0` `{ externalId, sync: { service,
     * ok, url (issue html_url / message permalink), message (Korean, when not ok) } }`.
     * 400 `VALID400_1` (`result` field → message): bad or missing fields, title empty or over 20 characters,
     * `result.deadline` '시작일은 마감일보다 늦을 수 없습니다.', `result.content` not '' or Lexical-shaped JSON;
     * `ITEM400_0` managers who are not team members (`result.managersId` names them); `ITEM400_1` `goalId` not a
     * goal of the team; `ITEM400_2` `issuesId` not issues of the team; `GITHUB400_0` GITHUB without owner, repo
     * or installationId, or an installation that is not the team's (nothing saved). 401; 404 `TEAM404_0`; 404
     * `TEAM404_0`; 413 `COMMON413` body over 4 MB.
     */
    r.post(
      base,
      {
        ...guarded,
        bodyLimit: CREATE_BODY_LIMIT,
        schema: {
          tags: ['items'],
          summary: `Create a ${spec.kind}`,
          description:
            `Creates a ${spec.kind} of the team named \`<workspaceName>-${spec.prefix}<n>\`; result ` +
            `\`{ ${spec.idKey} }\`. Spec §3, §7; api-contract.md "Items".` +
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

    /**
     * `GET /api/goals/{goalId}`, `GET /api/issues/{issueId}`, `GET /api/teams/{teamId}/externals/{extId}` — detail
     * (spec §3, §7 "Detail and comments"; api-contract.md "Items"). 200 `GOAL200_5` | `ISSUE200_5` |
     * `EXTERNAL200_3` `itemDetailSchema`: the list row `{ id, name, title, state, priority, deadline { start, end },
     * managers { cnt, info: [{ memberId, name, profileUrl }] }, goal { id, title } | null, extServiceType | null,
     * createdAt }` plus `content` (the stored JSON string, '' = empty), `issues` (goals: `{ cnt, info: [{ id,
     * title }] }` newest first; else null), `teamId`, `teamName`, `updatedAt`. Comments are read separately
     * (`GET /api/comments`). 404 `GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0` no such item (externals: also when
     * it is not of `{teamId}`, or is in another workspace; externals: the path's team → 404 `TEAM404_0` first). 400 `VALID400_1` malformed id; 401.
     */
    r.get(
      spec.detailPath,
      {
        ...(spec.kind === 'external' ? guarded : { onRequest: app.requireMember }),
        schema: {
          tags: ['items'],
          summary: `One ${spec.kind} in detail`,
          description:
            'List row fields plus `content`, `issues` (goals), `teamId`, `teamName`, `updatedAt`. Spec §3, §7.',
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

    /**
     * `PATCH /api/teams/{teamId}/goals/{goalId}` | `/issues/{issueId}` | `/externals/{extId}` — partial update in one
     * transaction (api-contract.md "Items"; spec §4 "Detail modes": view mode saves each property at once).
     * Body `updateGoalRequestSchema` / `updateIssueRequestSchema` / `updateExternalRequestSchema`, every field
     * optional, absent = unchanged: `title` (trimmed, 1–20 characters), `content` ('' or Lexical JSON: an object
     * whose `root` has a `children` array, list items' `indent` ≥ 0; ≤ 1 MB), `state`, `priority`, `managersId`
     * (replaces; `[]` clears; members of the team), `deadline { start?, end? }` (each a `YYYY-MM-DD`, or `'null'`
     * to clear; merged with the stored sides, then start ≤ end), goals `issuesId` (replaces the goal's issues;
     * issues of the team), issues/externals `goalId` (a goal of the team; null or -1 clears). Externals:
     * `extServiceType` is fixed at creation.
     * 200 `GOAL200_1` `{ goalId }` | `ISSUE200_1` `{ issueId }` | `EXTERNAL200_1` `{ externalId }`; `updatedAt` bumped.
     * GITHUB externals with a known issue: after the commit, a new `state` crossing FINISH closes / reopens the
     * issue and a new `title` renames it (integrations.ts `syncGithubIssueUpdate`; failures only logged).
     * 400 `VALID400_1` (`result.<field>`: bad field, `deadline` start after end, `content` malformed) | `ITEM400_0`
     * managers not in the team | `ITEM400_1` goal not of the team | `ITEM400_2` issues not of the team |
     * `EXTERNAL400_0` '외부 툴은 생성 시에만 설정할 수 있습니다.'. 401; 404 `TEAM404_0` |
     * `GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0` (no such item in the team); 413 body over 4 MB.
     */
    r.patch(
      `${base}/:${spec.idParam}`,
      {
        ...guarded,
        bodyLimit: CREATE_BODY_LIMIT,
        schema: {
          tags: ['items'],
          summary: `Update a ${spec.kind} (partial)`,
          description:
            "Absent = unchanged; `managersId: []` clears; deadline sides `YYYY-MM-DD` or `'null'`; unknown or " +
            'foreign ids → 400. api-contract.md "Items".',
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

    /**
     * `GET /api/teams/{teamId}/goals|issues|externals?query&cursor&size` — one page of the grouped list
     * (api-contract.md "Grouped lists"; spec §3 "List response", §4; see list.ts for the queries).
     * Query: `query` grouping, case-insensitive, default STATE — goals STATE | PRIORITY | MANAGER, issues also GOAL,
     * externals also GOAL and EXT_TYPE; `cursor` absent or `-1` = first page, else the previous page's
     * `nextCursor`; `size` 1–100 (default 20) items across groups.
     * 200 `GOAL200_0` | `ISSUE200_0` | `EXTERNAL200_0` `{ data: [{ groupKey, filterName, imageUrl, dataCnt,
     * items: [{ id, name, title, state, priority, deadline { start, end }, managers { cnt, info: [{ memberId,
     * name, profileUrl }] }, goal { id, title } | null, extServiceType | null, createdAt (ISO-8601 +09:00) }] }],
     * hasNext, nextCursor | null }`. `data` lists every non-empty group of the team on every page, in group order
     * (STATE `NONE, IN_PROGRESS, TODO, FINISH, REVIEW, DELETE`; PRIORITY `NONE, URGENT, HIGH, NORMAL, LOW`; MANAGER /
     * GOAL / EXT_TYPE the '없음' group (`groupKey` NONE) first, then by label in Korean collation, ties by key);
     * `dataCnt` is the group's total in the team; `items` only this page's, newest first (an item with two
     * managers is in both manager groups). `groupKey`: the code, the member id or goal id as a string, or NONE;
     * `filterName`: the code (STATE / PRIORITY / EXT_TYPE), the member's name, the goal's title, or '없음';
     * `imageUrl`: the manager's photo (MANAGER), else null. An empty team: `{ data: [], hasNext: false,
     * nextCursor: null }`.
     * 400 `VALID400_1`: `result.query` unknown or not offered for the kind, `result.cursor` not a cursor of this
     * grouping, `result.size` out of range. 401; 404 `TEAM404_0`.
     */
    r.get(
      base,
      {
        ...guarded,
        schema: {
          tags: ['items'],
          summary: `One page of the team's ${spec.segment}, grouped`,
          description:
            `Groupings: ${spec.groupings.join(', ')} (case-insensitive, default STATE). Every page lists every ` +
            "non-empty group with its team-wide `dataCnt` and only this page's items (newest first); `size` " +
            `(1–100, default ${LIST_PAGE_SIZE}) counts items across groups; pass \`nextCursor\` back as \`cursor\`. ` +
            'api-contract.md "Grouped lists".',
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

    /**
     * `DELETE /api/teams/{teamId}/goals|issues|externals` — permanent delete (spec §4 delete mode; api-contract.md
     * "Items"). Body `{ goalIds | issueIds | externalIds: number[] (≥ 1) }`. All or nothing: 403 `ITEM403_0` if
     * any id is an item of this kind of another team; else 404 `ITEM404_0` if any id is no item of this kind
     * (both name the ids in `message` and `result.<idsKey>`; nothing deleted). Managers and comments go with the items; issues
     * and externals of a deleted goal lose their goal. 200 `GOAL200_2` | `ISSUE200_2` | `EXTERNAL200_2`
     * `{ deletedIds }` (request order, duplicates removed). 400 `VALID400_1` malformed body; 401; 404 `TEAM404_0`;
     * 404 `TEAM404_0`.
     */
    r.delete(
      base,
      {
        ...guarded,
        schema: {
          tags: ['items'],
          summary: `Delete ${spec.segment} permanently`,
          description:
            `Body \`{ ${spec.idsKey}: number[] }\`; all or nothing. Issues of a deleted goal lose their goal. ` +
            'api-contract.md "Items".',
          security: [{ bearerAuth: [] }],
          params: teamParamsSchema,
          body: spec.deleteBody,
          response: {
            200: deleteItemsResponseSchema,
            400: errorEnvelopeSchema.describe('`VALID400_1`: malformed body or empty id list'),
            401: AUTH_ERRORS,
            403: errorEnvelopeSchema.describe("`ITEM403_0` ids of another team's items (same workspace)"),
            404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `ITEM404_0` unknown ids'),
          },
        },
      },
      async (request, reply) => {
        const ids = (request.body as Record<string, number[]>)[spec.idsKey]!;
        const deletedIds = await deleteItems(db, spec, request.teamScope, ids);
        request.log.info({ kind: spec.kind, deletedIds, teamId: request.teamScope.teamId }, 'items deleted');
        await publishSafely(db, request.log, request.teamScope.workspaceId, {
          type: 'item.deleted',
          actorId: request.memberId,
          kind: spec.kind,
          teamId: request.teamScope.teamId,
          ids: deletedIds,
        });
        return ok(reply, spec.codes.deleted, { deletedIds });
      },
    );

    /**
     * `GET /api/teams/{teamId}/goals-simple` and `/issues-simple` — the pickers' lists (spec §3 "Simple lists",
     * §7 "Detail"): 200 `GOAL200_3` | `ISSUE200_3` `{ cnt, info: [{ id, title }] }`, newest first; an empty
     * team is `{ cnt: 0, info: [] }` (a success). 401; 404 `TEAM404_0`.
     */
    if (spec.simplePath !== null && spec.codes.simple !== null) {
      const code = spec.codes.simple;
      r.get(
        `/api/teams/:teamId/${spec.simplePath}`,
        {
          ...guarded,
          schema: {
            tags: ['items'],
            summary: `Ids and titles of the team's ${spec.segment}`,
            description: 'Newest first; empty is a success. Spec §3 "Simple lists".',
            security: [{ bearerAuth: [] }],
            params: teamParamsSchema,
            response: { 200: simpleListResponseSchema, 401: AUTH_ERRORS, 404: NO_TEAM },
          },
        },
        async (request, reply) => ok(reply, code, await simpleList(db, spec, request.teamScope)),
      );
    }

    /**
     * `GET /api/teams/{teamId}/goal-name`, `/issue-name`, `/externals/external-name` — the name the next item of
     * the kind would get (spec §7 "Detail"; api-contract.md "Items"): 200 `GOAL200_4` | `ISSUE200_4` |
     * `EXTERNAL200_4`, result the bare string `<workspaceName>-g|i|e<n>`. Takes nothing: a concurrent create may
     * get it first. 401; 404 `TEAM404_0`.
     */
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

  /**
   * `GET /api/teams/{teamId}/externals/links` — integration flags of the external create dialog (spec §3, §7
   * "Lists"; contract/integrations.ts): 200 `EXTERNAL200_5` `{ linkedWithGithub: the team has a GitHub App
   * installation, linkedWithSlack: its workspace has a Slack link }`. 401; 404 `TEAM404_0`.
   */
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
