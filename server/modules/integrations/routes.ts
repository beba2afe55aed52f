import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Code,
  connectUrlResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  githubConnectQuerySchema,
  githubInstallationResponseSchema,
  githubRepositoriesResponseSchema,
  idParamSchema,
  INTEGRATIONS_SETUP_PATH,
  integrationAvailabilityResponseSchema,
  slackConnectQuerySchema,
} from '../../../contract';
import type { Db } from '../../db';
import { team } from '../../db/schema';
import { requireAdmin } from '../../http/roles';
import { AUTH_ERRORS } from '../../http/route-errors';
import { ApiError, ok } from '../../http/envelope';
import { callerWorkspaceId, resolveTeamScope, teamScopeHook } from '../../http/team-scope';
import { noStoreByDefault } from '../../http/no-store';
import { GithubCallError } from './github';
import { type Integrations, slackRedirectUri } from './integrations';
import { SlackCallError } from './slack';
import {
  bindConnectToBrowser,
  clearConnectCookie,
  sameBrowser,
  stillConnectingAdmin,
  useStateOnce,
} from './connect-binding';
import { type StatePurpose, type VerifiedState, signState, verifyState } from './state';
import {
  findGithubInstallation,
  linkGithubInstallation,
  unlinkGithubInstallation,
  unlinkSlack,
  upsertSlackLink,
} from './store';

export interface IntegrationRoutesOptions {
  db: Db;
  integrations: Integrations;
}

/** Client pages the callbacks return to (src/app/router.tsx `github/complete`, `slack/complete`). */
export const GITHUB_COMPLETE_PATH = '/workspace/github/complete';
export const SLACK_COMPLETE_PATH = '/workspace/slack/complete';

/** `${path}?teamId=<id>&error=<CODE>` (each part only when known). Relative: same origin as the callback. */
export function completeLocation(path: string, teamId: number | null, error?: Code): string {
  const query = new URLSearchParams();
  if (teamId !== null) query.set('teamId', String(teamId));
  if (error) query.set('error', error);
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** GitHub's installation ids: positive integers (bigint column; JavaScript-safe). */
const INSTALLATION_ID = /^[1-9][0-9]{0,15}$/;
/** Slack and GitHub OAuth authorization codes are short opaque strings. */
const OAUTH_CODE = /^[A-Za-z0-9._-]{1,512}$/;

/** A query value as a browser sends it: a repeated parameter counts as its first value. */
const queryValue = (description: string) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional()).describe(description);

const teamParamsSchema = z.object({ teamId: idParamSchema });

const redirectResponse = (description: string) => z.null().describe(description);

/** Why a callback failed: the code shown by the complete page, and the team to return to when known. */
class CallbackFailure extends Error {
  constructor(
    readonly code: Code,
    readonly teamId: number | null,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
    this.name = 'CallbackFailure';
  }

  /** A failed GitHub / Slack call as a callback failure: `code`, the call's message as reason, the error as cause. */
  static ofCall(code: Code, teamId: number | null, error: unknown): CallbackFailure {
    return new CallbackFailure(code, teamId, (error as Error).message, { cause: error });
  }
}

/**
 * GitHub and Slack integrations without webhooks (docs/product.md "Integrations"). The connect routes hand the
 * client an install/authorize URL carrying a signed `state` (state.ts); the provider returns the browser to a
 * callback that verifies it, stores the link (store.ts) and 302s to the client's complete page — errors included
 * (`&error=<CODE>`), never an error page. `/slack/*` has no `/api` prefix (the paths the client and the Slack app
 * use); it is a reserved prefix of the SPA fallback (server/spa.ts), so unknown paths there get the envelope.
 */
export async function integrationRoutes(
  app: FastifyInstance,
  { db, integrations }: IntegrationRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, keys } = integrations;
  const guarded = { onRequest: app.requireMember, preValidation: teamScopeHook(db) };

  noStoreByDefault(app);

  /** A team's name (for audit details); '' when it is gone. */
  const teamNameOf = async (teamId: number): Promise<string> => {
    const [row] = await db.select({ name: team.name }).from(team).where(eq(team.id, teamId));
    return row?.name ?? '';
  };

  /** Logs a callback failure (a provider outage as a warning with the cause) and redirects to the complete page. */
  const fail = (reply: FastifyReply, log: FastifyBaseLogger, path: string, failure: unknown) => {
    if (failure instanceof CallbackFailure) {
      log.warn(
        { code: failure.code, reason: failure.message, err: failure.cause },
        'integration callback failed',
      );
      return reply.redirect(completeLocation(path, failure.teamId, failure.code), 302);
    }
    log.error({ err: failure }, 'integration callback failed unexpectedly');
    const code: Code = path === GITHUB_COMPLETE_PATH ? 'GITHUB502_0' : 'SLACK502_0';
    return reply.redirect(completeLocation(path, null, code), 302);
  };

  /**
   * The checks every callback makes after the state's signature (issue #23, docs/security.md "Binding to the
   * browser and the member"), in this order: the browser carries the connect cookie whose nonce the state names;
   * the state was not used before (then it is used up); its member is still an admin of its workspace. Any failure
   * → `refused` (`GITHUB403_0` / `SLACK403_0`), nothing linked.
   */
  const checkBinding = async (
    request: FastifyRequest,
    state: VerifiedState,
    refused: Code,
  ): Promise<void> => {
    // No `teamId` on the complete page: the browser may belong to someone else entirely (a forwarded link), who
    // must neither learn the state's team nor be sent back to it; "돌아가기" then goes to their own default team.
    if (!sameBrowser(request, state)) {
      throw new CallbackFailure(refused, null, 'connect cookie missing or of another connect');
    }
    if (!(await useStateOnce(db, state))) throw new CallbackFailure(refused, null, 'state already used');
    if (!(await stillConnectingAdmin(db, state))) {
      throw new CallbackFailure(refused, null, 'member of the state is no longer an admin of its workspace');
    }
  };

  /** The callback's answer ends the round trip: its connect cookie is expired, success or not. */
  const endRoundTrip = (reply: FastifyReply, purpose: StatePurpose) =>
    clearConnectCookie(reply, config, purpose);

  r.get(
    '/api/github/connect',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['integrations'],
        summary: 'GitHub App install URL for a team',
        description:
          "Result: the URL of the App's install page with a signed `state` (HS256, 10 minutes, member, team, " +
          'workspace, single use). Sets the HttpOnly SameSite=Lax cookie `momentum_connect_github` (10 minutes, ' +
          'path `/api/github/installation/callback`) with a random nonce the state carries the hash of: only ' +
          'this browser can complete the install (docs/security.md "GitHub installations"). Send the browser ' +
          'there; GitHub returns it to `/api/github/installation/callback`. Workspace admins only (403 ' +
          '`ROLE403_0`). 503 `GITHUB503_0` when the server has no GitHub App configured.',
        security: [{ bearerAuth: [] }],
        querystring: githubConnectQuerySchema,
        response: {
          200: connectUrlResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: teamId missing or malformed'),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`ROLE403_0`: the caller is not a workspace admin'),
          404: errorEnvelopeSchema.describe("`TEAM404_0`: no team with that id in the caller's workspace"),
          503: errorEnvelopeSchema.describe('`GITHUB503_0`: GitHub App not configured'),
        },
      },
    },
    async (request, reply) => {
      const scope = await resolveTeamScope(db, request.memberId, request.query.teamId);
      await requireAdmin(db, request.memberId);
      if (!integrations.github) throw new ApiError('GITHUB503_0');
      const state = await signState(keys.stateKey, {
        purpose: 'github',
        memberId: request.memberId,
        teamId: scope.teamId,
        workspaceId: scope.workspaceId,
        browser: bindConnectToBrowser(reply, config, 'github'),
      });
      const url = new URL(
        `${config.github.webUrl}/apps/${encodeURIComponent(config.github.slug)}/installations/new`,
      );
      url.searchParams.set('state', state);
      return ok(reply, 'GITHUB200_0', url.toString());
    },
  );

  // The installation is bound to the person who installed it (docs/security.md "GitHub installations"): a valid
  // state alone must never attach an installation id someone merely knows, and every "not yours" failure gets one
  // identical answer and log shape, so the response never tells whether an installation id exists.
  r.get(
    '/api/github/installation/callback',
    {
      schema: {
        tags: ['integrations'],
        summary: 'GitHub App setup redirect (GitHub → Momentum)',
        description:
          'Browser navigation from GitHub (the App requests user authorization during installation, so GitHub ' +
          "adds the installer's OAuth `code`; the installation must be accessible to that user). Links the team " +
          '(replacing its earlier link); teams of one workspace may share an installation. 302 ' +
          '`/workspace/github/complete?teamId=<id>` (no `teamId` when the state does not tell it), or with ' +
          '`&error=` `GITHUB400_1` (bad, expired or foreign state; missing, used or refused `code`; unknown or ' +
          'foreign installation; `setup_action=request` awaiting approval) | `GITHUB403_0` (not the browser ' +
          'that started the connect — no or another `momentum_connect_github` cookie —, the state used ' +
          'before, or its member no longer an admin of the workspace; no `teamId`) | `GITHUB409_0` (linked to another ' +
          'workspace; nothing changed) | `GITHUB502_0` (GitHub failing) | `GITHUB503_0` (not configured).',
        querystring: z.object({
          code: queryValue("The installing user's OAuth code (one-time)"),
          installation_id: queryValue('The new installation'),
          setup_action: queryValue('`install` | `update` | `request`'),
          state: queryValue('The signed state of `/api/github/connect`'),
        }),
        response: { 302: redirectResponse("To the client's GitHub complete page") },
      },
    },
    async (request, reply) => {
      const { code, installation_id: rawInstallation, setup_action: setupAction, state } = request.query;
      endRoundTrip(reply, 'github');
      try {
        const check = await verifyState(keys.stateKey, state, 'github');
        if (!check.ok) throw new CallbackFailure('GITHUB400_1', check.teamId, 'bad or expired state');
        const { memberId } = check.state;
        const teamId = check.state.teamId!;
        await checkBinding(request, check.state, 'GITHUB403_0');
        if (!rawInstallation || !INSTALLATION_ID.test(rawInstallation)) {
          throw new CallbackFailure(
            'GITHUB400_1',
            teamId,
            `no installation_id (setup_action=${setupAction})`,
          );
        }
        const installationId = Number(rawInstallation);
        let workspaceId: number;
        let teamName: string;
        try {
          ({ workspaceId } = await resolveTeamScope(db, memberId, teamId));
          teamName = await teamNameOf(teamId);
        } catch (error) {
          if (error instanceof ApiError)
            throw new CallbackFailure('GITHUB400_1', teamId, `team: ${error.code}`);
          throw error;
        }
        if (!integrations.github)
          throw new CallbackFailure('GITHUB503_0', teamId, 'GitHub App not configured');
        const github = integrations.github;
        if (!code || !OAUTH_CODE.test(code)) {
          throw new CallbackFailure('GITHUB400_1', teamId, 'no or malformed code (user authorization off?)');
        }
        /** A GitHub call: refused or 404 → GITHUB400_1 (the same answer for every "not yours"), else GITHUB502_0. */
        const ask = async <T>(run: () => Promise<T>): Promise<T> => {
          try {
            return await run();
          } catch (error) {
            const refused = error instanceof GithubCallError && error.refused;
            throw CallbackFailure.ofCall(refused ? 'GITHUB400_1' : 'GITHUB502_0', teamId, error);
          }
        };
        const userToken = await ask(() => github.exchangeUserCode(code));
        if (!(await ask(() => github.userCanAccessInstallation(userToken, installationId)))) {
          throw new CallbackFailure(
            'GITHUB400_1',
            teamId,
            `installation ${installationId} not accessible to the authorizing user`,
          );
        }
        const account = await ask(() => github.installationAccount(installationId));
        const outcome = await linkGithubInstallation(
          db,
          { teamId, workspaceId, installationId, account },
          { actorId: memberId, ip: request.ip, details: { teamId, teamName, account, installationId } },
        );
        if (outcome === 'conflict') {
          throw new CallbackFailure(
            'GITHUB409_0',
            teamId,
            `installation ${installationId} is linked to a team of another workspace`,
          );
        }
        request.log.info({ teamId, installationId, account, memberId }, 'GitHub App linked');
        return reply.redirect(completeLocation(GITHUB_COMPLETE_PATH, teamId), 302);
      } catch (failure) {
        return fail(reply, request.log, GITHUB_COMPLETE_PATH, failure);
      }
    },
  );

  r.get(
    '/api/teams/:teamId/integrations',
    {
      ...guarded,
      schema: {
        tags: ['integrations'],
        summary: 'Which integrations this server offers',
        description:
          '`{ githubConfigured, slackConfigured, setupUrl }`: whether the server has a GitHub App ' +
          '(`GITHUB_APP_ID` and its private key) and a Slack app (`SLACK_CLIENT_ID` / `SLACK_CLIENT_SECRET`) ' +
          'configured — without them the connect routes answer 503 — and the path of the setup guide ' +
          `(\`${INTEGRATIONS_SETUP_PATH}\`). The client shows an unconfigured tool as "서버 관리자 설정 필요" ` +
          "with that link instead of offering it. Any member of the team may ask; another workspace's team → " +
          '404 `TEAM404_0`.',
        security: [{ bearerAuth: [] }],
        params: teamParamsSchema,
        response: {
          200: integrationAvailabilityResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: teamId malformed'),
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe("`TEAM404_0`: no team with that id in the caller's workspace"),
        },
      },
    },
    async (_request, reply) =>
      ok(reply, 'COMMON200', {
        githubConfigured: integrations.github !== null,
        slackConfigured: integrations.slack !== null && Boolean(config.slack.clientId),
        setupUrl: INTEGRATIONS_SETUP_PATH,
      }),
  );

  r.get(
    '/api/teams/:teamId/github/installation',
    {
      ...guarded,
      schema: {
        tags: ['integrations'],
        summary: "The team's GitHub App installation",
        description: '`{ teamId, installationId, account }`; 404 `GITHUB404_0` when the team is not linked.',
        security: [{ bearerAuth: [] }],
        params: teamParamsSchema,
        response: {
          200: githubInstallationResponseSchema,
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `GITHUB404_0` not linked'),
        },
      },
    },
    async (request, reply) => {
      const found = await findGithubInstallation(db, request.teamScope.teamId);
      if (!found) throw new ApiError('GITHUB404_0');
      return ok(reply, 'GITHUB200_1', found);
    },
  );

  r.get(
    '/api/teams/:teamId/github/repositories',
    {
      ...guarded,
      schema: {
        tags: ['integrations'],
        summary: "Repositories the team's GitHub installation can access",
        description:
          "GitHub's first page (≤ 30) of the installation's repositories; may be empty. 404 `GITHUB404_0` not " +
          'linked; 502 `GITHUB502_0` GitHub unreachable, timed out (10 s) or refusing.',
        security: [{ bearerAuth: [] }],
        params: teamParamsSchema,
        response: {
          200: githubRepositoriesResponseSchema,
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `GITHUB404_0` not linked'),
          502: errorEnvelopeSchema.describe('`GITHUB502_0`: GitHub unreachable or refusing'),
          503: errorEnvelopeSchema.describe('`GITHUB503_0`: GitHub App not configured'),
        },
      },
    },
    async (request, reply) => {
      const found = await findGithubInstallation(db, request.teamScope.teamId);
      if (!found) throw new ApiError('GITHUB404_0');
      if (!integrations.github) throw new ApiError('GITHUB503_0');
      try {
        return ok(reply, 'GITHUB200_2', await integrations.github.listRepositories(found.installationId));
      } catch (error) {
        request.log.warn({ err: error, installationId: found.installationId }, 'GitHub repositories failed');
        throw new ApiError('GITHUB502_0');
      }
    },
  );

  r.delete(
    '/api/teams/:teamId/github/installation',
    {
      ...guarded,
      schema: {
        tags: ['integrations'],
        summary: "Disconnect the team's GitHub App installation",
        description:
          'Removes the team\'s GitHub link (issue #23, docs/security.md "Roles": workspace admins only, 403 ' +
          '`ROLE403_0`); its GITHUB externals stay with their issue links, and webhooks of the installation no ' +
          'longer reach the team. Writes `integration.disconnected` to the audit log in the same transaction. ' +
          'Result null. 404 `GITHUB404_0` when the team is not linked. The App stays installed on GitHub ' +
          '(uninstall it there).',
        security: [{ bearerAuth: [] }],
        params: teamParamsSchema,
        response: {
          200: envelopeSchema(z.null()),
          400: errorEnvelopeSchema.describe('`VALID400_1`: teamId malformed'),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`ROLE403_0`: the caller is not a workspace admin'),
          404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `GITHUB404_0` not linked'),
        },
      },
    },
    async (request, reply) => {
      await requireAdmin(db, request.memberId);
      const { teamId, workspaceId } = request.teamScope;
      const removed = await unlinkGithubInstallation(
        db,
        { teamId, workspaceId },
        {
          actorId: request.memberId,
          ip: request.ip,
          details: { teamId, teamName: await teamNameOf(teamId) },
        },
      );
      if (!removed) throw new ApiError('GITHUB404_0');
      request.log.info({ teamId, installationId: removed.installationId }, 'GitHub App unlinked');
      return ok(reply, 'GITHUB200_5', null);
    },
  );

  r.get(
    '/slack/connect',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['integrations'],
        summary: "Slack authorize URL for the caller's workspace",
        description:
          "Result: Slack's OAuth v2 authorize URL for the caller's workspace with a signed `state` (10 " +
          'minutes, single use); Slack returns the browser to `/slack/callback`. Sets the HttpOnly SameSite=Lax ' +
          'cookie `momentum_connect_slack` (10 minutes, path `/slack/callback`) whose nonce the state carries ' +
          'the hash of: only this browser can complete it. `teamId` (optional, default the default team) is ' +
          'where the complete page returns. Workspace admins only (403 `ROLE403_0`). 503 `SLACK503_0` when the ' +
          'server has no Slack app configured.',
        security: [{ bearerAuth: [] }],
        querystring: slackConnectQuerySchema,
        response: {
          200: connectUrlResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: teamId malformed'),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`ROLE403_0`: the caller is not a workspace admin'),
          404: errorEnvelopeSchema.describe('`WORKSPACE404_0` no workspace yet | `TEAM404_0` no such team'),
          503: errorEnvelopeSchema.describe('`SLACK503_0`: Slack app not configured'),
        },
      },
    },
    async (request, reply) => {
      const { teamId } = request.query;
      const workspaceId =
        teamId === undefined
          ? await callerWorkspaceId(db, request.memberId)
          : (await resolveTeamScope(db, request.memberId, teamId)).workspaceId;
      await requireAdmin(db, request.memberId);
      if (!integrations.slack || !config.slack.clientId) throw new ApiError('SLACK503_0');
      const state = await signState(keys.stateKey, {
        purpose: 'slack',
        memberId: request.memberId,
        teamId: teamId ?? null,
        workspaceId,
        browser: bindConnectToBrowser(reply, config, 'slack'),
      });
      const url = new URL(config.slack.authorizeUrl);
      url.searchParams.set('client_id', config.slack.clientId);
      url.searchParams.set('scope', config.slack.scopes);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', slackRedirectUri(config));
      return ok(reply, 'SLACK200_0', url.toString());
    },
  );

  r.delete(
    '/slack/link',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['integrations'],
        summary: "Disconnect the caller's workspace from Slack",
        description:
          "Removes the workspace's Slack link and its sealed bot token (issue #23, docs/security.md " +
          '"Roles": workspace admins only, 403 `ROLE403_0`); SLACK externals stay with their message links. ' +
          'Writes `integration.disconnected` to the audit log in the same transaction. Result null. 404 ' +
          '`SLACK404_0` when the workspace is not linked, `WORKSPACE404_0` without a workspace.',
        security: [{ bearerAuth: [] }],
        response: {
          200: envelopeSchema(z.null()),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`ROLE403_0`: the caller is not a workspace admin'),
          404: errorEnvelopeSchema.describe('`WORKSPACE404_0` no workspace | `SLACK404_0` not linked'),
        },
      },
    },
    async (request, reply) => {
      const { workspaceId } = await requireAdmin(db, request.memberId);
      const removed = await unlinkSlack(db, workspaceId, {
        actorId: request.memberId,
        ip: request.ip,
        details: {},
      });
      if (!removed) throw new ApiError('SLACK404_0');
      request.log.info({ workspaceId }, 'Slack unlinked');
      return ok(reply, 'SLACK200_1', null);
    },
  );

  /** The workspace's default team (where the Slack complete page returns when the state names no team). */
  const defaultTeamOf = async (workspaceId: number): Promise<number | null> => {
    const [row] = await db
      .select({ id: team.id })
      .from(team)
      .where(and(eq(team.workspaceId, workspaceId), eq(team.isDefault, true)))
      .orderBy(asc(team.id))
      .limit(1);
    return row?.id ?? null;
  };

  r.get(
    '/slack/callback',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Slack OAuth redirect URI (Slack → Momentum)',
        description:
          'Browser navigation from Slack. Stores the bot token (encrypted) and the channel the installer chose, ' +
          "replacing the workspace's earlier link. 302 `/workspace/slack/complete?teamId=<id>`, or with " +
          '`&error=` `SLACK400_0` (bad or expired state, cancelled, code refused) | `SLACK403_0` (not the ' +
          'browser that started the connect, the state used before, or its member no longer an admin of the ' +
          'workspace) | `SLACK502_0` (Slack ' +
          'unreachable) | `SLACK503_0` (not configured).',
        querystring: z.object({
          code: queryValue('Authorization code'),
          state: queryValue('The signed state of `/slack/connect`'),
          error: queryValue('Set by Slack when the installer cancelled'),
        }),
        response: { 302: redirectResponse("To the client's Slack complete page") },
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      endRoundTrip(reply, 'slack');
      try {
        const check = await verifyState(keys.stateKey, state, 'slack');
        if (!check.ok) throw new CallbackFailure('SLACK400_0', check.teamId, 'bad or expired state');
        const { memberId } = check.state;
        const workspaceId = check.state.workspaceId!;
        const teamId = check.state.teamId ?? (await defaultTeamOf(workspaceId));
        await checkBinding(request, check.state, 'SLACK403_0');
        if (error)
          throw new CallbackFailure('SLACK400_0', teamId, `Slack answered error=${error.slice(0, 100)}`);
        if (!code || !OAUTH_CODE.test(code))
          throw new CallbackFailure('SLACK400_0', teamId, 'no or malformed code');
        let current: number | null;
        try {
          current = await callerWorkspaceId(db, memberId);
        } catch {
          current = null;
        }
        if (current !== workspaceId) {
          throw new CallbackFailure('SLACK400_0', teamId, 'member left the workspace of the state');
        }
        if (!integrations.slack) throw new CallbackFailure('SLACK503_0', teamId, 'Slack app not configured');
        let install;
        try {
          install = await integrations.slack.exchangeCode(code, slackRedirectUri(config));
        } catch (failure) {
          const platform = failure instanceof SlackCallError && failure.platform;
          throw CallbackFailure.ofCall(platform ? 'SLACK400_0' : 'SLACK502_0', teamId, failure);
        }
        await upsertSlackLink(
          db,
          keys.tokenKey,
          {
            workspaceId,
            slackTeamId: install.teamId,
            botToken: install.botToken,
            channelId: install.channelId,
            channelName: install.channelName,
          },
          {
            actorId: memberId,
            ip: request.ip,
            details: {
              teamId,
              teamName: teamId === null ? null : await teamNameOf(teamId),
              slackTeamId: install.teamId,
              slackTeamName: install.teamName,
              channelName: install.channelName,
            },
          },
        );
        request.log.info(
          { workspaceId, slackTeamId: install.teamId, channelId: install.channelId, memberId },
          'Slack linked',
        );
        return reply.redirect(completeLocation(SLACK_COMPLETE_PATH, teamId), 302);
      } catch (failure) {
        return fail(reply, request.log, SLACK_COMPLETE_PATH, failure);
      }
    },
  );
}
