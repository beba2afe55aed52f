import type { Webhooks } from '@octokit/webhooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '../../../contract';
import { ITEM_CONTENT_MAX_BYTES, ITEM_TITLE_MAX } from '../../../contract/itemEnums';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { githubDelivery, githubInstallation, item, team, workspace } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { findNulCharacter } from '../../http/input-guard';
import { countWebhookDelivery } from '../../metrics';
import { MAX_ID } from '../../../contract/ids';
import { plainTextToLexical } from '../../../contract/lexical';
import { KIND_BY_NAME } from '../items';
import { liveFields, publishItemChange } from '../items';
import { createItem } from '../items';
import { searchColumnsFor } from '../search';
import type { TeamScope } from '../../http/team-scope';
import { GITHUB_LINK_BACK_TEXT, type Integrations } from '../integrations';

/**
 * GitHub → Momentum webhooks (docs/product.md "Integrations"): `X-Hub-Signature-256` is verified on the raw body,
 * duplicate deliveries are ignored, title, body and open/closed ↔ FINISH are kept in step, and an issue we opened
 * ourselves never becomes a second external. Bad payloads get a 4xx, never a 500.
 */

export interface GithubWebhookOptions {
  db: Db;
  integrations: Integrations;
}

/** Deliveries remembered for de-duplication (GitHub offers redelivery for a few days). */
export const DELIVERY_RETENTION_DAYS = 7;
/** Issue payloads are small; GitHub caps any delivery at 25 MB. Larger bodies get 413 `COMMON413`. */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;
/**
 * Requests per minute per IP for the webhook: above the app-wide limit, since GitHub delivers from a few addresses
 * and does not retry a refused delivery by itself.
 */
const WEBHOOK_RATE_LIMIT = 5000;
/** `X-GitHub-Delivery`: a GUID. */
const DELIVERY_ID = /^[A-Za-z0-9-]{1,100}$/;
/** `X-GitHub-Event`: a lower-case event name. */
const EVENT_NAME = /^[a-z_]{1,64}$/;

/** What a handled delivery did (the result of the 200 envelope; GitHub shows it in the App's delivery log). */
export type WebhookOutcome = 'created' | 'linked' | 'updated' | 'unchanged' | 'duplicate' | 'ignored';

const webhookResultSchema = z.object({
  outcome: z.enum(['created', 'linked', 'updated', 'unchanged', 'duplicate', 'ignored']),
  externalId: z.number().int().nullable(),
});
type WebhookResult = z.infer<typeof webhookResultSchema>;

const HANDLED_ACTIONS = new Set(['opened', 'edited', 'closed', 'reopened', 'deleted']);

/** The part of an `issues` payload we read (GitHub sends much more; unknown keys are ignored). */
const issuesPayloadSchema = z.object({
  action: z.string(),
  installation: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).nullish(),
  repository: z.object({
    name: z.string().min(1).max(100),
    owner: z.object({ login: z.string().min(1).max(39) }),
  }),
  issue: z.object({
    number: z.number().int().positive().max(MAX_ID),
    title: z.string(),
    body: z.string().nullish(),
    html_url: z.string().min(1).max(2000),
    /** Who opened the issue (`<slug>[bot]`, type `Bot`, for issues our App opened with its installation token). */
    user: z.object({ login: z.string().max(100), type: z.string().max(40).nullish() }).nullish(),
    /** Set by GitHub on issues a GitHub App opened: that App's id. */
    performed_via_github_app: z.object({ id: z.number().int() }).nullish(),
  }),
  changes: z
    .object({
      title: z.object({ from: z.string().nullish() }).nullish(),
      body: z.object({ from: z.string().nullish() }).nullish(),
    })
    .nullish(),
});
type IssuesPayload = z.infer<typeof issuesPayloadSchema>;

/** The issue title as an item title: trimmed, at most `ITEM_TITLE_MAX` code points (never half a pair). */
export function itemTitleFromIssue(title: string, number: number): string {
  const cut = Array.from(title.trim()).slice(0, ITEM_TITLE_MAX).join('').trim();
  return cut === '' ? `#${number}`.slice(0, ITEM_TITLE_MAX) : cut;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Links back to externals in an issue body: the detail URLs `syncExternal` appends
 * (`${PUBLIC_URL}/workspace/{default/team|team}/{teamId}/ext/{externalId}`), in order of appearance.
 */
export function linkBackTargets(
  config: AppConfig,
  body: string,
): Array<{ teamId: number; externalId: number }> {
  const pattern = new RegExp(
    `${escapeRegExp(config.publicUrl)}/workspace/(?:default/team|team)/(\\d{1,10})/ext/(\\d{1,10})(?!\\d)`,
    'g',
  );
  const found: Array<{ teamId: number; externalId: number }> = [];
  for (const match of body.matchAll(pattern)) {
    const teamId = Number(match[1]);
    const externalId = Number(match[2]);
    if (teamId <= MAX_ID && externalId <= MAX_ID) found.push({ teamId, externalId });
    if (found.length >= 20) break;
  }
  return found;
}

/**
 * An issue body as an item description: our own link-back footer (`githubIssueBody`: `\n\n---\n` and the
 * "Momentum에서 생성된 외부 이슈입니다: <link>" line) is dropped, the rest becomes Lexical paragraphs ('' if empty).
 */
export function contentFromIssueBody(config: AppConfig, body: string | null | undefined): string {
  const footer = new RegExp(
    `(?:^|\\r?\\n\\r?\\n---\\r?\\n)${escapeRegExp(GITHUB_LINK_BACK_TEXT)}${escapeRegExp(config.publicUrl)}` +
      `/workspace/\\S*\\s*$`,
  );
  const text = (body ?? '').replace(footer, '');
  return plainTextToLexical(text, ITEM_CONTENT_MAX_BYTES);
}

/**
 * Whether GitHub says the issue was opened by OUR GitHub App (with an installation token, as `syncExternal` does):
 * `performed_via_github_app.id` is `GITHUB_APP_ID`, or the author is the App's bot user `<GITHUB_APP_SLUG>[bot]`.
 * The delivery is signed, so these fields come from GitHub, not from whoever wrote the issue. Only such issues may
 * be linked to an external through the link-back URL in their body (issue #23, docs/security.md "GitHub
 * installations"): anyone who can open issues in a linked repository can paste an external's URL.
 */
export function openedByOurApp(
  github: Pick<AppConfig['github'], 'appId' | 'slug'>,
  issue: Pick<IssuesPayload['issue'], 'user' | 'performed_via_github_app'>,
): boolean {
  const appId = github.appId === undefined ? NaN : Number(github.appId);
  if (issue.performed_via_github_app && issue.performed_via_github_app.id === appId) return true;
  const user = issue.user;
  return (
    user !== null &&
    user !== undefined &&
    user.type === 'Bot' &&
    user.login.toLowerCase() === `${github.slug}[bot]`.toLowerCase()
  );
}

/** PostgreSQL `unique_violation` (also when wrapped by Drizzle as the error's `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

interface LinkedTeam extends TeamScope {
  createdAt: Date;
}

type ItemRow = typeof item.$inferSelect;

/**
 * Applies one `issues` delivery inside `tx` (the transaction that also recorded its delivery id). The teams are
 * those linked to the payload's installation (one, usually). The item of the issue is the GITHUB external of one of
 * them with the same owner/repo (case-insensitive) and number — or, when none has the number yet and our App opened
 * the issue (`openedByOurApp`), the external its body links back to (our own issue, whose webhook may beat our
 * create response): that item is then given the number and url. An issue someone else opened with an external's
 * URL in its body is never linked to that external (it becomes a new external of its own).
 * - `opened`: the item exists → nothing (never a second item); linked by the marker → `linked`; otherwise a new
 *   GITHUB external in the team (state and priority NONE, no author, managers or goal), the title cut to 20, the
 *   body as paragraphs → `created`.
 * - `edited`: title (when `changes.title`) and description (when `changes.body`) follow, if they differ.
 * - `closed` → FINISH; `reopened` → TODO if it was FINISH. `deleted` → the item is kept (logged).
 * Every change bumps `updated_at`; the columns changed are added to `changed` (for the live event). Never calls
 * GitHub.
 */
async function applyIssueEvent(
  tx: Db,
  config: AppConfig,
  teams: LinkedTeam[],
  payload: IssuesPayload,
  installationId: number,
  log: FastifyBaseLogger,
  changed: Set<string>,
): Promise<WebhookResult> {
  const owner = payload.repository.owner.login;
  const repo = payload.repository.name;
  const { number } = payload.issue;
  const teamIds = teams.map((t) => t.teamId);
  const sameRepository = and(
    eq(item.kind, 'external'),
    eq(item.extServiceType, 'GITHUB'),
    sql`lower(${item.githubOwner}) = lower(${owner})`,
    sql`lower(${item.githubRepo}) = lower(${repo})`,
  );

  let row: ItemRow | undefined;
  [row] = await tx
    .select()
    .from(item)
    .where(and(inArray(item.teamId, teamIds), sameRepository, eq(item.githubNumber, number)))
    .orderBy(item.id)
    .limit(1)
    .for('update');
  const alreadyKnown = row !== undefined;

  if (!row && openedByOurApp(config.github, payload.issue)) {
    // Our own issue whose number we have not stored yet: the external its body links back to. Only for issues our
    // App opened — a person pasting an external's URL into their own issue must not take that external over
    // (e.g. one whose GitHub issue was never created), then rename or close it from GitHub.
    for (const target of linkBackTargets(config, payload.issue.body ?? '')) {
      if (!teamIds.includes(target.teamId)) continue;
      const [candidate] = await tx
        .select()
        .from(item)
        .where(and(eq(item.id, target.externalId), eq(item.teamId, target.teamId), sameRepository))
        .for('update');
      if (candidate && (candidate.githubNumber === null || candidate.githubNumber === number)) {
        row = candidate;
        break;
      }
    }
  }

  const now = new Date();
  const update = async (values: Partial<typeof item.$inferInsert>): Promise<WebhookResult> => {
    for (const key of Object.keys(values)) changed.add(key);
    await tx
      .update(item)
      .set({ ...values, ...searchColumnsFor(values), updatedAt: now })
      .where(eq(item.id, row!.id));
    return { outcome: 'updated', externalId: row!.id };
  };

  if (row && !alreadyKnown) {
    // Store the issue on the item first (whatever the action), so later deliveries find it by number.
    await tx
      .update(item)
      .set({ githubNumber: number, githubUrl: payload.issue.html_url, updatedAt: now })
      .where(eq(item.id, row.id));
    row = { ...row, githubNumber: number, githubUrl: payload.issue.html_url };
    if (payload.action === 'opened') {
      log.info({ externalId: row.id, owner, repo, number }, 'GitHub issue linked to its external');
      return { outcome: 'linked', externalId: row.id };
    }
  }

  switch (payload.action) {
    case 'opened': {
      if (row) return { outcome: 'unchanged', externalId: row.id };
      const scope = await chooseTeam(tx, teams, owner, repo);
      const externalId = await createItem(tx, KIND_BY_NAME.external, scope, null, {
        title: itemTitleFromIssue(payload.issue.title, number),
        content: contentFromIssueBody(config, payload.issue.body),
        state: 'NONE',
        priority: 'NONE',
        managersId: [],
        deadline: { start: null, end: null },
        goalId: null,
        issuesId: [],
        extServiceType: 'GITHUB',
        github: { owner, repo, installationId },
        githubIssue: { number, url: payload.issue.html_url },
      });
      log.info({ externalId, teamId: scope.teamId, owner, repo, number }, 'external created from GitHub');
      return { outcome: 'created', externalId };
    }
    case 'edited': {
      if (!row) return { outcome: 'ignored', externalId: null };
      const changes = payload.changes ?? null;
      const values: Partial<typeof item.$inferInsert> = {};
      if (!changes || changes.title) {
        const title = itemTitleFromIssue(payload.issue.title, number);
        if (title !== row.title) values.title = title;
      }
      if (!changes || changes.body) {
        const content = contentFromIssueBody(config, payload.issue.body);
        if (content !== row.content) values.content = content;
      }
      if (Object.keys(values).length === 0) return { outcome: 'unchanged', externalId: row.id };
      return update(values);
    }
    case 'closed':
      if (!row) return { outcome: 'ignored', externalId: null };
      if (row.state === 'FINISH') return { outcome: 'unchanged', externalId: row.id };
      return update({ state: 'FINISH' });
    case 'reopened':
      if (!row) return { outcome: 'ignored', externalId: null };
      if (row.state !== 'FINISH') return { outcome: 'unchanged', externalId: row.id };
      return update({ state: 'TODO' });
    default:
      // `deleted`: the item stays (its history and comments are ours); the issue link simply goes dead.
      if (row) log.info({ externalId: row.id, owner, repo, number }, 'GitHub issue deleted; external kept');
      return { outcome: 'ignored', externalId: row?.id ?? null };
  }
}

/**
 * The team a new external goes to when several teams share the installation: the most recently linked one that
 * already has externals in this repository, else the most recently linked one.
 */
async function chooseTeam(tx: Db, teams: LinkedTeam[], owner: string, repo: string): Promise<TeamScope> {
  let chosen = teams[0]!;
  if (teams.length > 1) {
    const used = await tx
      .selectDistinct({ teamId: item.teamId })
      .from(item)
      .where(
        and(
          inArray(
            item.teamId,
            teams.map((t) => t.teamId),
          ),
          eq(item.kind, 'external'),
          sql`lower(${item.githubOwner}) = lower(${owner})`,
          sql`lower(${item.githubRepo}) = lower(${repo})`,
        ),
      );
    const usedIds = new Set(used.map((u) => u.teamId));
    chosen = teams.find((t) => usedIds.has(t.teamId)) ?? chosen;
  }
  return { teamId: chosen.teamId, workspaceId: chosen.workspaceId, workspaceName: chosen.workspaceName };
}

/** Teams linked to GitHub App installation `installationId`, most recently linked first. */
async function teamsOfInstallation(db: Db, installationId: number): Promise<LinkedTeam[]> {
  return db
    .select({
      teamId: githubInstallation.teamId,
      workspaceId: team.workspaceId,
      workspaceName: workspace.name,
      createdAt: githubInstallation.createdAt,
    })
    .from(githubInstallation)
    .innerJoin(team, eq(team.id, githubInstallation.teamId))
    .innerJoin(workspace, eq(workspace.id, team.workspaceId))
    .where(eq(githubInstallation.installationId, installationId))
    .orderBy(desc(githubInstallation.createdAt), desc(githubInstallation.id));
}

/** Forgets deliveries older than `DELIVERY_RETENTION_DAYS` (after each applied delivery; failures only logged). */
async function pruneDeliveries(db: Db, log: FastifyBaseLogger): Promise<void> {
  try {
    const cutoff = new Date(Date.now() - DELIVERY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    await db.delete(githubDelivery).where(lt(githubDelivery.receivedAt, cutoff));
  } catch (error) {
    log.warn({ err: error }, 'pruning GitHub deliveries failed');
  }
}

const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The GitHub App's webhook (docs/product.md "Integrations"). Its own plugin so that its JSON parser keeps the raw
 * bytes the signature covers; nothing is read from a delivery before the signature is checked.
 */
export async function githubWebhookRoutes(
  app: FastifyInstance,
  { db, integrations }: GithubWebhookOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = integrations;
  const secret = config.github.webhookSecret;
  // @octokit/webhooks loads with the first delivery, not at start-up (docs/performance.md "Embedded database and speed").
  let webhooks: Promise<Webhooks> | null = null;
  const verifier = () =>
    (webhooks ??= import('@octokit/webhooks').then(({ Webhooks }) => new Webhooks({ secret: secret! })));

  // This plugin's JSON: the raw bytes (the signature covers them exactly); parsed in the handler once verified.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    countWebhookDelivery(request.headers['x-github-event'], reply.statusCode, payload);
    return payload;
  });

  r.post(
    '/api/github/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { rateLimit: { max: Math.max(WEBHOOK_RATE_LIMIT, config.rateLimitMax), timeWindow: 60_000 } },
      schema: {
        tags: ['integrations'],
        summary: 'GitHub App webhook (GitHub → Momentum)',
        description:
          'Called by GitHub, signed with `X-Hub-Signature-256` (`GITHUB_WEBHOOK_SECRET`); needs ' +
          '`X-GitHub-Event` and `X-GitHub-Delivery`. `issues` opened/edited/closed/reopened keep the linked ' +
          'GITHUB external in step (title, description, FINISH); an issue we opened is never imported twice; a ' +
          'repeated delivery id is ignored. Result `{ outcome, externalId }`. Checked in order: secret configured ' +
          '(503; nothing unsigned is ever accepted), signature (401, HMAC-SHA256 of the raw body, constant time), ' +
          'headers and JSON object body (400); `ping` is 200 `GITHUB200_3`; other events and actions, and ' +
          'installations linked to no team, are `ignored`; an `issues` payload without the fields read is 400; ' +
          'then one transaction records the delivery id (seen before: `duplicate`, nothing done) and applies the ' +
          'event. Deliveries older than 7 days are then pruned. Subscribe the App to "Issues", content type ' +
          '`application/json`.',
        response: {
          200: envelopeSchema(webhookResultSchema).describe(
            '`GITHUB200_3` applied | `GITHUB200_4` ignored (duplicate delivery, unknown installation, other event)',
          ),
          400: errorEnvelopeSchema.describe('`WEBHOOK400_0`: headers missing or payload malformed'),
          401: errorEnvelopeSchema.describe('`WEBHOOK401_0`: signature missing or wrong'),
          413: errorEnvelopeSchema.describe('`COMMON413`: body over 4 MB'),
          415: errorEnvelopeSchema.describe('`COMMON415`: not application/json'),
          503: errorEnvelopeSchema.describe('`GITHUB503_0`: GITHUB_WEBHOOK_SECRET not configured'),
        },
      },
    },
    async (request, reply) => {
      if (!secret) throw new ApiError('GITHUB503_0');
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const signature = header(request.headers['x-hub-signature-256']);
      let verified = false;
      if (raw !== '' && signature) {
        const hooks = await verifier();
        try {
          verified = await hooks.verify(raw, signature);
        } catch {
          verified = false;
        }
      }
      if (!verified) {
        request.log.warn({ delivery: request.headers['x-github-delivery'] }, 'GitHub webhook: bad signature');
        throw new ApiError('WEBHOOK401_0');
      }

      const event = header(request.headers['x-github-event']);
      const deliveryId = header(request.headers['x-github-delivery']);
      if (!event || !EVENT_NAME.test(event) || !deliveryId || !DELIVERY_ID.test(deliveryId)) {
        throw new ApiError('WEBHOOK400_0');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new ApiError('WEBHOOK400_0');
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new ApiError('WEBHOOK400_0');
      }
      // PostgreSQL `text` cannot hold U+0000 (docs/security.md "Input"): a signed delivery carrying one (e.g. in
      // an issue body) is refused as malformed, never a 500 from the database. The app-wide NUL guard does not see
      // this plugin's raw body, hence the check here, after the signature.
      const nulAt = findNulCharacter(parsed, 'body');
      if (nulAt !== null) {
        request.log.warn({ delivery: deliveryId, field: nulAt }, 'GitHub webhook: NUL character refused');
        throw new ApiError('WEBHOOK400_0');
      }
      const log = request.log.child({ githubEvent: event, delivery: deliveryId });
      const ignored = (why: string) => {
        log.info({ why }, 'GitHub webhook ignored');
        return ok(reply, 'GITHUB200_4', { outcome: 'ignored' as const, externalId: null });
      };

      if (event === 'ping')
        return ok(reply, 'GITHUB200_3', { outcome: 'unchanged' as const, externalId: null });
      if (event !== 'issues') return ignored('event not used');
      const action = (parsed as { action?: unknown }).action;
      if (typeof action !== 'string') throw new ApiError('WEBHOOK400_0');
      if (!HANDLED_ACTIONS.has(action)) return ignored(`action ${action.slice(0, 40)} not used`);
      const payload = issuesPayloadSchema.safeParse(parsed);
      if (!payload.success) {
        log.warn({ issues: payload.error.issues.slice(0, 5) }, 'GitHub webhook: malformed issues payload');
        throw new ApiError('WEBHOOK400_0');
      }
      const installationId = payload.data.installation?.id;
      if (installationId === undefined) return ignored('no installation');
      const teams = await teamsOfInstallation(db, installationId);
      if (teams.length === 0) return ignored(`installation ${installationId} is linked to no team`);

      let result: WebhookResult;
      const changed = new Set<string>();
      try {
        result = await db.transaction(async (tx) => {
          const recorded = await tx
            .insert(githubDelivery)
            .values({ deliveryId })
            .onConflictDoNothing()
            .returning({ deliveryId: githubDelivery.deliveryId });
          if (recorded.length === 0) return { outcome: 'duplicate' as const, externalId: null };
          return applyIssueEvent(tx, config, teams, payload.data, installationId, log, changed);
        });
      } catch (error) {
        // Another delivery of the same issue won the race (item_team_github_issue_unique): already imported.
        if (!isUniqueViolation(error)) throw error;
        log.info('GitHub webhook: the issue was imported concurrently');
        result = { outcome: 'duplicate', externalId: null };
      }
      if (result.outcome === 'duplicate') {
        log.info('GitHub webhook: duplicate delivery ignored');
        return ok(reply, 'GITHUB200_4', result);
      }
      await pruneDeliveries(db, log);
      if (result.outcome === 'ignored') {
        log.info({ externalId: result.externalId }, 'GitHub webhook: no linked external to change');
        return ok(reply, 'GITHUB200_4', result);
      }
      log.info({ outcome: result.outcome, externalId: result.externalId }, 'GitHub webhook applied');
      // Live update (docs/live-updates.md): after the commit, no actor (GitHub); a failure is only logged.
      if (result.externalId !== null && result.outcome === 'created') {
        await publishItemChange(db, log, { type: 'item.created' }, result.externalId, null);
      } else if (result.externalId !== null && result.outcome === 'updated') {
        const fields = liveFields(changed);
        if (fields.length > 0) {
          await publishItemChange(db, log, { type: 'item.updated', fields }, result.externalId, null);
        }
      }
      return ok(reply, 'GITHUB200_3', result);
    },
  );
}
