import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, workspaceProfileResponseSchema } from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { member, team, workspace } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';

export interface WorkspaceRoutesOptions {
  config: AppConfig;
  db: Db;
}

/** `<PUBLIC_URL>/<slug>` (api-contract.md "Workspace, invite, join"). */
export function workspaceUrl(config: AppConfig, slug: string): string {
  return `${config.publicUrl}/${slug}`;
}

/** `<workspaceUrl>/invite?token=<token>`. */
export function inviteUrl(config: AppConfig, slug: string, token: string): string {
  return `${workspaceUrl(config, slug)}/invite?token=${encodeURIComponent(token)}`;
}

/** Workspace routes; issue #2 only needs the profile the loading screen reads. */
export async function workspaceRoutes(
  app: FastifyInstance,
  { config, db }: WorkspaceRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * `GET /api/workspace/setting` — the caller's workspace profile (spec §2 "Loading logic", §3, §7 "Workspace
   * settings"). Bearer access token required.
   * 200 `WORKSPACE200_0` `{ workspaceId, workspaceName, workspaceUrl (<PUBLIC_URL>/<slug>), workspaceImageUrl
   * (nullable), defaultTeamId (the workspace's default team), inviteUrl (<workspaceUrl>/invite?token=…),
   * invitePassword }`.
   * 404 `WORKSPACE404_0` while the member has no workspace (the loading screen then routes to onboarding).
   * 401 `COMMON401` no bearer, `JWT401_0` expired, `JWT401_1` invalid / member gone, `JWT401_2` malformed.
   */
  r.get(
    '/api/workspace/setting',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['workspace'],
        summary: "The caller's workspace profile",
        description:
          'Bearer token required. 200 the profile; 404 `WORKSPACE404_0` before the member created or joined a ' +
          'workspace (the client routes to onboarding). Spec §2 loading logic, §7 workspace settings.',
        security: [{ bearerAuth: [] }],
        response: {
          200: workspaceProfileResponseSchema,
          401: errorEnvelopeSchema.describe('`COMMON401` | `JWT401_0` | `JWT401_1` | `JWT401_2`'),
          404: errorEnvelopeSchema.describe('`WORKSPACE404_0`: no workspace yet'),
        },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({
          id: workspace.id,
          name: workspace.name,
          slug: workspace.slug,
          imageUrl: workspace.imageUrl,
          inviteToken: workspace.inviteToken,
          invitePassword: workspace.invitePassword,
        })
        .from(member)
        .innerJoin(workspace, eq(member.workspaceId, workspace.id))
        .where(eq(member.id, request.memberId))
        .limit(1);
      if (!row) throw new ApiError('WORKSPACE404_0');
      const [defaultTeam] = await db
        .select({ id: team.id })
        .from(team)
        .where(eq(team.workspaceId, row.id))
        .orderBy(desc(team.isDefault), asc(team.position), asc(team.id))
        .limit(1);
      // Creating a workspace always creates its default team in the same transaction (api-contract.md).
      if (!defaultTeam) throw new Error(`workspace ${row.id} has no team`);
      return ok(reply, 'WORKSPACE200_0', {
        workspaceId: row.id,
        workspaceName: row.name,
        workspaceUrl: workspaceUrl(config, row.slug),
        workspaceImageUrl: row.imageUrl,
        defaultTeamId: defaultTeam.id,
        inviteUrl: inviteUrl(config, row.slug, row.inviteToken),
        invitePassword: row.invitePassword,
      });
    },
  );
}
